import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { TRdpStatus } from '@app/domain/environmental/rdp/rdps';
import type { TRdp } from './rdpRecord';

/* The report's status, and whether any of its values is out of limits. */

const STATUS_COLOR: Record<TRdpStatus, 'default' | 'info' | 'warning' | 'success'> = { processing: 'default', approved: 'info', p7mUploaded: 'warning', completed: 'success' };

export function StatusChip({ status }: { status: TRdpStatus }) {
  const translate = useTranslate();
  return <Chip size="small" color={STATUS_COLOR[status]} label={translate(`environmental.rdps.status.${status}`)} data-testid="rdp-status" />;
}

export function LimitsChip({ record }: { record: Pick<TRdp, 'outOfLimits' | 'outOfLimitsCount'> }) {
  const translate = useTranslate();
  if (!record.outOfLimits) return null;
  return (
    <Chip
      size="small"
      color="error"
      label={translate('environmental.rdps.outOfLimits')}
      title={translate('environmental.rdps.outOfLimitsCount', { smart_count: record.outOfLimitsCount })}
      data-testid="rdp-out-of-limits"
    />
  );
}
