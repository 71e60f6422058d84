import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { RdpPanel } from './RdpPanel';
import { SalSummary } from './SalSummary';
import type { TRdp } from './rdpRecord';

/** Phase 3: the report completed, and its SAL once confirmed. */
export function Phase3({ record }: { record: TRdp }) {
  const translate = useTranslate();
  return (
    <RdpPanel>
      <Typography sx={{ mb: 1 }}>{translate(record.status === 'completed' ? 'environmental.rdps.phase3.completed' : 'environmental.rdps.phase3.notYet')}</Typography>
      <SalSummary record={record} />
    </RdpPanel>
  );
}
