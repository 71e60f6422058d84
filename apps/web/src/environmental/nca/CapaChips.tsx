import { Chip, Tooltip } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate, type TranslateFunction } from 'react-admin';
import type { TReport } from './reportRecord';

/** "Recurrence of NCA-…", or, while the earlier report is a draft (no code yet), a sentence saying so. */
export function recurrenceLabel(translate: TranslateFunction, earlier: NonNullable<TReport['recurrenceOf']>): string {
  return earlier.code ? translate('nca.capa.recurrence.chip', { code: earlier.code }) : translate('nca.capa.recurrence.chipOfDraft');
}

/** "Recurrence of NCA-…": the report recurs an earlier one of the same type on the same agency within 12 months (a link to it). */
export function RecurrenceChip({ record, link = true }: { record: Pick<TReport, 'recurrenceOf'>; link?: boolean }) {
  const translate = useTranslate();
  const earlier = record.recurrenceOf;
  if (!earlier) return null;
  const label = recurrenceLabel(translate, earlier);
  return (
    <Tooltip title={translate('nca.capa.recurrence.tooltip')}>
      {link ? (
        <Chip size="small" color="warning" variant="outlined" label={label} component={RouterLink} to={`/nca-reports/${earlier._id}`} clickable data-testid="nca-recurrence" />
      ) : (
        <Chip size="small" color="warning" variant="outlined" label={label} data-testid="nca-recurrence" />
      )}
    </Tooltip>
  );
}
