import { Chip, Tooltip } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import type { TReport } from './reportRecord';

/** "Recurrence of NCA-…": the report recurs an earlier one of the same type on the same agency within 12 months (a link to it). */
export function RecurrenceChip({ record, link = true }: { record: Pick<TReport, 'recurrenceOf'>; link?: boolean }) {
  const translate = useTranslate();
  const earlier = record.recurrenceOf;
  if (!earlier) return null;
  const label = translate('nca.capa.recurrence.chip', { code: earlier.code ?? translate('nca.capa.recurrence.draft') });
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
