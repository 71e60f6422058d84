import { SIGN_REQUEST_ACTIONS, type TNcaReportAction, type TSignPhase } from '@app/domain/environmental/nca/index';
import { msg, type TMessageRef } from '../../../i18n/translate.ts';
import type { TDraftNameParts } from '@app/domain/environmental/nca/report-name';
import type { TNcaAudience } from './nca-notifications.ts';
import { draftName } from './report-names.ts';

const PHASE_NUMBER: Record<TSignPhase, number> = { first: 1, second: 2, third: 3 };

/** "fase 1" / "phase 1", in the reader's language. */
export const phaseName = (phase: TSignPhase): TMessageRef => msg('common.phase', { phase: PHASE_NUMBER[phase] });

/** The report's code, or while it has none "in bozza" / "draft", named by what tells it apart when known (report-names.ts). */
export const reportCode = (code: string | null, draft?: TDraftNameParts | null): string | TMessageRef => code ?? (draft ? draftName(draft) : msg('common.draftCode'));

/** The report's code, or a draft's day only ("in bozza del 02/11/2026"): for a mail's subject. */
export const shortReportCode = (code: string | null, draft?: TDraftNameParts | null): string | TMessageRef =>
  code ?? (draft ? msg('nca.draftNameBare', { date: draft.createdOn }) : msg('common.draftCode'));

/** "NCA 2025-001" / "NCA in bozza del 02/11/2026 – Lotto 3 · Edil Rossi · ...". */
export const ncaName = (code: string | null, draft?: TDraftNameParts | null): TMessageRef => msg('nca.name', { code: reportCode(code, draft) });

/** Who hears of a step: the signers of the round just asked, the assignees of the report's actions, or groups of its audience. */
export type TReportNoticeRecipients = 'signers' | 'assignees' | readonly TNcaAudience[];

/** One notification of a step: to whom, its title and body (messages written in each recipient's language), and whether an e-mail copy goes too. */
export type TReportNotice = { to: TReportNoticeRecipients; title: TMessageRef; body: TMessageRef; email: boolean };

/**
 * What each step of the report tells whom. `code` is the report's code (null while a draft),
 * `reason` the reason of a return or the explanation of a rejected signature.
 */
export function reportNotices(action: TNcaReportAction, code: string | null, reason: string | null | undefined, draft?: TDraftNameParts | null): TReportNotice[] {
  const nca = ncaName(code, draft);
  const notice = (
    to: TReportNoticeRecipients,
    text: 'signRequested' | 'opened' | 'toValidate' | 'returned' | 'actionsToRun' | 'running' | 'closed' | 'signRejected',
    email: boolean,
    params: Record<string, string | TMessageRef> = {},
  ): TReportNotice => ({
    to,
    title: msg(`nca.report.${text}.title`, { nca, ...params }),
    body: msg(`nca.report.${text}.body`, { nca, ...params }),
    email,
  });
  switch (action) {
    case 'requestPhase1Signs':
    case 'requestPhase2Signs':
    case 'requestClosingSigns':
      return [notice('signers', 'signRequested', true, { phase: phaseName(SIGN_REQUEST_ACTIONS[action]) })];
    case 'forceOpen':
    case 'phase1Complete':
      return [notice(['targetAgency', 'observers'], 'opened', true)];
    case 'submitForValidation':
      return [notice(['consortium', 'author'], 'toValidate', false)];
    case 'returnToAgency':
      return [notice(['targetAgency'], 'returned', true, { reason: reason ?? '' })];
    case 'phase2Complete':
    case 'forcePhase3':
      return [notice('assignees', 'actionsToRun', true), notice(['observers'], 'running', false)];
    case 'phase3Complete':
    case 'forceClose':
      return [notice(['targetAgency', 'observers', 'author'], 'closed', true)];
    case 'phase1Rejected':
    case 'phase2Rejected':
    case 'phase3Rejected':
      return [notice(['consortium', 'author'], 'signRejected', true, { reason: reason ?? '' })];
    default:
      return [];
  }
}
