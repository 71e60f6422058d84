import { Alert, Stack } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDate } from '../../i18n/format';
import { EffectivenessPanel } from './EffectivenessPanel';
import { PhaseSignatures } from './PhaseSignatures';
import { ReportActions } from './ReportActions';
import type { TReport } from './reportRecord';

/** Phase 3: the actions carried out, the closing, the effectiveness check and the phase's signatures. */
export function Phase3Tab({ record }: { record: TReport }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Stack spacing={2}>
      {record.status === 'closed' ? <Alert severity="success">{translate('nca.closedOn', { date: formatDate(record.closingDate, locale) })}</Alert> : null}
      {record.status === 'waiting_operations' ? <Alert severity="info">{translate('nca.phase3Hint')}</Alert> : null}
      {record.status === 'closed' ? <EffectivenessPanel record={record} /> : null}
      <ReportActions record={record} />
      <PhaseSignatures record={record} phase="third" />
    </Stack>
  );
}
