import { useLocaleState, useTranslate } from 'react-admin';
import { draftDetails, type TDraftNameParts } from '@app/domain/environmental/nca/report-name';
import { formatDate } from '../../i18n/format';

/**
 * A report's name for people: its code, or for a draft (no code until it is opened) the day it was
 * created with its lot, agency and the start of its description, so that drafts are told apart in
 * lists and a signer knows what they sign.
 */
export function useReportName(): (code: string | null | undefined, draft?: TDraftNameParts | null, options?: { short?: boolean }) => string {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (code, draft, options) => {
    if (code) return code;
    if (!draft) return translate('nca.draft');
    const title = translate('nca.draftOf', { date: formatDate(draft.createdOn, locale) });
    // Short: where the row shows the lot, agency and description in columns of their own.
    const details = options?.short ? '' : draftDetails(draft);
    return details ? `${title} – ${details}` : title;
  };
}
