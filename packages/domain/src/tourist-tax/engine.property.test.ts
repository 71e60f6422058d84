import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, eachNight } from './dates.ts';
import { computeStayTax } from './engine.ts';
import { isTaxRuleError } from './errors.ts';
import { findTariffConflict, ruleAppliesOn } from './rules.ts';
import type { TReduction, TStayTaxInput, TTariff } from './types.ts';

const CITY = 'c1';
const TYPES = [null, 't1', 't2'];
const CLASSES = [null, 'k1', 'k2'];
const AREAS = [null, 'a1'];
const BASE_DAY = '2026-01-01';

const dayArb = fc.integer({ min: 0, max: 120 }).map((d) => addDays(BASE_DAY, d));
const validityArb = fc.tuple(dayArb, fc.option(fc.integer({ min: 0, max: 60 }), { nil: null })).map(([from, length]) => ({ validFrom: from, validTo: length === null ? null : addDays(from, length) }));
const scopeArb = fc.record({
  cityId: fc.constantFrom(CITY, CITY, CITY, 'other'),
  structureTypeId: fc.constantFrom(...TYPES),
  structureClassId: fc.constantFrom(...CLASSES),
  relevantAreaId: fc.constantFrom(...AREAS),
});

function tariffArb(types: readonly ('flat' | 'percentage')[]) {
  return fc
    .record({
      scope: scopeArb,
      validity: validityArb,
      type: fc.constantFrom(...types),
      nightlyPriceCents: fc.integer({ min: 0, max: 1000 }),
      percentageBasisPoints: fc.integer({ min: 0, max: 10_000 }),
      maxNights: fc.option(fc.integer({ min: 0, max: 10 }), { nil: null }),
    })
    .map(({ scope, validity, ...rest }) => ({ ...scope, ...validity, ...rest }));
}

const reductionArb = fc
  .record({
    scope: scopeArb.map((s) => ({ ...s, cityId: CITY })),
    validity: validityArb,
    reductionType: fc.constantFrom('flat' as const, 'percentage' as const),
    amountCents: fc.integer({ min: 0, max: 1500 }),
    percentageBasisPoints: fc.integer({ min: 0, max: 10_000 }),
    maxNights: fc.option(fc.integer({ min: 0, max: 10 }), { nil: null }),
  })
  .map(({ scope, validity, ...rest }) => ({ ...scope, ...validity, ...rest }));

/** Random but saveable configuration: a base tariff covering every night plus extra tariffs kept only if conflict-free. */
function stayArb(tariffTypes: readonly ('flat' | 'percentage')[]) {
  return fc
    .record({
      base: tariffArb(tariffTypes),
      extraTariffs: fc.array(tariffArb(tariffTypes), { maxLength: 8 }),
      reductions: fc.array(reductionArb, { minLength: 1, maxLength: 4 }),
      structure: fc.record({
        cityId: fc.constant(CITY),
        structureTypeId: fc.constantFrom('t1', 't2'),
        structureClassId: fc.constantFrom('k1', 'k2'),
        relevantAreaId: fc.constantFrom(null, 'a1'),
      }),
      checkInOffset: fc.integer({ min: 0, max: 100 }),
      nights: fc.integer({ min: 1, max: 20 }),
      componentsNumber: fc.integer({ min: 1, max: 12 }),
      accommodationAmountCents: fc.integer({ min: 0, max: 500_000 }),
      exemptShare: fc.nat(),
      reductionCounts: fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
    })
    .map((r): TStayTaxInput => {
      const tariffs: TTariff[] = [];
      const candidates = [{ ...r.base, cityId: CITY, structureTypeId: null, structureClassId: null, relevantAreaId: null, validFrom: '2025-01-01', validTo: null }, ...r.extraTariffs];
      candidates.forEach((t, i) => {
        const candidate: TTariff = { ...t, id: `t${i}`, name: `Tariff ${i}` };
        if (!findTariffConflict(candidate, tariffs)) tariffs.push(candidate);
      });
      const reductions: TReduction[] = r.reductions.map((red, i) => ({ ...red, id: `r${i}`, name: `Reduction ${i}` }));
      const exempt = r.exemptShare % (r.componentsNumber + 1);
      let left = r.componentsNumber - exempt;
      const appliedReductions = reductions.map((red, i) => {
        const count = r.reductionCounts[i] % (left + 1);
        left -= count;
        return { reductionId: red.id, count };
      });
      const checkIn = addDays(BASE_DAY, r.checkInOffset);
      return {
        checkIn,
        checkOut: addDays(checkIn, r.nights),
        componentsNumber: r.componentsNumber,
        accommodationAmountCents: r.accommodationAmountCents,
        structure: r.structure,
        tariffs,
        reductions,
        exemptions: [{ id: 'e', name: 'Esente' }],
        appliedExemptions: [{ exemptionId: 'e', count: exempt }],
        appliedReductions,
      };
    });
}

function checkConsistency(input: TStayTaxInput) {
  const tax = computeStayTax(input);
  expect(tax.tariffImportCents).toBeGreaterThanOrEqual(0);
  expect(tax.reductionImportCents).toBeGreaterThanOrEqual(0);
  expect(tax.toPayAmountCents).toBeGreaterThanOrEqual(0);
  expect(tax.toPayAmountCents).toBe(tax.tariffImportCents - tax.reductionImportCents);
  for (const list of [tax.nights, tax.categories]) {
    expect(list.reduce((a, l) => a + l.tariffCents, 0)).toBe(tax.tariffImportCents);
    expect(list.reduce((a, l) => a + l.reductionCents, 0)).toBe(tax.reductionImportCents);
    for (const line of list) {
      expect(line.tariffCents).toBeGreaterThanOrEqual(0);
      expect(line.reductionCents).toBeGreaterThanOrEqual(0);
      expect(line.toPayCents).toBe(line.tariffCents - line.reductionCents);
    }
  }
  expect(tax.categories.reduce((a, c) => a + c.guests, 0)).toBe(input.componentsNumber);
  return tax;
}

describe('computeStayTax properties', () => {
  it('conflict-free tariffs never make a night ambiguous; amounts are consistent and never negative', () => {
    fc.assert(
      fc.property(stayArb(['flat', 'percentage']), (input) => {
        checkConsistency(input);
      }),
      { numRuns: 400 },
    );
  });

  it('flat: tax never exceeds paying guests x taxable nights x highest applicable rate', () => {
    fc.assert(
      fc.property(stayArb(['flat']), (input) => {
        const tax = checkConsistency(input);
        const nights = eachNight(input.checkIn, input.checkOut);
        const highest = Math.max(...input.tariffs.filter((t) => nights.some((n) => ruleAppliesOn(t, input.structure, n))).map((t) => t.nightlyPriceCents));
        expect(tax.tariffImportCents).toBeLessThanOrEqual(tax.payingGuests * tax.taxableNights * highest);
        expect(tax.toPayAmountCents).toBeLessThanOrEqual(tax.tariffImportCents);
      }),
      { numRuns: 300 },
    );
  });

  it('percentage: tax never exceeds accommodation x highest applicable percentage', () => {
    fc.assert(
      fc.property(stayArb(['percentage']), (input) => {
        const tax = checkConsistency(input);
        const highestBp = Math.max(...input.tariffs.map((t) => t.percentageBasisPoints));
        // one rounding of at most half a cent
        expect(tax.tariffImportCents).toBeLessThanOrEqual(Math.ceil(((input.accommodationAmountCents ?? 0) * highestBp) / 10_000));
      }),
      { numRuns: 300 },
    );
  });

  it('does not depend on the order of appliedReductions', () => {
    fc.assert(
      fc.property(
        stayArb(['flat', 'percentage']).chain((input) => fc.tuple(fc.constant(input), fc.shuffledSubarray([...(input.appliedReductions ?? [])], { minLength: input.appliedReductions?.length ?? 0 }))),
        ([input, shuffled]) => {
          expect(computeStayTax({ ...input, appliedReductions: shuffled })).toEqual(computeStayTax(input));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('more exempt guests never raise the tax', () => {
    fc.assert(
      fc.property(stayArb(['flat', 'percentage']), (input) => {
        const exempt = input.appliedExemptions?.[0]?.count ?? 0;
        const reduced = (input.appliedReductions ?? []).reduce((a, r) => a + r.count, 0);
        fc.pre(exempt + reduced < input.componentsNumber);
        const more = computeStayTax({ ...input, appliedExemptions: [{ exemptionId: 'e', count: exempt + 1 }] });
        expect(more.toPayAmountCents).toBeLessThanOrEqual(computeStayTax(input).toPayAmountCents);
      }),
      { numRuns: 200 },
    );
  });

  it('only throws TaxRuleError for bad input', () => {
    fc.assert(
      fc.property(
        fc.record({
          checkIn: fc.oneof(dayArb, fc.string()),
          checkOut: fc.oneof(dayArb, fc.string()),
          componentsNumber: fc.oneof(fc.integer({ min: -2, max: 5 }), fc.double()),
          count: fc.oneof(fc.integer({ min: -2, max: 5 }), fc.double()),
          accommodationAmountCents: fc.option(fc.oneof(fc.integer({ min: -5, max: 5000 }), fc.double()), { nil: null }),
          tariffs: fc.array(
            tariffArb(['flat', 'percentage']).map((t) => ({ ...t, id: 'x', name: 'x' })),
            { maxLength: 3 },
          ),
        }),
        (r) => {
          try {
            computeStayTax({
              checkIn: r.checkIn,
              checkOut: r.checkOut,
              componentsNumber: r.componentsNumber,
              accommodationAmountCents: r.accommodationAmountCents,
              structure: { cityId: CITY, structureTypeId: 't1', structureClassId: 'k1', relevantAreaId: null },
              tariffs: r.tariffs.map((t, i) => ({ ...t, id: `t${i}` })),
              reductions: [],
              exemptions: [{ id: 'e', name: 'E' }],
              appliedExemptions: [{ exemptionId: 'e', count: r.count }],
            });
          } catch (error) {
            expect(isTaxRuleError(error)).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
