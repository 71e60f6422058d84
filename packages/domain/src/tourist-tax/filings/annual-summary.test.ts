import { describe, expect, it } from 'vitest';
import { annualQuarterRows } from './annual-summary.ts';

describe('annualQuarterRows', () => {
  it('sums presences and tax per quarter of check-out', () => {
    const base = { nightsNumber: 2, taxableNights: 2, componentsNumber: 2, payingGuests: 2, reducedGuests: 0, exemptGuests: 0 };
    const rows = annualQuarterRows(2025, [
      { ...base, checkOut: '2025-03-31', toPayAmountCents: 800, paymentStatus: 'paid' },
      { ...base, checkOut: '2025-04-01', toPayAmountCents: 800, paymentStatus: 'not_paid' },
      // 3 guests, 1 exempt, 1 reduced, 4 nights capped at 3: paying 1x3, reduced 1x3, exempt 1x4, beyond the cap 2x1
      { checkOut: '2025-12-31', nightsNumber: 4, taxableNights: 3, componentsNumber: 3, payingGuests: 2, reducedGuests: 1, exemptGuests: 1, toPayAmountCents: 900, paymentStatus: 'paid' },
      { ...base, checkOut: '2026-01-01', toPayAmountCents: 800, paymentStatus: 'paid' },
    ]);
    expect(rows).toEqual([
      { quarter: 1, label: 'Trim 1', payingPresences: 4, exemptPresences: 0, reducedPresences: 0, beyondCapPresences: 0, taxAppliedCents: 800, taxCollectedCents: 800 },
      { quarter: 2, label: 'Trim 2', payingPresences: 4, exemptPresences: 0, reducedPresences: 0, beyondCapPresences: 0, taxAppliedCents: 800, taxCollectedCents: 0 },
      { quarter: 3, label: 'Trim 3', payingPresences: 0, exemptPresences: 0, reducedPresences: 0, beyondCapPresences: 0, taxAppliedCents: 0, taxCollectedCents: 0 },
      { quarter: 4, label: 'Trim 4', payingPresences: 3, exemptPresences: 4, reducedPresences: 3, beyondCapPresences: 2, taxAppliedCents: 900, taxCollectedCents: 900 },
    ]);
  });
});
