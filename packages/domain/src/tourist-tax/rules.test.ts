import { describe, expect, it } from 'vitest';
import { TaxRuleError } from './errors.ts';
import {
  assertNoReductionConflict,
  assertNoTariffConflict,
  findReductionConflict,
  findTariffConflict,
  ruleSpecificity,
  selectTariffForNight,
  validateReduction,
  validateTariff,
  validityOverlaps,
} from './rules.ts';
import type { TReduction, TTariff } from './types.ts';

function tariff(overrides: Partial<TTariff> & { id: string }): TTariff {
  return {
    name: `Tariffa ${overrides.id}`,
    cityId: 'roma',
    structureTypeId: null,
    structureClassId: null,
    relevantAreaId: null,
    type: 'flat',
    nightlyPriceCents: 100,
    percentageBasisPoints: 0,
    maxNights: null,
    validFrom: '2026-01-01',
    validTo: '2026-12-31',
    ...overrides,
  };
}

function reduction(overrides: Partial<TReduction> & { id: string }): TReduction {
  return {
    name: 'Gita scolastica',
    cityId: 'roma',
    structureTypeId: null,
    structureClassId: null,
    relevantAreaId: null,
    reductionType: 'percentage',
    amountCents: 0,
    percentageBasisPoints: 5000,
    maxNights: null,
    validFrom: '2026-01-01',
    validTo: null,
    ...overrides,
  };
}

describe('validityOverlaps', () => {
  it('treats ranges as inclusive and null validTo as open', () => {
    expect(validityOverlaps({ validFrom: '2026-01-01', validTo: '2026-01-31' }, { validFrom: '2026-01-31', validTo: null })).toBe(true);
    expect(validityOverlaps({ validFrom: '2026-01-01', validTo: '2026-01-30' }, { validFrom: '2026-01-31', validTo: null })).toBe(false);
    expect(validityOverlaps({ validFrom: '2026-01-01', validTo: null }, { validFrom: '2030-01-01', validTo: null })).toBe(true);
    expect(validityOverlaps({ validFrom: '2027-01-01', validTo: null }, { validFrom: '2026-01-01', validTo: '2026-12-31' })).toBe(false);
  });
});

describe('ruleSpecificity and selectTariffForNight', () => {
  it('counts non-empty dimensions, empty string included as empty', () => {
    expect(ruleSpecificity(tariff({ id: 'a' }))).toBe(0);
    expect(ruleSpecificity(tariff({ id: 'a', structureTypeId: '', relevantAreaId: 'x' }))).toBe(1);
    expect(ruleSpecificity(tariff({ id: 'a', structureTypeId: 'h', structureClassId: 'k', relevantAreaId: 'x' }))).toBe(3);
  });

  it('selects by validity on the night itself, bounds included', () => {
    const tariffs = [tariff({ id: 'jan', validTo: '2026-01-31' }), tariff({ id: 'feb', validFrom: '2026-02-01' })];
    const structure = { cityId: 'roma', structureTypeId: 'h', structureClassId: null, relevantAreaId: null };
    expect(selectTariffForNight(tariffs, structure, '2026-01-31').id).toBe('jan');
    expect(selectTariffForNight(tariffs, structure, '2026-02-01').id).toBe('feb');
  });
});

describe('findTariffConflict', () => {
  const hotel = tariff({ id: 'hotel', structureTypeId: 'hotel' });

  it('finds an overlapping tariff with the same dimensions', () => {
    expect(findTariffConflict(tariff({ id: 'new', structureTypeId: 'hotel', validFrom: '2026-06-01', validTo: null }), [hotel])?.id).toBe('hotel');
  });

  it('allows the same dimensions in disjoint periods (seasons)', () => {
    expect(findTariffConflict(tariff({ id: 'new', structureTypeId: 'hotel', validFrom: '2027-01-01', validTo: null }), [hotel])).toBeNull();
  });

  it('allows different values of the same dimension', () => {
    expect(findTariffConflict(tariff({ id: 'new', structureTypeId: 'bnb' }), [hotel])).toBeNull();
  });

  it('allows a different specificity (the more specific one wins)', () => {
    expect(findTariffConflict(tariff({ id: 'new', structureTypeId: 'hotel', structureClassId: '4' }), [hotel])).toBeNull();
    expect(findTariffConflict(tariff({ id: 'new' }), [hotel])).toBeNull();
  });

  it('flags equally specific tariffs on different dimensions that could both apply', () => {
    expect(findTariffConflict(tariff({ id: 'new', relevantAreaId: 'centro' }), [hotel])?.id).toBe('hotel');
  });

  it('ignores other comuni and the tariff being edited', () => {
    expect(findTariffConflict(tariff({ id: 'new', cityId: 'milano', structureTypeId: 'hotel' }), [hotel])).toBeNull();
    expect(findTariffConflict({ ...hotel, nightlyPriceCents: 500 }, [hotel])).toBeNull();
  });

  it('assertNoTariffConflict throws TARIFF_CONFLICT naming the other tariff', () => {
    try {
      assertNoTariffConflict(tariff({ id: 'new', structureTypeId: 'hotel' }), [hotel]);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(TaxRuleError);
      expect((error as TaxRuleError).code).toBe('TARIFF_CONFLICT');
      expect((error as TaxRuleError).conflictingId).toBe('hotel');
      expect((error as TaxRuleError).details[0].message).toContain('Tariffa hotel');
    }
  });
});

describe('findReductionConflict', () => {
  const existing = reduction({ id: 'r1' });
  it('flags a duplicate: same name, same scope, overlapping validity', () => {
    expect(findReductionConflict(reduction({ id: 'r2', name: '  gita  SCOLASTICA ' }), [existing])?.id).toBe('r1');
  });
  it('assertNoReductionConflict throws REDUCTION_CONFLICT naming the other reduction', () => {
    expect(() => assertNoReductionConflict(reduction({ id: 'r2', name: 'Under 16' }), [existing])).not.toThrow();
    try {
      assertNoReductionConflict(reduction({ id: 'r2' }), [existing]);
      expect.unreachable();
    } catch (error) {
      expect((error as TaxRuleError).code).toBe('REDUCTION_CONFLICT');
      expect((error as TaxRuleError).conflictingId).toBe('r1');
    }
  });
  it('allows another name, scope, period or comune', () => {
    expect(findReductionConflict(reduction({ id: 'r2', name: 'Under 16' }), [existing])).toBeNull();
    expect(findReductionConflict(reduction({ id: 'r2', structureTypeId: 'hotel' }), [existing])).toBeNull();
    expect(findReductionConflict(reduction({ id: 'r2', validFrom: '2020-01-01', validTo: '2025-12-31' }), [existing])).toBeNull();
    expect(findReductionConflict(reduction({ id: 'r2', cityId: 'milano' }), [existing])).toBeNull();
  });
});

describe('validateTariff / validateReduction', () => {
  it('accepts a well-formed tariff', () => {
    expect(() => validateTariff(tariff({ id: 't' }))).not.toThrow();
  });
  it('lists every problem', () => {
    try {
      validateTariff(tariff({ id: 't', validFrom: '2026-05-01', validTo: '2026-04-01', nightlyPriceCents: -1, maxNights: 1.5 }));
      expect.unreachable();
    } catch (error) {
      expect((error as TaxRuleError).code).toBe('INVALID_RULE');
      expect((error as TaxRuleError).details.map((d) => d.path)).toEqual(['tariff.validTo', 'tariff.nightlyPriceCents', 'tariff.maxNights']);
    }
  });
  it('checks percentages and dates of reductions', () => {
    expect(() => validateReduction(reduction({ id: 'r', percentageBasisPoints: 10_001 }))).toThrow(TaxRuleError);
    expect(() => validateReduction(reduction({ id: 'r', validFrom: '2026-13-01' }))).toThrow(TaxRuleError);
    expect(() => validateReduction(reduction({ id: 'r', reductionType: 'flat', amountCents: 150 }))).not.toThrow();
  });
});
