import { describe, expect, it } from 'vitest';
import { allocateCents, computeStayTax } from './engine.ts';
import { TaxRuleError, type TTaxRuleErrorCode } from './errors.ts';
import type { TReduction, TStayTaxInput, TTariff } from './types.ts';

const CITY = 'roma';
const HOTEL_4 = { cityId: CITY, structureTypeId: 'hotel', structureClassId: '4stelle', relevantAreaId: 'centro' };

function tariff(overrides: Partial<TTariff> & { id: string }): TTariff {
  return {
    name: overrides.id,
    cityId: CITY,
    structureTypeId: null,
    structureClassId: null,
    relevantAreaId: null,
    type: 'flat',
    nightlyPriceCents: 0,
    percentageBasisPoints: 0,
    maxNights: null,
    validFrom: '2020-01-01',
    validTo: null,
    ...overrides,
  };
}

function reduction(overrides: Partial<TReduction> & { id: string }): TReduction {
  return {
    name: overrides.id,
    cityId: CITY,
    structureTypeId: null,
    structureClassId: null,
    relevantAreaId: null,
    reductionType: 'flat',
    amountCents: 0,
    percentageBasisPoints: 0,
    maxNights: null,
    validFrom: '2020-01-01',
    validTo: null,
    ...overrides,
  };
}

function stay(overrides: Partial<TStayTaxInput>): TStayTaxInput {
  return {
    checkIn: '2026-03-10',
    checkOut: '2026-03-13',
    componentsNumber: 2,
    structure: HOTEL_4,
    tariffs: [tariff({ id: 'base', nightlyPriceCents: 250 })],
    reductions: [],
    exemptions: [],
    appliedReductions: [],
    appliedExemptions: [],
    ...overrides,
  };
}

function expectRuleError(fn: () => unknown, code: TTaxRuleErrorCode): TaxRuleError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(TaxRuleError);
    expect((error as TaxRuleError).code).toBe(code);
    return error as TaxRuleError;
  }
  throw new Error(`expected TaxRuleError ${code}, nothing was thrown`);
}

const SEASONS = [
  tariff({ id: 'low', name: 'Bassa stagione', nightlyPriceCents: 150, maxNights: 2, validTo: '2026-05-31' }),
  tariff({ id: 'high', name: 'Alta stagione', nightlyPriceCents: 300, validFrom: '2026-06-01', validTo: '2026-09-30' }),
];

describe('computeStayTax: flat tariffs', () => {
  it('prices a simple stay: 2 guests x 3 nights x 2.50 = 15.00', () => {
    const tax = computeStayTax(stay({}));
    expect(tax).toMatchObject({
      year: 2026,
      nightsNumber: 3,
      taxableNights: 3,
      payingGuests: 2,
      exemptGuests: 0,
      tariffImportCents: 1500,
      reductionImportCents: 0,
      toPayAmountCents: 1500,
      tariffIds: ['base'],
      reductionIds: [],
      exemptionIds: [],
    });
    expect(tax.nights.map((n) => [n.date, n.tariffId, n.nightlyPriceCents, n.taxable, n.tariffCents])).toEqual([
      ['2026-03-10', 'base', 250, true, 500],
      ['2026-03-11', 'base', 250, true, 500],
      ['2026-03-12', 'base', 250, true, 500],
    ]);
    expect(tax.categories).toEqual([
      {
        kind: 'full',
        id: null,
        name: 'Ospiti paganti',
        guests: 2,
        taxableGuestNights: 6,
        tariffCents: 1500,
        reductionCents: 0,
        toPayCents: 1500,
      },
    ]);
  });

  it('prices each night at the tariff valid that night (seasonal change inside the stay)', () => {
    // 30 May low (1.50), 31 May low (1.50), 1 June high (3.00); the low tariff caps at 2 nights but
    // the stay has 3, so use a stay starting on a high night to keep the cap out of this test.
    const tax = computeStayTax(
      stay({
        checkIn: '2026-05-31',
        checkOut: '2026-06-03',
        componentsNumber: 2,
        tariffs: [tariff({ id: 'low', nightlyPriceCents: 150, validTo: '2026-05-31' }), tariff({ id: 'high', nightlyPriceCents: 300, validFrom: '2026-06-01' })],
      }),
    );
    // 2 x (150 + 300 + 300) = 1500
    expect(tax.tariffImportCents).toBe(1500);
    expect(tax.tariffIds).toEqual(['low', 'high']);
    expect(tax.nights.map((n) => n.tariffCents)).toEqual([300, 600, 600]);
  });

  it('caps the taxable nights with maxNights of each night tariff', () => {
    // Low season (maxNights 2): nights 29 and 30 May are taxable, 31 May is beyond the cap; 1 June is
    // high season without a cap, so it is taxed again.
    const tax = computeStayTax(stay({ checkIn: '2026-05-29', checkOut: '2026-06-02', componentsNumber: 3, tariffs: SEASONS }));
    expect(tax.nightsNumber).toBe(4);
    expect(tax.taxableNights).toBe(3);
    expect(tax.tariffImportCents).toBe(3 * 2 * 150 + 3 * 300);
    expect(tax.nights.map((n) => [n.tariffId, n.taxable, n.tariffCents])).toEqual([
      ['low', true, 450],
      ['low', true, 450],
      ['low', false, 0],
      ['high', true, 900],
    ]);
    expect(tax.tariffIds).toEqual(['low', 'high']);
    expect(tax.presences).toEqual({ paying: 9, reduced: 0, exempt: 0, beyondCap: 3 });
  });

  it('a first night without cap no longer removes the cap of a later season', () => {
    // Off-season 0.00 without cap until 31 May, summer 3.00 with a 3-night cap.
    const tariffs = [tariff({ id: 'off', nightlyPriceCents: 0, validTo: '2026-05-31' }), tariff({ id: 'summer', nightlyPriceCents: 300, maxNights: 3, validFrom: '2026-06-01' })];
    // 'stay' mode: the two off-season nights count towards the cap, so 1 summer night is taxed: 3.00.
    const acrossSeasons = computeStayTax(stay({ checkIn: '2026-05-30', checkOut: '2026-06-06', componentsNumber: 1, tariffs }));
    expect(acrossSeasons.tariffImportCents).toBe(300);
    expect(acrossSeasons.nights.map((n) => n.taxable)).toEqual([true, true, true, false, false, false, false]);
    // 'season' mode: the summer count starts on 1 June, 3 summer nights are taxed: 9.00.
    const perSeason = computeStayTax(stay({ checkIn: '2026-05-30', checkOut: '2026-06-06', componentsNumber: 1, tariffs, capMode: 'season' }));
    expect(perSeason.tariffImportCents).toBe(900);
    expect(perSeason.taxableNights).toBe(5);
  });

  it('reads maxNights 0 as no cap', () => {
    const tax = computeStayTax(stay({ tariffs: [tariff({ id: 't', nightlyPriceCents: 100, maxNights: 0 })] }));
    expect(tax.taxableNights).toBe(3);
  });

  it('assigns the stay to the year of its checkOut', () => {
    const tax = computeStayTax(stay({ checkIn: '2025-12-30', checkOut: '2026-01-02' }));
    expect(tax.year).toBe(2026);
    expect(tax.nightsNumber).toBe(3);
  });

  it('picks the most specific tariff and ignores other comuni', () => {
    const tariffs = [
      tariff({ id: 'any', nightlyPriceCents: 100 }),
      tariff({ id: 'hotel', structureTypeId: 'hotel', nightlyPriceCents: 200 }),
      tariff({ id: 'hotel4', structureTypeId: 'hotel', structureClassId: '4stelle', nightlyPriceCents: 300 }),
      tariff({ id: 'hotel4centro', structureTypeId: 'hotel', structureClassId: '4stelle', relevantAreaId: 'centro', nightlyPriceCents: 400, validFrom: '2027-01-01' }),
      tariff({ id: 'milano', cityId: 'milano', structureTypeId: 'hotel', structureClassId: '4stelle', relevantAreaId: 'centro', nightlyPriceCents: 999 }),
    ];
    const one = { componentsNumber: 1, checkIn: '2026-03-10', checkOut: '2026-03-11', tariffs };
    expect(computeStayTax(stay({ ...one, structure: HOTEL_4 })).tariffIds).toEqual(['hotel4']);
    expect(computeStayTax(stay({ ...one, structure: { ...HOTEL_4, structureClassId: '3stelle' } })).tariffIds).toEqual(['hotel']);
    expect(computeStayTax(stay({ ...one, structure: { ...HOTEL_4, structureTypeId: 'bnb' } })).tariffImportCents).toBe(100);
    // From 2027 the area-specific tariff is valid and wins.
    expect(computeStayTax(stay({ ...one, checkIn: '2027-03-10', checkOut: '2027-03-11' })).tariffImportCents).toBe(400);
  });
});

describe('computeStayTax: exemptions and reductions', () => {
  const exemptions = [
    { id: 'minori', name: 'Minori di 14 anni' },
    { id: 'disabili', name: 'Disabili' },
  ];
  const reductions = [
    reduction({ id: 'r-flat', name: 'Riduzione 1 euro', reductionType: 'flat', amountCents: 100 }),
    reduction({ id: 'r-half', name: 'Gita scolastica 50%', reductionType: 'percentage', percentageBasisPoints: 5000 }),
  ];

  it('mixes exempt, flat-reduced, percentage-reduced and full guests', () => {
    const tax = computeStayTax(
      stay({
        componentsNumber: 6,
        exemptions,
        reductions,
        appliedExemptions: [
          { exemptionId: 'minori', count: 1 },
          { exemptionId: 'disabili', count: 1 },
        ],
        appliedReductions: [
          { reductionId: 'r-half', count: 1 },
          { reductionId: 'r-flat', count: 1 },
        ],
      }),
    );
    // paying = 6 - 2 = 4; tariff = 4 x 3 x 250 = 3000
    // r-flat: 100 x 3 = 300; r-half: 125 x 3 = 375; total 675; to pay 2325
    expect(tax).toMatchObject({
      exemptGuests: 2,
      payingGuests: 4,
      reducedGuests: 2,
      tariffImportCents: 3000,
      reductionImportCents: 675,
      toPayAmountCents: 2325,
      reductionIds: ['r-flat', 'r-half'],
      exemptionIds: ['disabili', 'minori'],
    });
    expect(tax.categories.map((c) => [c.kind, c.id, c.guests, c.tariffCents, c.reductionCents, c.toPayCents])).toEqual([
      ['full', null, 2, 1500, 0, 1500],
      ['reduction', 'r-flat', 1, 750, 300, 450],
      ['reduction', 'r-half', 1, 750, 375, 375],
      ['exempt', 'disabili', 1, 0, 0, 0],
      ['exempt', 'minori', 1, 0, 0, 0],
    ]);
    expect(tax.nights.map((n) => [n.tariffCents, n.reductionCents, n.toPayCents])).toEqual([
      [1000, 225, 775],
      [1000, 225, 775],
      [1000, 225, 775],
    ]);
  });

  it('lets everyone be exempt and charges nothing', () => {
    const tax = computeStayTax(stay({ componentsNumber: 2, exemptions, appliedExemptions: [{ exemptionId: 'minori', count: 2 }] }));
    expect(tax.payingGuests).toBe(0);
    expect(tax.toPayAmountCents).toBe(0);
    expect(tax.tariffImportCents).toBe(0);
  });

  it('rounds a percentage reduction on a flat tariff per guest-night', () => {
    // 33% of 1.50 = 0.495 -> 0.50 per guest-night; 2 guests x 3 nights = 3.00 (not 2.97)
    const tax = computeStayTax(
      stay({
        componentsNumber: 2,
        tariffs: [tariff({ id: 't', nightlyPriceCents: 150 })],
        reductions: [reduction({ id: 'r33', reductionType: 'percentage', percentageBasisPoints: 3300 })],
        appliedReductions: [{ reductionId: 'r33', count: 2 }],
      }),
    );
    expect(tax.reductionImportCents).toBe(300);
    expect(tax.toPayAmountCents).toBe(900 - 300);
  });

  it('never lowers a guest-night below zero with a flat reduction', () => {
    const tax = computeStayTax(
      stay({
        componentsNumber: 2,
        tariffs: [tariff({ id: 't', nightlyPriceCents: 100 })],
        reductions: [reduction({ id: 'big', amountCents: 150 })],
        appliedReductions: [{ reductionId: 'big', count: 1 }],
      }),
    );
    // 2 x 3 x 100 = 600; the reduced guest pays 0 on each night: reduction 300
    expect(tax.reductionImportCents).toBe(300);
    expect(tax.toPayAmountCents).toBe(300);
  });

  it('applies a reduction only on taxable nights where it is valid, for at most its maxNights', () => {
    const tax = computeStayTax(
      stay({
        checkIn: '2026-07-01',
        checkOut: '2026-07-07', // 6 nights, taxable 5 (tariff cap)
        componentsNumber: 2,
        tariffs: [tariff({ id: 't', nightlyPriceCents: 300, maxNights: 5 })],
        reductions: [
          // valid from 3 July, at most 2 nights: 3 and 4 July, 50% of 3.00 = 1.50 each
          reduction({ id: 'late', reductionType: 'percentage', percentageBasisPoints: 5000, maxNights: 2, validFrom: '2026-07-03' }),
        ],
        appliedReductions: [{ reductionId: 'late', count: 1 }],
      }),
    );
    expect(tax.tariffImportCents).toBe(2 * 5 * 300);
    expect(tax.reductionImportCents).toBe(300);
    expect(tax.nights.map((n) => n.reductionCents)).toEqual([0, 0, 150, 150, 0, 0]);
    const category = tax.categories.find((c) => c.id === 'late');
    expect(category).toMatchObject({ reducedGuestNights: 2, taxableGuestNights: 5 });
  });

  it('does not apply a reduction on the nights beyond the tariff cap', () => {
    const tax = computeStayTax(
      stay({
        checkIn: '2026-07-01',
        checkOut: '2026-07-05',
        componentsNumber: 1,
        tariffs: [tariff({ id: 't', nightlyPriceCents: 300, maxNights: 2 })],
        reductions: [reduction({ id: 'r', amountCents: 100, validFrom: '2026-07-02' })],
        appliedReductions: [{ reductionId: 'r', count: 1 }],
      }),
    );
    // taxable: 1 and 2 July; reduction valid from 2 July -> one night
    expect(tax.reductionImportCents).toBe(100);
  });

  it('reduces nothing when the reduction does not match the structure, but keeps the guests counted', () => {
    const tax = computeStayTax(
      stay({
        componentsNumber: 2,
        reductions: [reduction({ id: 'bnb-only', structureTypeId: 'bnb', amountCents: 100 })],
        appliedReductions: [{ reductionId: 'bnb-only', count: 2 }],
      }),
    );
    expect(tax.reductionImportCents).toBe(0);
    expect(tax.reducedGuests).toBe(2);
    expect(tax.reductionIds).toEqual([]);
    expect(tax.categories[1]).toMatchObject({ kind: 'reduction', reducedGuestNights: 0 });
  });

  it('does not depend on the order of appliedReductions and merges repeated ids', () => {
    const base = { componentsNumber: 5, reductions, exemptions };
    const a = computeStayTax(
      stay({
        ...base,
        appliedReductions: [
          { reductionId: 'r-flat', count: 2 },
          { reductionId: 'r-half', count: 1 },
        ],
      }),
    );
    const b = computeStayTax(
      stay({
        ...base,
        appliedReductions: [
          { reductionId: 'r-half', count: 1 },
          { reductionId: 'r-flat', count: 2 },
        ],
      }),
    );
    const c = computeStayTax(
      stay({
        ...base,
        appliedReductions: [
          { reductionId: 'r-flat', count: 1 },
          { reductionId: 'r-half', count: 1 },
          { reductionId: 'r-flat', count: 1 },
        ],
      }),
    );
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    // 5 x 3 x 250 = 3750; 2 x 3 x 100 + 1 x 3 x 125 = 975
    expect(a.toPayAmountCents).toBe(3750 - 975);
  });
});

describe('computeStayTax: percentage tariffs', () => {
  const pct = (basisPoints: number, extra: Partial<TTariff> = {}) => tariff({ id: `p${basisPoints}`, type: 'percentage', percentageBasisPoints: basisPoints, ...extra });

  it('applies accommodation x % x taxable/nights x paying/components', () => {
    // 300.00 x 5% x 3/4 x 2/3 = 7.50
    const tax = computeStayTax(
      stay({
        checkIn: '2026-03-10',
        checkOut: '2026-03-14',
        componentsNumber: 3,
        accommodationAmountCents: 30000,
        tariffs: [pct(500, { maxNights: 3 })],
        exemptions: [{ id: 'e', name: 'Esente' }],
        appliedExemptions: [{ exemptionId: 'e', count: 1 }],
      }),
    );
    expect(tax.taxableNights).toBe(3);
    expect(tax.tariffImportCents).toBe(750);
    expect(tax.nights.map((n) => [n.percentageBasisPoints, n.nightlyPriceCents, n.tariffCents])).toEqual([
      [500, null, 250],
      [500, null, 250],
      [500, null, 250],
      [500, null, 0],
    ]);
  });

  it('rounds half-up once on the stay', () => {
    // 10.10 x 5% = 0.505 -> 0.51
    expect(computeStayTax(stay({ componentsNumber: 1, checkOut: '2026-03-11', accommodationAmountCents: 1010, tariffs: [pct(500)] })).tariffImportCents).toBe(51);
    // 100.01 x 3% x 2/3 = 2.0002 -> 2.00
    const tax = computeStayTax(
      stay({
        componentsNumber: 3,
        accommodationAmountCents: 10001,
        tariffs: [pct(300)],
        exemptions: [{ id: 'e', name: 'Esente' }],
        appliedExemptions: [{ exemptionId: 'e', count: 1 }],
      }),
    );
    expect(tax.tariffImportCents).toBe(200);
    // per-night lines: exact 66.67 each, allocated 67, 66, 67 so that they sum to 200
    expect(tax.nights.map((n) => n.tariffCents)).toEqual([67, 66, 67]);
  });

  it('applies flat and percentage reductions on the per-guest-night share', () => {
    // 400.00 x 5% = 20.00 over 4 guests x 4 nights: 1.25 per guest-night
    const tax = computeStayTax(
      stay({
        checkIn: '2026-03-10',
        checkOut: '2026-03-14',
        componentsNumber: 4,
        accommodationAmountCents: 40000,
        tariffs: [pct(500)],
        reductions: [
          reduction({ id: 'flat1', amountCents: 100, maxNights: 2 }), // 1.00 x 2 nights = 2.00
          reduction({ id: 'half', reductionType: 'percentage', percentageBasisPoints: 5000 }), // 0.625 x 4 = 2.50
        ],
        appliedReductions: [
          { reductionId: 'flat1', count: 1 },
          { reductionId: 'half', count: 1 },
        ],
      }),
    );
    expect(tax.tariffImportCents).toBe(2000);
    expect(tax.reductionImportCents).toBe(450);
    expect(tax.toPayAmountCents).toBe(1550);
    expect(tax.categories.map((c) => [c.id, c.tariffCents, c.reductionCents])).toEqual(
      [
        [null, 1000],
        ['flat1', 500, 200],
        ['half', 500, 250],
      ].map(([id, t, r = 0]) => [id, t, r]),
    );
  });

  it('rounds the reductions on a percentage tariff once, on the exact shares', () => {
    // 100.00 x 5% = 5.00 over 3 guests x 3 nights: 0.5555... per guest-night.
    // 50% for one guest: 3 x 0.27777... = 0.8333... -> 0.83
    const tax = computeStayTax(
      stay({
        componentsNumber: 3,
        accommodationAmountCents: 10000,
        tariffs: [pct(500)],
        reductions: [reduction({ id: 'half', reductionType: 'percentage', percentageBasisPoints: 5000 })],
        appliedReductions: [{ reductionId: 'half', count: 1 }],
      }),
    );
    expect(tax.tariffImportCents).toBe(500);
    expect(tax.reductionImportCents).toBe(83);
    expect(tax.toPayAmountCents).toBe(417);
    // full guests: 3.3333 -> 333; reduced guest: 5.00 - 3.33 = 167 of tax, 83 off
    expect(tax.categories.map((c) => [c.tariffCents, c.reductionCents, c.toPayCents])).toEqual([
      [333, 0, 333],
      [167, 83, 84],
    ]);
  });

  it('mixes a flat night and a percentage night in one stay', () => {
    const tax = computeStayTax(
      stay({
        checkIn: '2026-03-31',
        checkOut: '2026-04-02',
        componentsNumber: 2,
        accommodationAmountCents: 20000,
        tariffs: [tariff({ id: 'march', nightlyPriceCents: 200, validTo: '2026-03-31' }), pct(400, { validFrom: '2026-04-01' })],
      }),
    );
    // flat night: 2 x 2.00 = 4.00; percentage night: 200.00 x 4% x 1/2 night share = 4.00
    expect(tax.tariffImportCents).toBe(800);
  });

  it('needs the accommodation amount only when a percentage tariff applies to a taxable night', () => {
    expectRuleError(() => computeStayTax(stay({ tariffs: [pct(500)] })), 'MISSING_ACCOMMODATION_AMOUNT');
    // the percentage night is beyond the cap (1 night, counted across seasons): no amount needed
    const tax = computeStayTax(
      stay({
        checkIn: '2026-03-31',
        checkOut: '2026-04-02',
        tariffs: [tariff({ id: 'march', nightlyPriceCents: 200, maxNights: 1, validTo: '2026-03-31' }), pct(400, { validFrom: '2026-04-01', maxNights: 1 })],
      }),
    );
    expect(tax.tariffImportCents).toBe(400);
  });
});

describe('computeStayTax: errors', () => {
  it('INVALID_DATES', () => {
    expectRuleError(() => computeStayTax(stay({ checkIn: '2026-03-10', checkOut: '2026-03-10' })), 'INVALID_DATES');
    expectRuleError(() => computeStayTax(stay({ checkIn: '2026-03-10', checkOut: '2026-03-09' })), 'INVALID_DATES');
    const e = expectRuleError(() => computeStayTax(stay({ checkIn: '10/03/2026' })), 'INVALID_DATES');
    expect(e.details[0].path).toBe('checkIn');
    expectRuleError(() => computeStayTax(stay({ checkOut: '2026-02-30' })), 'INVALID_DATES');
  });

  it('INVALID_COMPONENTS', () => {
    expectRuleError(() => computeStayTax(stay({ componentsNumber: 0 })), 'INVALID_COMPONENTS');
    expectRuleError(() => computeStayTax(stay({ componentsNumber: 1.5 })), 'INVALID_COMPONENTS');
    expectRuleError(() => computeStayTax(stay({ componentsNumber: Number.NaN })), 'INVALID_COMPONENTS');
  });

  it('INVALID_COUNT', () => {
    const exemptions = [{ id: 'e', name: 'E' }];
    const e = expectRuleError(() => computeStayTax(stay({ exemptions, appliedExemptions: [{ exemptionId: 'e', count: -1 }] })), 'INVALID_COUNT');
    expect(e.details[0].path).toBe('appliedExemptions[0].count');
    expectRuleError(() => computeStayTax(stay({ reductions: [reduction({ id: 'r' })], appliedReductions: [{ reductionId: 'r', count: 0.5 }] })), 'INVALID_COUNT');
  });

  it('TOO_MANY_EXEMPT_OR_REDUCED', () => {
    expectRuleError(
      () =>
        computeStayTax(
          stay({
            componentsNumber: 2,
            exemptions: [{ id: 'e', name: 'E' }],
            reductions: [reduction({ id: 'r' })],
            appliedExemptions: [{ exemptionId: 'e', count: 1 }],
            appliedReductions: [{ reductionId: 'r', count: 2 }],
          }),
        ),
      'TOO_MANY_EXEMPT_OR_REDUCED',
    );
  });

  it('UNKNOWN_REDUCTION, also for a reduction of another comune', () => {
    expectRuleError(() => computeStayTax(stay({ appliedReductions: [{ reductionId: 'nope', count: 1 }] })), 'UNKNOWN_REDUCTION');
    expectRuleError(() => computeStayTax(stay({ reductions: [reduction({ id: 'r', cityId: 'milano' })], appliedReductions: [{ reductionId: 'r', count: 1 }] })), 'UNKNOWN_REDUCTION');
  });

  it('UNKNOWN_EXEMPTION', () => {
    const e = expectRuleError(() => computeStayTax(stay({ appliedExemptions: [{ exemptionId: 'nope', count: 0 }] })), 'UNKNOWN_EXEMPTION');
    expect(e.details[0].path).toBe('appliedExemptions[0]');
  });

  it('NO_TARIFF_FOR_NIGHT names the first night without tariff, never a silent zero', () => {
    const tariffs = [tariff({ id: 'a', nightlyPriceCents: 100, validTo: '2026-03-11' }), tariff({ id: 'b', nightlyPriceCents: 100, validFrom: '2026-03-13' })];
    const e = expectRuleError(() => computeStayTax(stay({ checkIn: '2026-03-10', checkOut: '2026-03-15', tariffs })), 'NO_TARIFF_FOR_NIGHT');
    expect(e.date).toBe('2026-03-12');
    expectRuleError(() => computeStayTax(stay({ tariffs: [] })), 'NO_TARIFF_FOR_NIGHT');
    // a tariff of another structure type does not apply either
    expectRuleError(() => computeStayTax(stay({ tariffs: [tariff({ id: 'bnb', structureTypeId: 'bnb' })] })), 'NO_TARIFF_FOR_NIGHT');
  });

  it('AMBIGUOUS_TARIFF when two equally specific tariffs apply', () => {
    const e = expectRuleError(() => computeStayTax(stay({ tariffs: [tariff({ id: 'hotel', structureTypeId: 'hotel' }), tariff({ id: 'centro', relevantAreaId: 'centro' })] })), 'AMBIGUOUS_TARIFF');
    expect(e.date).toBe('2026-03-10');
  });

  it('INVALID_ACCOMMODATION_AMOUNT', () => {
    expectRuleError(() => computeStayTax(stay({ accommodationAmountCents: -1 })), 'INVALID_ACCOMMODATION_AMOUNT');
    expectRuleError(() => computeStayTax(stay({ accommodationAmountCents: 10.5 })), 'INVALID_ACCOMMODATION_AMOUNT');
  });

  it('INVALID_RULE for a malformed tariff or reduction in use', () => {
    expectRuleError(() => computeStayTax(stay({ tariffs: [tariff({ id: 't', nightlyPriceCents: 2.5 })] })), 'INVALID_RULE');
    expectRuleError(
      () =>
        computeStayTax(
          stay({
            reductions: [reduction({ id: 'r', reductionType: 'percentage', percentageBasisPoints: 12000 })],
            appliedReductions: [{ reductionId: 'r', count: 1 }],
          }),
        ),
      'INVALID_RULE',
    );
  });
});

describe('allocateCents', () => {
  it('sums to the rounded totals and never makes a line pay a negative amount', () => {
    // exact (in cents): line 1 tax 0.5, reduction 0.4; line 2 tax 0.1, reduction 0.1
    // totals: tax round(0.6) = 1, reduction round(0.5) = 1, to pay 0
    expect(
      allocateCents(
        [
          { tariff: 5n, reduction: 4n },
          { tariff: 1n, reduction: 1n },
        ],
        10n,
      ),
    ).toEqual([
      { tariffCents: 0, reductionCents: 0 },
      { tariffCents: 1, reductionCents: 1 },
    ]);
  });

  it('does not put a reduction on a line without one (full-paying guests)', () => {
    // full guests: tax 3296.5055; fully reduced guests: tax = reduction = 2197.67 (cents)
    // totals 5494 and 2198: the reduced line gets 2198 of both, the full line pays 3296
    const lines = allocateCents(
      [
        { tariff: 32965055n, reduction: 0n },
        { tariff: 21976700n, reduction: 21976700n },
      ],
      10_000n,
    );
    expect(lines).toEqual([
      { tariffCents: 3296, reductionCents: 0 },
      { tariffCents: 2198, reductionCents: 2198 },
    ]);
  });
});
