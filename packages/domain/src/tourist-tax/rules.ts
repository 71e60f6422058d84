/**
 * Which tariff or reduction applies where and when, and which definitions clash.
 *
 * Matching rule (tariffs and reductions alike): the rule belongs to the structure's comune, and each
 * of its structureTypeId / structureClassId / relevantAreaId is empty or equal to the structure's.
 * Among the tariffs that apply to a night, the one with more non-empty dimensions wins.
 */
import { isIsoDate, isWithin } from './dates.ts';
import { TaxRuleError, type TTaxRuleErrorDetail } from './errors.ts';
import type { TAgeRange, TExemption, TReduction, TRuleScope, TScopeDimension, TStructureScope, TTariff, TValidity } from './types.ts';

export const SCOPE_DIMENSIONS: readonly TScopeDimension[] = ['structureTypeId', 'structureClassId', 'relevantAreaId'];

function isEmpty(value: string | null | undefined): value is null | undefined | '' {
  return value === null || value === undefined || value === '';
}

export function ruleMatchesStructure(rule: TRuleScope, structure: TStructureScope): boolean {
  if (rule.cityId !== structure.cityId) return false;
  return SCOPE_DIMENSIONS.every((dim) => isEmpty(rule[dim]) || rule[dim] === structure[dim]);
}

/** Number of non-empty dimensions (0..3): the more, the more specific. */
export function ruleSpecificity(rule: TRuleScope): number {
  return SCOPE_DIMENSIONS.filter((dim) => !isEmpty(rule[dim])).length;
}

export function ruleAppliesOn(rule: TRuleScope & TValidity, structure: TStructureScope, date: string): boolean {
  return ruleMatchesStructure(rule, structure) && isWithin(date, rule.validFrom, rule.validTo);
}

/**
 * The tariff of one night. Throws NO_TARIFF_FOR_NIGHT when none applies (never a silent zero) and
 * AMBIGUOUS_TARIFF when two equally specific tariffs apply (findTariffConflict keeps that out of saved data).
 */
export function selectTariffForNight(tariffs: readonly TTariff[], structure: TStructureScope, date: string): TTariff {
  const best = findTariffForNight(tariffs, structure, date);
  if (!best) {
    throw new TaxRuleError('NO_TARIFF_FOR_NIGHT', [{ path: 'checkIn', message: `No tariff applies to the night of ${date}` }], {
      date,
    });
  }
  return best;
}

/** The tariff of one night, or null when none applies; AMBIGUOUS_TARIFF as selectTariffForNight. */
export function findTariffForNight(tariffs: readonly TTariff[], structure: TStructureScope, date: string): TTariff | null {
  let best: TTariff | null = null;
  let bestSpecificity = -1;
  let tie: TTariff | null = null;
  for (const tariff of tariffs) {
    if (!ruleAppliesOn(tariff, structure, date)) continue;
    const specificity = ruleSpecificity(tariff);
    if (specificity > bestSpecificity) {
      best = tariff;
      bestSpecificity = specificity;
      tie = null;
    } else if (specificity === bestSpecificity) {
      tie = tariff;
    }
  }
  if (best && tie) {
    throw new TaxRuleError('AMBIGUOUS_TARIFF', [{ path: 'tariffs', message: `Tariffs ${best.id} and ${tie.id} are equally specific on ${date}` }], { date, conflictingId: tie.id });
  }
  return best;
}

/** Inclusive validity ranges, null validTo = open-ended. */
export function validityOverlaps(a: TValidity, b: TValidity): boolean {
  const aEndsBeforeB = !isEmpty(a.validTo) && a.validTo < b.validFrom;
  const bEndsBeforeA = !isEmpty(b.validTo) && b.validTo < a.validFrom;
  return !aEndsBeforeB && !bEndsBeforeA;
}

/** Could one structure be matched by both rules? (same comune, no dimension set to two different values) */
export function scopesCanCoincide(a: TRuleScope, b: TRuleScope): boolean {
  if (a.cityId !== b.cityId) return false;
  return SCOPE_DIMENSIONS.every((dim) => isEmpty(a[dim]) || isEmpty(b[dim]) || a[dim] === b[dim]);
}

/**
 * The saved tariff that `candidate` clashes with, or null. A clash is: same comune, equal specificity,
 * overlapping validity, and a structure that both could match. That covers identical dimensions
 * (the obvious duplicate) and also e.g. {type: hotel} vs {area: centre}: both would apply to a hotel in
 * the centre with the same specificity and the engine could not choose, so the comune must add a more
 * specific {type: hotel, area: centre} tariff or keep the two apart. A tariff with the candidate's id
 * is ignored (editing a tariff does not clash with its old self).
 */
export function findTariffConflict(candidate: TTariff, existing: readonly TTariff[]): TTariff | null {
  const specificity = ruleSpecificity(candidate);
  for (const other of [...existing].sort((x, y) => compareIds(x.id, y.id))) {
    if (other.id === candidate.id) continue;
    if (ruleSpecificity(other) !== specificity) continue;
    if (!scopesCanCoincide(candidate, other)) continue;
    if (validityOverlaps(candidate, other)) return other;
  }
  return null;
}

/** Throws TARIFF_CONFLICT naming the conflicting tariff (the API answers 409). */
export function assertNoTariffConflict(candidate: TTariff, existing: readonly TTariff[]): void {
  const other = findTariffConflict(candidate, existing);
  if (other) {
    throw new TaxRuleError('TARIFF_CONFLICT', [{ path: 'validFrom', message: `Overlaps tariff "${other.name}" (${other.id}) of equal specificity` }], { conflictingId: other.id });
  }
}

/**
 * Reductions are chosen per guest, so two reductions of the same scope may legitimately coexist
 * ("under 16" and "school trip"). A clash is a duplicate: same comune, same name (case and spaces
 * ignored), identical dimensions and overlapping validity.
 */
export function findReductionConflict(candidate: TReduction, existing: readonly TReduction[]): TReduction | null {
  const name = normaliseName(candidate.name);
  for (const other of [...existing].sort((x, y) => compareIds(x.id, y.id))) {
    if (other.id === candidate.id || other.cityId !== candidate.cityId) continue;
    if (normaliseName(other.name) !== name) continue;
    if (!SCOPE_DIMENSIONS.every((dim) => (candidate[dim] || null) === (other[dim] || null))) continue;
    if (validityOverlaps(candidate, other)) return other;
  }
  return null;
}

/** Throws REDUCTION_CONFLICT naming the duplicated reduction (the API answers 409). */
export function assertNoReductionConflict(candidate: TReduction, existing: readonly TReduction[]): void {
  const other = findReductionConflict(candidate, existing);
  if (other) {
    throw new TaxRuleError('REDUCTION_CONFLICT', [{ path: 'name', message: `Duplicates reduction "${other.name}" (${other.id}) in an overlapping period` }], { conflictingId: other.id });
  }
}

function normaliseName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Shape checks for a tariff before it is saved or used; throws INVALID_RULE listing every problem. */
export function validateTariff(tariff: TTariff, path = 'tariff'): void {
  const details: TTaxRuleErrorDetail[] = validateValidity(tariff, path);
  if (tariff.type !== 'flat' && tariff.type !== 'percentage') {
    details.push({ path: `${path}.type`, message: 'must be flat or percentage' });
  }
  if (tariff.type === 'flat' && !isNonNegativeInt(tariff.nightlyPriceCents)) {
    details.push({ path: `${path}.nightlyPriceCents`, message: 'must be a whole number of cents >= 0' });
  }
  if (tariff.type === 'percentage' && !isBasisPoints(tariff.percentageBasisPoints)) {
    details.push({ path: `${path}.percentageBasisPoints`, message: 'must be a whole number of basis points in 0..10000' });
  }
  if (tariff.maxNights !== null && !isNonNegativeInt(tariff.maxNights)) {
    details.push({ path: `${path}.maxNights`, message: 'must be empty or a whole number' });
  }
  const maxPerNight = tariff.maxPerPersonNightCents;
  if (maxPerNight !== null && maxPerNight !== undefined && !isNonNegativeInt(maxPerNight)) {
    details.push({ path: `${path}.maxPerPersonNightCents`, message: 'must be empty or a whole number of cents >= 0' });
  }
  if (details.length) throw new TaxRuleError('INVALID_RULE', details);
}

/** Shape checks for a reduction; throws INVALID_RULE listing every problem. */
export function validateReduction(reduction: TReduction, path = 'reduction'): void {
  const details: TTaxRuleErrorDetail[] = validateValidity(reduction, path);
  if (reduction.reductionType !== 'flat' && reduction.reductionType !== 'percentage') {
    details.push({ path: `${path}.reductionType`, message: 'must be flat or percentage' });
  }
  if (reduction.reductionType === 'flat' && !isNonNegativeInt(reduction.amountCents)) {
    details.push({ path: `${path}.amountCents`, message: 'must be a whole number of cents >= 0' });
  }
  if (reduction.reductionType === 'percentage' && !isBasisPoints(reduction.percentageBasisPoints)) {
    details.push({ path: `${path}.percentageBasisPoints`, message: 'must be a whole number of basis points in 0..10000' });
  }
  if (reduction.maxNights !== null && !isNonNegativeInt(reduction.maxNights)) {
    details.push({ path: `${path}.maxNights`, message: 'must be empty or a whole number' });
  }
  details.push(...validateAgeRange(reduction, path));
  if (details.length) throw new TaxRuleError('INVALID_RULE', details);
}

/** Shape checks for an exemption; throws INVALID_RULE listing every problem. */
export function validateExemption(exemption: TExemption, path = 'exemption'): void {
  const details: TTaxRuleErrorDetail[] = validateAgeRange(exemption, path);
  const condition = exemption.condition ?? 'count';
  if (!['count', 'age', 'resident', 'tourLeader'].includes(condition)) {
    details.push({ path: `${path}.condition`, message: 'must be count, age, resident or tourLeader' });
  }
  if (condition === 'age' && !hasAgeRange(exemption)) {
    details.push({ path: `${path}.ageTo`, message: 'an age exemption needs an age range' });
  }
  if (condition === 'tourLeader' && !(isNonNegativeInt(exemption.participantsPerLeader) && exemption.participantsPerLeader > 0)) {
    details.push({ path: `${path}.participantsPerLeader`, message: 'must be a whole number of at least 1' });
  }
  if (details.length) throw new TaxRuleError('INVALID_RULE', details);
}

/** Has the rule an age range (either end set)? */
export function hasAgeRange(rule: TAgeRange): boolean {
  return (rule.ageFrom !== null && rule.ageFrom !== undefined) || (rule.ageTo !== null && rule.ageTo !== undefined);
}

/** Is `age` (completed years) within the rule's inclusive range? */
export function ageInRange(rule: TAgeRange, age: number): boolean {
  if (rule.ageFrom !== null && rule.ageFrom !== undefined && age < rule.ageFrom) return false;
  if (rule.ageTo !== null && rule.ageTo !== undefined && age > rule.ageTo) return false;
  return true;
}

function validateAgeRange(rule: TAgeRange, path: string): TTaxRuleErrorDetail[] {
  const details: TTaxRuleErrorDetail[] = [];
  for (const key of ['ageFrom', 'ageTo'] as const) {
    const value = rule[key];
    if (value !== null && value !== undefined && !(isNonNegativeInt(value) && value <= 150)) details.push({ path: `${path}.${key}`, message: 'must be empty or a whole number of years (0..150)' });
  }
  if (isNonNegativeInt(rule.ageFrom) && isNonNegativeInt(rule.ageTo) && rule.ageTo < rule.ageFrom) details.push({ path: `${path}.ageTo`, message: 'must not be below ageFrom' });
  if (rule.ageOn !== null && rule.ageOn !== undefined && rule.ageOn !== 'checkIn' && rule.ageOn !== 'checkOut') details.push({ path: `${path}.ageOn`, message: 'must be checkIn or checkOut' });
  return details;
}

function validateValidity(rule: TValidity, path: string): TTaxRuleErrorDetail[] {
  const details: TTaxRuleErrorDetail[] = [];
  if (!isIsoDate(rule.validFrom)) details.push({ path: `${path}.validFrom`, message: 'must be a date YYYY-MM-DD' });
  if (!isEmpty(rule.validTo)) {
    if (!isIsoDate(rule.validTo)) details.push({ path: `${path}.validTo`, message: 'must be empty or a date YYYY-MM-DD' });
    else if (isIsoDate(rule.validFrom) && rule.validTo < rule.validFrom) {
      details.push({ path: `${path}.validTo`, message: 'must not be before validFrom' });
    }
  }
  return details;
}

export function isNonNegativeInt(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function isBasisPoints(value: unknown): boolean {
  return isNonNegativeInt(value) && value <= 10_000;
}

/** null and 0 both mean "no cap" (forms send 0 for an empty number field). */
export function capOf(maxNights: number | null | undefined): number | null {
  return maxNights === null || maxNights === undefined || maxNights === 0 ? null : maxNights;
}
