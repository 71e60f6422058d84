import { describe, expect, it } from 'vitest';
import { addDays } from './dates.ts';
import { computeStayTax } from './engine.ts';
import { computeDeclarationFigures, type TStayForFigures } from './filings/declaration-figures.ts';
import { computeIstatMovement, residenceOf, type TIstatStay } from './istat-movement.ts';

const STRUCTURE = { cityId: 'gaeta', structureTypeId: 'hotel', structureClassId: null, relevantAreaId: null };
const TARIFF = {
  id: 't',
  name: 'base',
  cityId: 'gaeta',
  structureTypeId: null,
  structureClassId: null,
  relevantAreaId: null,
  type: 'flat' as const,
  nightlyPriceCents: 200,
  percentageBasisPoints: 0,
  maxNights: 4,
  validFrom: '2020-01-01',
  validTo: null,
};
const REDUCTION = { ...TARIFF, id: 'r', name: 'school', reductionType: 'percentage' as const, amountCents: 0, percentageBasisPoints: 5000, maxNights: 2 };
const EXEMPTION = { id: 'e', name: 'under 12' };

function randomSequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** Stays of a month, priced by the engine, as a declaration loads them (id, checkOut, the engine's presences). */
function generatedStays(seed: number, month: string, count: number) {
  const random = randomSequence(seed);
  const stays: (TIstatStay & TStayForFigures)[] = [];
  for (let i = 0; i < count; i++) {
    const checkIn = addDays(`${month}-01`, Math.floor(random() * 20));
    const checkOut = addDays(checkIn, 1 + Math.floor(random() * 8));
    const componentsNumber = 1 + Math.floor(random() * 5);
    const exempt = Math.floor(random() * componentsNumber);
    const reduced = Math.floor(random() * (componentsNumber - exempt + 1));
    const tax = computeStayTax({
      checkIn,
      checkOut,
      componentsNumber,
      structure: STRUCTURE,
      tariffs: [TARIFF],
      reductions: [REDUCTION],
      exemptions: [EXEMPTION],
      appliedExemptions: exempt ? [{ exemptionId: 'e', count: exempt }] : [],
      appliedReductions: reduced ? [{ reductionId: 'r', count: reduced }] : [],
    });
    const residence = [{ country: 'Italia', province: 'LT' }, { country: 'Germania' }, { country: 'Italia', province: 'RM' }, {}][i % 4];
    stays.push({
      id: String(i),
      checkIn,
      checkOut,
      guest: residence,
      guests: componentsNumber > 2 ? [{ country: 'Francia' }] : [],
      ...tax,
      paymentStatus: 'paid',
      noPaymentReason: null,
      payingPresences: tax.presences.paying,
      reducedPresences: tax.presences.reduced,
      exemptPresences: tax.presences.exempt,
      beyondCapPresences: tax.presences.beyondCap,
    });
  }
  return stays;
}

const declaredPresences = (stays: TStayForFigures[]) => {
  const figures = computeDeclarationFigures(stays);
  return figures.payingPresences + figures.reducedPresences + figures.exemptPresences + figures.beyondCapPresences;
};

describe('ISTAT monthly movement (model C/59)', () => {
  it("counts arrivals, departures and the night's presences per day and residence", () => {
    const movement = computeIstatMovement('2026-02', [
      { checkIn: '2026-01-30', checkOut: '2026-02-02', componentsNumber: 2, guest: { country: 'Italia', province: 'lt' } },
      { checkIn: '2026-02-27', checkOut: '2026-03-03', componentsNumber: 3, guest: { country: 'Germania' }, guests: [{ country: 'Austria' }] },
      { checkIn: '2026-03-01', checkOut: '2026-03-02', componentsNumber: 1, guest: {} },
    ]);
    expect(movement.days).toHaveLength(28);
    expect(movement.days[0]).toEqual({ date: '2026-02-01', arrivals: 0, departures: 0, presences: 2 });
    expect(movement.days[1]).toEqual({ date: '2026-02-02', arrivals: 0, departures: 2, presences: 0 });
    expect(movement.days[26]).toEqual({ date: '2026-02-27', arrivals: 3, departures: 0, presences: 3 });
    expect(movement.residences.map((r) => [r.residence, r.arrivals, r.departures, r.presences])).toEqual([
      [{ kind: 'province', code: 'LT' }, 0, 2, 2],
      [{ kind: 'state', code: 'AUSTRIA' }, 1, 0, 2],
      // The guest the stay counts but does not record travels with the lead guest.
      [{ kind: 'state', code: 'GERMANIA' }, 2, 0, 4],
    ]);
    expect(movement.totals).toEqual({ arrivals: 3, departures: 2, presences: 8 });
  });

  it('reads the residence: a province for Italy, else the state, else unknown', () => {
    expect(residenceOf({ country: '100000100', province: 'RM' })).toEqual({ kind: 'province', code: 'RM' });
    expect(residenceOf({ province: 'na' })).toEqual({ kind: 'province', code: 'NA' });
    expect(residenceOf({ country: 'Italia' })).toEqual({ kind: 'unknown', code: '' });
    expect(residenceOf({ country: 'Francia', province: 'Paris' })).toEqual({ kind: 'state', code: 'FRANCIA' });
  });

  it.each([1, 2, 3])("a month's presences equal the presences the declarations count for the same nights (engine-priced stays, seed %i)", (seed) => {
    // Stays wholly inside March: every night in the month, every stay declared by its checkOut in March.
    const stays = generatedStays(seed, '2026-03', 60).filter((s) => s.checkOut <= '2026-03-31');
    const movement = computeIstatMovement('2026-03', stays);
    expect(movement.totals.presences).toBe(declaredPresences(stays));
    expect(movement.totals.arrivals).toBe(stays.reduce((sum, s) => sum + s.componentsNumber, 0));
    // Stays crossing the month's end: the nights of both months add up to what their declaration counts.
    const crossing = generatedStays(seed + 10, '2026-04', 40).map((s) => ({ ...s, checkIn: addDays(s.checkIn, 14), checkOut: addDays(s.checkOut, 14) }));
    const split = computeIstatMovement('2026-04', crossing).totals.presences + computeIstatMovement('2026-05', crossing).totals.presences;
    expect(split).toBe(declaredPresences(crossing));
  });
});
