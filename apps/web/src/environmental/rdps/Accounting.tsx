import { Alert, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatEuros } from '../../components/format';
import { RdpPanel } from './RdpPanel';
import { RdpWorkflow } from './RdpWorkflow';
import { SalSummary } from './SalSummary';
import type { TRdp } from './rdpRecord';

/** The report's price (live until the SAL freezes it) and the SAL confirmation. */
export function Accounting({ record }: { record: TRdp }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <RdpPanel>
      <Typography variant="h6" data-testid="rdp-price">
        {translate('environmental.rdps.accounting.price')}: {record.totalPrice === null ? '—' : formatEuros(record.totalPrice, locale)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(record.salConfirmedAt ? 'environmental.rdps.accounting.frozen' : 'environmental.rdps.accounting.live')}
      </Typography>
      {record.unpricedPackageIds.length ? (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {translate('environmental.rdps.accounting.unpriced', { smart_count: record.unpricedPackageIds.length })}
        </Alert>
      ) : null}
      <SalSummary record={record} />
      {record.status !== 'completed' ? <Typography color="text.secondary">{translate('environmental.rdps.accounting.notCompleted')}</Typography> : null}
      <RdpWorkflow record={record} only={['confirmAccounting']} />
    </RdpPanel>
  );
}
