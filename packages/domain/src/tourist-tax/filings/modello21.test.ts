import { describe, expect, it } from 'vitest';
import { describeMonthPayments, mergePrefill, modello21Carico, modello21Totals, monthsOfPeriod, prefillModello21, reconcileModello21, splitByWeights } from './modello21.ts';

describe('splitByWeights', () => {
  it('splits by largest remainder and keeps the sum', () => {
    expect(splitByWeights(1000, [1, 1, 1])).toEqual([334, 333, 333]);
    expect(splitByWeights(1000, [600, 0, 400])).toEqual([600, 0, 400]);
    expect(splitByWeights(101, [1, 2])).toEqual([34, 67]); // 33.67 -> 34, 67.33 -> 67
    expect(splitByWeights(500, [0, 0, 0])).toEqual([0, 0, 500]);
  });
});

describe('monthsOfPeriod', () => {
  it('lists the months of the year covered by a period', () => {
    expect(monthsOfPeriod(2025, '2025-04-01', '2025-06-30')).toEqual([4, 5, 6]);
    expect(monthsOfPeriod(2025, '2024-12-01', '2025-01-31')).toEqual([1]);
  });
});

describe('prefillModello21', () => {
  // Q1 2025: January 30.00 (2 receipts), February 0, March 10.00; Q1 paid 40.00 on 2025-04-20.
  // April 12.00, Q2 paid 10.00 only.
  const stays = [
    { checkOut: '2025-01-10', toPayAmountCents: 1000 },
    { checkOut: '2025-01-31', toPayAmountCents: 2000 },
    { checkOut: '2025-03-15', toPayAmountCents: 1000 },
    { checkOut: '2025-04-02', toPayAmountCents: 1200 },
    { checkOut: '2024-12-31', toPayAmountCents: 9999 }, // another year: ignored
  ];
  const payments = [
    { declarationId: 'q1', dateFrom: '2025-01-01', dateTo: '2025-03-31', paymentDate: '2025-04-20', trn: 'TRN-Q1', amountCents: 4000 },
    { declarationId: 'q2', dateFrom: '2025-04-01', dateTo: '2025-06-30', paymentDate: '2025-07-10', trn: null, amountCents: 1000 },
  ];
  const prefill = prefillModello21(2025, stays, payments);

  it('collects per month of check-out and spreads each payment by what each month collected', () => {
    expect(prefill.slice(0, 4).map((m) => [m.receiptsCount, m.collectedCents, m.paidCents])).toEqual([
      [2, 3000, 3000],
      [0, 0, 0],
      [1, 1000, 1000],
      [1, 1200, 1000], // Q2's 10.00 all on April, the only month with receipts
    ]);
    expect(prefill[0].payments).toEqual([{ declarationId: 'q1', paymentDate: '2025-04-20', trn: 'TRN-Q1', amountCents: 3000, treasuryReference: null, receiptNumber: null }]);
    expect(prefill[1].payments).toEqual([]);
    // Receipts numbered through the year in check-out order, "dal n. al n." per month.
    expect(prefill.slice(0, 4).map((m) => (m.receipts ? [m.receipts.from, m.receipts.to] : null))).toEqual([[1, 2], null, [3, 3], [4, 4]]);
    expect(modello21Totals(prefill)).toEqual({ collectedCents: 5200, paidCents: 5000, dueCents: 200, receiptsCount: 4 });
  });

  it('reconciliation: April differs without a note and its payment has no TRN', () => {
    const months = mergePrefill(null, prefill);
    expect(months[0]).toMatchObject({ number: 1, name: 'Gennaio', collectedCents: 3000, paidCents: 3000, trn: 'TRN-Q1', paymentDate: '2025-04-20', corrected: false });
    const base = { year: 2025, months, signatureDate: '2026-01-20', ownerTaxCode: 'RCCMNL83S18D969H', ownerName: 'Manuela' };
    const { issues } = reconcileModello21(base, '2026-01-25');
    expect(issues).toEqual([
      { path: 'months.3.note', month: 4, message: 'collected and paid differ: explain the difference' },
      { path: 'months.3.trn', month: 4, message: 'every payment needs its TRN/CRO' },
    ]);
    const fixed = months.map((m) => (m.number === 4 ? { ...m, note: '2.00 EUR paid late in January', trn: 'CRO123' } : m));
    expect(reconcileModello21({ ...base, months: fixed }, '2026-01-25')).toEqual({ issues: [], warnings: [] });
  });

  it('carico and scarico: the opening balance (last quarter of the year before, paid in January) charges and discharges the agent', () => {
    // opening 15.00; collected 52.00, paid 50.00 -> carico 67.00, scarico 65.00, 2.00 carried to the next year
    expect(modello21Carico(1500, prefill)).toEqual({ openingBalanceCents: 1500, caricoCents: 6700, scaricoCents: 6500, closingBalanceCents: 200 });
  });

  it('describes every payment of a month with its own date and treasury references', () => {
    const payments = [
      { declarationId: 'q', paymentDate: '2025-07-10', trn: 'TRN-A', amountCents: 100 },
      { declarationId: 'q', paymentDate: '2025-07-20', trn: 'TRN-B', amountCents: 200, treasuryReference: 'REV-7', receiptNumber: 'Q-9' },
    ];
    expect(describeMonthPayments(payments, (d) => d.split('-').reverse().join('/'))).toBe('TRN-A del 10/07/2025; TRN-B del 20/07/2025 (rev./ord. REV-7, quiet. Q-9)');
  });

  it('checks the signature date and warns after the deadline', () => {
    const months = mergePrefill(null, prefillModello21(2025, [], []));
    const base = { year: 2025, months, ownerTaxCode: 'X', ownerName: 'Y' };
    expect(reconcileModello21({ ...base, signatureDate: null }, '2026-01-10').issues.map((i) => i.path)).toEqual(['signatureDate']);
    expect(reconcileModello21({ ...base, signatureDate: '2025-12-31' }, '2026-01-10').issues.map((i) => i.path)).toEqual(['signatureDate']);
    expect(reconcileModello21({ ...base, signatureDate: '2026-01-11' }, '2026-01-10').issues.map((i) => i.path)).toEqual(['signatureDate']);
    expect(reconcileModello21({ ...base, signatureDate: '2026-02-02' }, '2026-02-03')).toEqual({
      issues: [],
      warnings: [{ path: 'signatureDate', message: 'signed after the deadline (2026-01-30)' }],
    });
  });

  it('a refresh keeps corrected months and notes', () => {
    const months = mergePrefill(null, prefill);
    months[3] = { ...months[3], collectedCents: 1000, corrected: true, note: 'one receipt cancelled' };
    months[0] = { ...months[0], note: 'ok' };
    const again = mergePrefill(months, prefill);
    expect(again[3]).toMatchObject({ collectedCents: 1000, corrected: true, note: 'one receipt cancelled', prefill: { collectedCents: 1200 } });
    expect(again[0]).toMatchObject({ collectedCents: 3000, note: 'ok', corrected: false });
  });
});
