import { FilingStatusChip, LateChip } from '../shared/filingParts';
import type { TModello21 } from './modello21Record';

/** The state, and "late" while a draft is past its deadline. */
export function Modello21StatusChips({ record }: { record: Pick<TModello21, 'status' | 'isLate'> }) {
  return (
    <>
      <FilingStatusChip status={record.status} testId="m21-status" />
      {record.isLate && record.status === 'draft' ? <LateChip label="filings.modello21.late" /> : null}
    </>
  );
}
