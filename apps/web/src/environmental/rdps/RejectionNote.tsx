import { Alert } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDateTime } from '../../i18n/format';
import type { TRdp } from './rdpRecord';

/** Why the consortium last turned back the draft or the signed report, on the phase that was turned back. */
export function RejectionNote({ record, step }: { record: TRdp; step: 'draft' | 'signed' }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!record.lastRejection || record.lastRejection.step !== step) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="rdp-rejection">
      {translate('environmental.rdps.lastRejection', { date: formatDateTime(record.lastRejection.at, locale), reason: record.lastRejection.reason })}
    </Alert>
  );
}
