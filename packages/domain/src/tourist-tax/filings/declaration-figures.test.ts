import { describe, expect, it } from 'vitest';
import { checkManualFigures, computeDeclarationFigures, computeFiguresFromTotals, stayFigureTotals, stayPresences, type TFigureTotals, type TStayForFigures } from './declaration-figures.ts';

// Hand-computed stays of one quarter (tariff 2.00 EUR per guest per night, cap 4 nights, 50% reduction).
const paidCouple: TStayForFigures = {
  id: 'a',
  checkOut: '2025-02-04',
  nightsNumber: 3,
  taxableNights: 3,
  componentsNumber: 2,
  payingGuests: 2,
  reducedGuests: 0,
  exemptGuests: 0,
  tariffImportCents: 1200,
  reductionImportCents: 0,
  toPayAmountCents: 1200,
  paymentStatus: 'paid',
  noPaymentReason: null,
  guestName: 'Rossi Mario',
};
// 3 guests, 1 exempt child, 1 reduced; 5 nights, capped at 4: tariff 2 x 4 x 200 = 1600, reduction 4 x 100 = 400.
const refusedFamily: TStayForFigures = {
  id: 'b',
  checkOut: '2025-03-10',
  nightsNumber: 5,
  taxableNights: 4,
  componentsNumber: 3,
  payingGuests: 2,
  reducedGuests: 1,
  exemptGuests: 1,
  tariffImportCents: 1600,
  reductionImportCents: 400,
  toPayAmountCents: 1200,
  paymentStatus: 'not_paid',
  noPaymentReason: 'refused to pay',
  guestName: 'Bianchi Anna',
};
const single: TStayForFigures = {
  id: 'c',
  checkOut: '2025-03-31',
  nightsNumber: 2,
  taxableNights: 2,
  componentsNumber: 1,
  payingGuests: 1,
  reducedGuests: 0,
  exemptGuests: 0,
  tariffImportCents: 400,
  reductionImportCents: 0,
  toPayAmountCents: 400,
  paymentStatus: 'paid',
  noPaymentReason: null,
};

describe('stayPresences', () => {
  it('splits guest-nights into full, reduced, exempt and beyond the cap (counted apart)', () => {
    // full guests 2-1=1 x 4 taxable nights; reduced 1 x 4; exempt 1 x 5; 2 paying x 1 night beyond the cap
    expect(stayPresences(refusedFamily)).toEqual({ paying: 4, reduced: 4, exempt: 5, beyondCap: 2 });
    const p = stayPresences(refusedFamily);
    expect(p.paying + p.reduced + p.exempt + p.beyondCap).toBe(3 * 5);
  });

  it('takes the presences the engine stored: a school trip declares the 12 reduced guest-nights, not 4 pupils x 5 nights', () => {
    const schoolTrip = { nightsNumber: 5, taxableNights: 5, componentsNumber: 4, payingGuests: 4, reducedGuests: 4, exemptGuests: 0 };
    expect(stayPresences(schoolTrip).reduced).toBe(20); // a row without stored presences: the old count
    expect(stayPresences({ ...schoolTrip, payingPresences: 8, reducedPresences: 12, exemptPresences: 0, beyondCapPresences: 0 })).toEqual({ paying: 8, reduced: 12, exempt: 0, beyondCap: 0 });
  });
});

describe('computeDeclarationFigures', () => {
  it('sums the stays of the period, splitting paid and unpaid tax', () => {
    const f = computeDeclarationFigures([paidCouple, refusedFamily, single]);
    expect(f).toEqual({
      numberOfStays: 3,
      guestsNumber: 6,
      nightsNumber: 10,
      payingPresences: 6 + 4 + 2,
      reducedPresences: 4,
      exemptPresences: 5,
      beyondCapPresences: 2,
      tariffCents: 3200,
      reductionCents: 400,
      totalAmountCents: 2800,
      toPayAmountCents: 1600,
      unpaidAmountCents: 1200,
      rejectedPayments: 1,
      rejectedDetails: [{ stayId: 'b', guest: 'Bianchi Anna', checkOut: '2025-03-10', amountCents: 1200, reason: 'refused to pay' }],
    });
  });

  it('declares a period without guests as all zeros', () => {
    const f = computeDeclarationFigures([]);
    expect(f.numberOfStays).toBe(0);
    expect(f.totalAmountCents).toBe(0);
    expect(f.rejectedDetails).toEqual([]);
  });

  it('does not share the rejected list between calls', () => {
    computeDeclarationFigures([refusedFamily]);
    expect(computeDeclarationFigures([paidCouple]).rejectedDetails).toEqual([]);
  });
});

describe('checkManualFigures', () => {
  const ok = { numberOfStays: 3, nightsNumber: 10, totalAmountCents: 2800, toPayAmountCents: 1600, unpaidAmountCents: 1200, rejectedPayments: 1, tariffCents: 3200, reductionCents: 400 };
  it('accepts totals that add up', () => {
    expect(checkManualFigures(ok, false)).toEqual([]);
  });
  it('refuses totals that do not add up', () => {
    expect(checkManualFigures({ ...ok, toPayAmountCents: 1500 }, false).map((i) => i.path)).toEqual(['totalAmount']);
    expect(checkManualFigures({ ...ok, reductionCents: 300 }, false).map((i) => i.path)).toEqual(['totalAmount']);
    expect(checkManualFigures({ ...ok, rejectedPayments: 0 }, false).map((i) => i.path)).toEqual(['unpaidAmount']);
    expect(checkManualFigures({ ...ok, nightsNumber: 2 }, false).map((i) => i.path)).toEqual(['nightsNumber']);
    expect(checkManualFigures({ ...ok, numberOfStays: -1 }, false).map((i) => i.path)).toEqual(['numberOfStays']);
  });
  it('a no-guests declaration has no stays and no tax', () => {
    expect(checkManualFigures(ok, true).map((i) => i.path)).toEqual(['noGuests']);
    expect(checkManualFigures({ numberOfStays: 0, nightsNumber: 0, totalAmountCents: 0, toPayAmountCents: 0, unpaidAmountCents: 0, rejectedPayments: 0 }, true)).toEqual([]);
  });
});

describe('computeFiguresFromTotals', () => {
  it('gives the figures of the stays (without the lines) from their totals, however they are grouped', () => {
    const all = [paidCouple, refusedFamily, single];
    const expected = { ...computeDeclarationFigures(all), rejectedDetails: [] };
    const perStay = all.map(stayFigureTotals);
    expect(computeFiguresFromTotals(perStay)).toEqual(expected);
    // Summed per paid or not first, as the stored totals keep them.
    const sum = (rows: TFigureTotals[]): TFigureTotals =>
      rows.reduce((a, r) => ({
        notPaid: a.notPaid,
        stays: a.stays + r.stays,
        guestsNumber: a.guestsNumber + r.guestsNumber,
        nightsNumber: a.nightsNumber + r.nightsNumber,
        payingPresences: a.payingPresences + r.payingPresences,
        reducedPresences: a.reducedPresences + r.reducedPresences,
        exemptPresences: a.exemptPresences + r.exemptPresences,
        beyondCapPresences: a.beyondCapPresences + r.beyondCapPresences,
        tariffCents: a.tariffCents + r.tariffCents,
        reductionCents: a.reductionCents + r.reductionCents,
        amountCents: a.amountCents + r.amountCents,
      }));
    const grouped = [sum(perStay.filter((r) => !r.notPaid)), sum(perStay.filter((r) => r.notPaid))];
    expect(computeFiguresFromTotals(grouped)).toEqual(expected);
    expect(computeFiguresFromTotals([])).toEqual(computeDeclarationFigures([]));
  });
});
