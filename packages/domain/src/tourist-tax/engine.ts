/**
 * computeStayTax: the tourist tax of one stay, with the per-night and per-guest-category breakdown
 * shown by the stay form preview (POST /api/stays/preview) and stored on save.
 *
 * Rules:
 * 1. nightsNumber = calendar days checkIn -> checkOut (checkOut after checkIn). The stay belongs to the
 *    year of its checkOut (see periods.ts for the period).
 * 2. Each night is priced at the tariff that applies on that night (rules.ts: comune, dimensions,
 *    validity; the most specific wins). A night without tariff is NO_TARIFF_FOR_NIGHT.
 * 3. Taxable nights are the first maxNights nights, maxNights taken from the first night's tariff.
 * 4. Exempt guests pay nothing; paying = componentsNumber - exempt; exempt + reduced <= componentsNumber.
 * 5. Flat: nightlyPrice per paying guest per taxable night. Percentage: accommodationAmount x percentage
 *    x (taxable nights / nights) x (paying / componentsNumber), rounded half-up to the cent.
 * 6. A reduction applies to `count` paying guests on the taxable nights on which it is valid and matches
 *    the structure, for at most its own maxNights of those nights (the first ones). Flat: the guest-night
 *    tax falls by amount, not below zero. Percentage: it falls by percentage % of the guest-night tax,
 *    rounded half-up to the cent per guest-night.
 * 7. tariffImport = tax before reductions, reductionImport = total reductions, toPay = difference.
 *
 * Decisions where the rules are silent:
 * - Exact arithmetic, one rounding. Every guest-night amount is kept as an exact fraction of cents over
 *   one common denominator D = nights x componentsNumber x 10^8. tariffImport and reductionImport are
 *   each rounded once, with roundHalfUpToCent, on the stay total. For flat tariffs the amounts are whole
 *   cents already, so rounding changes nothing, except the percentage reduction on a flat tariff,
 *   which rule 6 rounds per guest-night.
 * - Percentage tariff, per guest-night: the stay formula of rule 5 is the sum, over paying guests and
 *   taxable nights, of an equal share accommodationAmount x pct / (nights x componentsNumber). With a
 *   seasonal change the share of each night uses that night's percentage; flat and percentage nights may
 *   mix in one stay.
 * - Reductions on a percentage tariff apply to that exact (unrounded) share: flat = min(amount, share),
 *   percentage = share x pct. They are summed exactly and rounded once on the stay total, so the
 *   reduction can never exceed the tax (rounding is monotone) and toPay is never negative.
 * - Several reductions apply to distinct guests (a guest gets at most one), so each reduction's effect
 *   is independent of the others; they are merged by id (counts summed) and listed sorted by id, so the
 *   order of appliedReductions cannot change anything. Same for exemptions.
 * - An applied reduction must exist and belong to the structure's comune (else UNKNOWN_REDUCTION). One
 *   whose type/class/area or validity does not match reduces nothing on those nights: its guests stay
 *   counted as reduced (they were declared so) and the breakdown shows reducedGuestNights = 0.
 * - Every night needs a tariff, also nights beyond the cap: rule 2 makes a missing tariff an error and
 *   a comune that does not tax some period expresses it with a zero tariff.
 * - maxNights 0 is read as empty (no cap).
 * - Breakdown amounts (per night, per category) are derived from the rounded stay totals by
 *   allocateCents (cumulative rounding, see there), so each list sums exactly to the totals and no line
 *   shows a negative amount to pay. They are for display; the totals are the tax.
 */
import { daysBetween, eachNight, isIsoDate } from './dates.ts';
import { TaxRuleError, type TTaxRuleErrorDetail } from './errors.ts';
import { roundHalfUpToCent } from './money.ts';
import { stayYear } from './periods.ts';
import { capOf, compareIds, isNonNegativeInt, ruleAppliesOn, selectTariffForNight, validateReduction, validateTariff } from './rules.ts';
import type { TReduction, TStayCategory, TStayNight, TStayTax, TStayTaxInput, TTariff } from './types.ts';

export type * from './types.ts';

const BP = 10_000n; // basis points in 100%

export function computeStayTax(input: TStayTaxInput): TStayTax {
  const { checkIn, checkOut, componentsNumber, structure } = input;

  // Rule 1: dates.
  const dateDetails: TTaxRuleErrorDetail[] = [];
  if (!isIsoDate(checkIn)) dateDetails.push({ path: 'checkIn', message: 'must be a date YYYY-MM-DD' });
  if (!isIsoDate(checkOut)) dateDetails.push({ path: 'checkOut', message: 'must be a date YYYY-MM-DD' });
  if (dateDetails.length) throw new TaxRuleError('INVALID_DATES', dateDetails);
  const nightsNumber = daysBetween(checkIn, checkOut);
  if (nightsNumber < 1) throw new TaxRuleError('INVALID_DATES', [{ path: 'checkOut', message: 'must be after checkIn' }]);

  // Rule 4: guests.
  if (!Number.isSafeInteger(componentsNumber) || componentsNumber < 1) {
    throw new TaxRuleError('INVALID_COMPONENTS', [{ path: 'componentsNumber', message: 'must be a whole number of at least 1' }]);
  }
  const exemptions = mergeCounts(input.appliedExemptions ?? [], (a) => a.exemptionId, 'appliedExemptions');
  const exemptionById = new Map(input.exemptions.map((e) => [e.id, e]));
  for (const { id, path } of exemptions) {
    if (!exemptionById.has(id)) throw new TaxRuleError('UNKNOWN_EXEMPTION', [{ path, message: `Unknown exemption ${id}` }]);
  }
  const reductions = mergeCounts(input.appliedReductions ?? [], (a) => a.reductionId, 'appliedReductions');
  const reductionById = new Map(input.reductions.filter((r) => r.cityId === structure.cityId).map((r) => [r.id, r]));
  for (const { id, path } of reductions) {
    const reduction = reductionById.get(id);
    if (!reduction) throw new TaxRuleError('UNKNOWN_REDUCTION', [{ path, message: `Unknown reduction ${id} for this comune` }]);
    validateReduction(reduction, `reductions[${id}]`);
  }
  const exemptGuests = sum(exemptions.map((e) => e.count));
  const reducedGuests = sum(reductions.map((r) => r.count));
  if (exemptGuests + reducedGuests > componentsNumber) {
    throw new TaxRuleError('TOO_MANY_EXEMPT_OR_REDUCED', [
      {
        path: 'componentsNumber',
        message: `${exemptGuests} exempt + ${reducedGuests} reduced guests exceed the ${componentsNumber} guests of the stay`,
      },
    ]);
  }
  const payingGuests = componentsNumber - exemptGuests;
  const fullGuests = payingGuests - reducedGuests;

  // Rules 2 and 3: a tariff per night, the cap from the first night's tariff.
  const dates = eachNight(checkIn, checkOut);
  const tariffs = dates.map((date) => selectTariffForNight(input.tariffs, structure, date));
  for (const tariff of new Set(tariffs)) validateTariff(tariff, `tariffs[${tariff.id}]`);
  const cap = capOf(tariffs[0].maxNights);
  const taxableNights = cap === null ? nightsNumber : Math.min(nightsNumber, cap);

  const accommodation = input.accommodationAmountCents;
  const needsAmount = tariffs.slice(0, taxableNights).some((t) => t.type === 'percentage');
  if (accommodation !== null && accommodation !== undefined && !isNonNegativeInt(accommodation)) {
    throw new TaxRuleError('INVALID_ACCOMMODATION_AMOUNT', [{ path: 'accommodationAmountCents', message: 'must be a whole number of cents >= 0' }]);
  }
  if (needsAmount && (accommodation === null || accommodation === undefined)) {
    throw new TaxRuleError('MISSING_ACCOMMODATION_AMOUNT', [{ path: 'accommodationAmountCents', message: 'is required: a percentage tariff applies to this stay' }]);
  }

  // Exact guest-night tax of each taxable night, as a numerator over D.
  const D = BigInt(nightsNumber) * BigInt(componentsNumber) * BP * BP;
  const perGuest: bigint[] = tariffs.map((tariff, i) => {
    if (i >= taxableNights) return 0n;
    if (tariff.type === 'flat') return BigInt(tariff.nightlyPriceCents) * D;
    // A x bp / (N x C x 10^4) cents = A x bp x 10^4 / D
    return BigInt(accommodation ?? 0) * BigInt(tariff.percentageBasisPoints) * BP;
  });

  // Rule 6: per reduction, the exact reduction of one guest on each night.
  const reductionLines = reductions
    .map(({ id, count }) => {
      const reduction = reductionById.get(id) as TReduction;
      const nightIndexes = reductionNights(reduction, dates, taxableNights, structure);
      const perGuestReduction = reductionPerGuestNight(reduction, nightIndexes, tariffs, perGuest, D);
      return { reduction, count, nightIndexes, perGuestReduction };
    })
    .sort((a, b) => compareIds(a.reduction.id, b.reduction.id));

  const nightTariffExact = perGuest.map((s) => s * BigInt(payingGuests));
  const nightReductionExact = dates.map((_, i) => reductionLines.reduce((acc, line) => acc + line.perGuestReduction[i] * BigInt(line.count), 0n));
  const totalTariffExact = sumBig(nightTariffExact);
  const totalReductionExact = sumBig(nightReductionExact);
  const tariffImportCents = roundHalfUpToCent(totalTariffExact, D);
  const reductionImportCents = roundHalfUpToCent(totalReductionExact, D);

  // Rule 8: breakdown.
  const nightAmounts = allocateCents(
    dates.map((_, i) => ({ tariff: nightTariffExact[i], reduction: nightReductionExact[i] })),
    D,
  );
  const nights: TStayNight[] = dates.map((date, i) => {
    const tariff = tariffs[i];
    return {
      date,
      tariffId: tariff.id,
      tariffName: tariff.name,
      tariffType: tariff.type,
      nightlyPriceCents: tariff.type === 'flat' ? tariff.nightlyPriceCents : null,
      percentageBasisPoints: tariff.type === 'percentage' ? tariff.percentageBasisPoints : null,
      taxable: i < taxableNights,
      tariffCents: nightAmounts[i].tariffCents,
      reductionCents: nightAmounts[i].reductionCents,
      toPayCents: nightAmounts[i].tariffCents - nightAmounts[i].reductionCents,
    };
  });

  const stayPerGuest = sumBig(perGuest);
  const categoryExact = [
    { tariff: stayPerGuest * BigInt(fullGuests), reduction: 0n },
    ...reductionLines.map((line) => ({
      tariff: stayPerGuest * BigInt(line.count),
      reduction: sumBig(line.perGuestReduction) * BigInt(line.count),
    })),
  ];
  const categoryAmounts = allocateCents(categoryExact, D);
  const categories: TStayCategory[] = [
    {
      kind: 'full',
      id: null,
      name: 'Ospiti paganti',
      guests: fullGuests,
      taxableGuestNights: fullGuests * taxableNights,
      tariffCents: categoryAmounts[0].tariffCents,
      reductionCents: 0,
      toPayCents: categoryAmounts[0].tariffCents,
    },
    ...reductionLines.map((line, k): TStayCategory => {
      const amounts = categoryAmounts[k + 1];
      return {
        kind: 'reduction',
        id: line.reduction.id,
        name: line.reduction.name,
        guests: line.count,
        taxableGuestNights: line.count * taxableNights,
        reducedGuestNights: line.count * line.nightIndexes.length,
        tariffCents: amounts.tariffCents,
        reductionCents: amounts.reductionCents,
        toPayCents: amounts.tariffCents - amounts.reductionCents,
      };
    }),
    ...exemptions
      .filter((e) => e.count > 0)
      .map((e): TStayCategory => ({
        kind: 'exempt',
        id: e.id,
        name: exemptionById.get(e.id)?.name ?? e.id,
        guests: e.count,
        taxableGuestNights: 0,
        tariffCents: 0,
        reductionCents: 0,
        toPayCents: 0,
      })),
  ];

  return {
    year: stayYear(checkOut),
    nightsNumber,
    taxableNights,
    componentsNumber,
    exemptGuests,
    payingGuests,
    reducedGuests,
    tariffImportCents,
    reductionImportCents,
    toPayAmountCents: tariffImportCents - reductionImportCents,
    tariffIds: [...new Set(tariffs.slice(0, taxableNights).map((t) => t.id))],
    reductionIds: reductionLines.filter((line) => line.count > 0 && line.perGuestReduction.some((r) => r > 0n)).map((line) => line.reduction.id),
    exemptionIds: exemptions.filter((e) => e.count > 0).map((e) => e.id),
    nights,
    categories,
  };
}

/** Indexes of the taxable nights on which the reduction applies, capped at its own maxNights. */
function reductionNights(reduction: TReduction, dates: readonly string[], taxableNights: number, structure: TStayTaxInput['structure']): number[] {
  const eligible: number[] = [];
  for (let i = 0; i < taxableNights; i++) {
    if (ruleAppliesOn(reduction, structure, dates[i])) eligible.push(i);
  }
  const cap = capOf(reduction.maxNights);
  return cap === null ? eligible : eligible.slice(0, cap);
}

function reductionPerGuestNight(reduction: TReduction, nightIndexes: readonly number[], tariffs: readonly TTariff[], perGuest: readonly bigint[], D: bigint): bigint[] {
  const result = tariffs.map(() => 0n);
  for (const i of nightIndexes) {
    const tax = perGuest[i];
    if (reduction.reductionType === 'flat') {
      const amount = BigInt(reduction.amountCents) * D;
      result[i] = amount < tax ? amount : tax;
    } else if (tariffs[i].type === 'flat') {
      // Rule 6: rounded half-up to the cent per guest-night.
      const cents = roundHalfUpToCent(BigInt(tariffs[i].nightlyPriceCents) * BigInt(reduction.percentageBasisPoints), BP);
      result[i] = BigInt(cents) * D;
    } else {
      // Exact share of an exact share; rounded once with the stay total.
      result[i] = (tax * BigInt(reduction.percentageBasisPoints)) / BP; // exact: tax carries a factor 10^4
    }
  }
  return result;
}

/** Merges repeated ids (summing counts) and checks counts; result sorted by id. */
function mergeCounts<T extends { count: number }>(applied: readonly T[], idOf: (a: T) => string, path: string): { id: string; count: number; path: string }[] {
  const byId = new Map<string, { id: string; count: number; path: string }>();
  applied.forEach((a, index) => {
    if (!Number.isSafeInteger(a.count) || a.count < 0) {
      throw new TaxRuleError('INVALID_COUNT', [{ path: `${path}[${index}].count`, message: 'must be a whole number >= 0' }]);
    }
    const id = idOf(a);
    const seen = byId.get(id);
    if (seen) seen.count += a.count;
    else byId.set(id, { id, count: a.count, path: `${path}[${index}]` });
  });
  return [...byId.values()].sort((a, b) => compareIds(a.id, b.id));
}

/**
 * Splits the stay totals over breakdown lines (nights or guest categories) so that every list sums
 * exactly to tariffImport and reductionImport and no line pays a negative amount:
 * - tax and reductions are each split by cumulative rounding of the exact parts
 *   (part k = round(sum of parts 1..k) - round(sum of parts 1..k-1)), so they sum to the totals and
 *   each part is within a cent of its exact value (a zero part stays zero);
 * - where that leaves a line's reduction above its tax (only possible when the reduction takes the whole
 *   tax of that line), a cent of tax moves to that line from the first line that has tax to spare.
 */
export function allocateCents(lines: readonly { tariff: bigint; reduction: bigint }[], denominator: bigint): { tariffCents: number; reductionCents: number }[] {
  const tariffCents = cumulativeRound(
    lines.map((l) => l.tariff),
    denominator,
  );
  const reductionCents = cumulativeRound(
    lines.map((l) => l.reduction),
    denominator,
  );
  for (let k = 0; k < lines.length; k++) {
    while (reductionCents[k] > tariffCents[k]) {
      const donor = tariffCents.findIndex((t, j) => j !== k && t > reductionCents[j]);
      // Cannot happen: sum(tax) = round(exact tax) >= round(exact reductions) = sum(reductions).
      if (donor < 0) throw new RangeError('allocateCents: reductions exceed the tax');
      tariffCents[donor] -= 1;
      tariffCents[k] += 1;
    }
  }
  return lines.map((_, k) => ({ tariffCents: tariffCents[k], reductionCents: reductionCents[k] }));
}

function cumulativeRound(parts: readonly bigint[], denominator: bigint): number[] {
  let running = 0n;
  let previous = 0;
  return parts.map((part) => {
    running += part;
    const rounded = roundHalfUpToCent(running, denominator);
    const cents = rounded - previous;
    previous = rounded;
    return cents;
  });
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

function sumBig(values: readonly bigint[]): bigint {
  return values.reduce((a, b) => a + b, 0n);
}
