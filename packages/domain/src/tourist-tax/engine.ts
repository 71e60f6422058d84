/**
 * computeStayTax: the tourist tax of one stay, with the per-night, per-guest-category and per-guest
 * breakdown shown by the stay form preview (POST /api/stays/preview) and stored on save.
 *
 * Rules:
 * 1. nightsNumber = calendar days checkIn -> checkOut (checkOut after checkIn, at most MAX_STAY_NIGHTS:
 *    a stay longer than a year is refused). The stay belongs to the year of its checkOut.
 * 2. Each night is priced at the tariff that applies on that night (rules.ts: comune, dimensions,
 *    validity; the most specific wins). A night without tariff is NO_TARIFF_FOR_NIGHT, unless it is
 *    beyond the cap (rule 3): a night that cannot be taxed needs no tariff.
 * 3. Cap on taxable nights, per night: each tariff may carry maxNights; a night is beyond the cap when
 *    the taxable nights counted before it reach the cap of its own tariff. The comune's capMode says what
 *    counts (types.ts TCapMode): taxable nights of any season ('stay') or of the same tariff ('season').
 *    The count starts with the earlier consecutive stays of the guest in the structure (previousNights),
 *    so an extension filed as a new stay does not restart it. A night without tariff after the cap of the
 *    last priced night was reached is beyond the cap.
 * 4. Guests. Recorded guests (lead guest first) take the comune's automatic rules, in this order:
 *    resident exemption, age exemption, tour-leader exemption (one leader for every participantsPerLeader
 *    other guests), age reduction; among several rules of one kind the first by id. The age is taken on
 *    the rule's ageOn date (check-in by default). The typed counts (appliedExemptions, appliedReductions,
 *    for rules not about age, e.g. a driver) go to the guests not recorded first, then to the recorded
 *    guests without an automatic rule, last recorded first. Exempt + reduced <= componentsNumber.
 * 5. Flat: nightlyPrice per paying guest per taxable night. Percentage: the guest-night share is
 *    price of the night x percentage / componentsNumber, the price of the night being nightlyPrices[i]
 *    when given, else accommodationAmount / nights; at most maxPerPersonNight per guest-night. Without
 *    nightly prices and maximum this is accommodationAmount x % x (taxable / nights) x (paying / components).
 * 6. A reduction applies to its guests on the taxable nights on which it is valid and matches the
 *    structure, for at most its own maxNights of those nights (the first ones). Flat: the guest-night
 *    tax falls by amount, not below zero. Percentage: it falls by percentage % of the guest-night tax,
 *    rounded half-up to the cent per guest-night on flat tariffs.
 * 7. tariffImport = tax before reductions, reductionImport = total reductions, toPay = difference.
 *
 * Decisions where the rules are silent:
 * - Exact arithmetic, one rounding. Every guest-night amount is kept as an exact fraction of cents over
 *   one common denominator D = nights x componentsNumber x 10^8. tariffImport and reductionImport are
 *   each rounded once, with roundHalfUpToCent, on the stay total. For flat tariffs the amounts are whole
 *   cents already, so rounding changes nothing, except the percentage reduction on a flat tariff,
 *   which rule 6 rounds per guest-night.
 * - Reductions on a percentage tariff apply to the exact (unrounded) share: flat = min(amount, share),
 *   percentage = share x pct. They are summed exactly and rounded once on the stay total, so the
 *   reduction can never exceed the tax (rounding is monotone) and toPay is never negative.
 * - A guest gets at most one rule, so each rule's effect is independent of the others; typed counts
 *   are merged by id and listed sorted by id, so the order of appliedReductions cannot change anything.
 * - An applied reduction must exist and belong to the structure's comune (else UNKNOWN_REDUCTION). One
 *   whose type/class/area or validity does not match reduces nothing on those nights: its guests stay
 *   counted as reduced (they were declared so) and the breakdown shows reducedGuestNights = 0; their
 *   presences on those nights are paying presences.
 * - maxNights 0 and maxPerPersonNight 0 are read as empty (no cap, no maximum).
 * - Breakdown amounts (per night, per category, per guest) are derived from the exact amounts by
 *   allocateCents (cumulative rounding, see there), so each list sums exactly to the totals and no line
 *   shows a negative amount to pay. They are for display; the totals are the tax.
 */
import { ageOn, daysBetween, eachNight, isIsoDate } from './dates.ts';
import { TaxRuleError, type TTaxRuleErrorDetail } from './errors.ts';
import { roundHalfUpToCent } from './money.ts';
import { stayYear } from './periods.ts';
import { ageInRange, capOf, compareIds, findTariffForNight, hasAgeRange, isNonNegativeInt, ruleAppliesOn, ruleMatchesStructure, validateReduction, validateTariff, validityOverlaps } from './rules.ts';
import type { TExemption, TGuestRuleReason, TReduction, TStayCategory, TStayGuestFacts, TStayGuestLine, TStayNight, TStayTax, TStayTaxInput, TTariff } from './types.ts';

export type * from './types.ts';

const BP = 10_000n; // basis points in 100%

/** A stay longer than a year is refused: no regulation taxes it as one stay, and it is almost always a typing error. */
export const MAX_STAY_NIGHTS = 366;

/** Guests who share one rule: a recorded guest (weight 1) or a group of guests not recorded. */
type TSlot = {
  guestIndex: number | null;
  name: string | null;
  age: number | null;
  weight: number;
  kind: 'full' | 'reduction' | 'exempt';
  ruleId: string | null;
  reason: TGuestRuleReason;
};

export function computeStayTax(input: TStayTaxInput): TStayTax {
  const { checkIn, checkOut, componentsNumber, structure } = input;
  const capMode = input.capMode ?? 'stay';

  // Rule 1: dates.
  const dateDetails: TTaxRuleErrorDetail[] = [];
  if (!isIsoDate(checkIn)) dateDetails.push({ path: 'checkIn', message: 'must be a date YYYY-MM-DD' });
  if (!isIsoDate(checkOut)) dateDetails.push({ path: 'checkOut', message: 'must be a date YYYY-MM-DD' });
  if (dateDetails.length) throw new TaxRuleError('INVALID_DATES', dateDetails);
  const nightsNumber = daysBetween(checkIn, checkOut);
  if (nightsNumber < 1) throw new TaxRuleError('INVALID_DATES', [{ path: 'checkOut', message: 'must be after checkIn' }]);
  if (nightsNumber > MAX_STAY_NIGHTS) throw new TaxRuleError('INVALID_DATES', [{ path: 'checkOut', message: `a stay lasts at most ${MAX_STAY_NIGHTS} nights` }]);

  // Rule 4: guests.
  if (!Number.isSafeInteger(componentsNumber) || componentsNumber < 1) {
    throw new TaxRuleError('INVALID_COMPONENTS', [{ path: 'componentsNumber', message: 'must be a whole number of at least 1' }]);
  }
  const guests = input.guests ?? [];
  if (guests.length > componentsNumber) {
    throw new TaxRuleError('INVALID_COMPONENTS', [{ path: 'guests', message: `${guests.length} guests recorded for a stay of ${componentsNumber}` }]);
  }
  const guestDateDetails: TTaxRuleErrorDetail[] = [];
  guests.forEach((g, i) => {
    if (g.birthDate === null || g.birthDate === undefined || g.birthDate === '') return;
    if (!isIsoDate(g.birthDate)) guestDateDetails.push({ path: `guests[${i}].birthDate`, message: 'must be a date YYYY-MM-DD' });
    else if (g.birthDate > checkIn) guestDateDetails.push({ path: `guests[${i}].birthDate`, message: 'must not be after checkIn' });
  });
  if (guestDateDetails.length) throw new TaxRuleError('INVALID_DATES', guestDateDetails);

  const typedExemptions = mergeCounts(input.appliedExemptions ?? [], (a) => a.exemptionId, 'appliedExemptions');
  const exemptionById = new Map(input.exemptions.map((e) => [e.id, e]));
  for (const { id, path } of typedExemptions) {
    if (!exemptionById.has(id)) throw new TaxRuleError('UNKNOWN_EXEMPTION', [{ path, message: `Unknown exemption ${id}` }]);
  }
  const cityReductions = input.reductions.filter((r) => r.cityId === structure.cityId);
  const reductionById = new Map(cityReductions.map((r) => [r.id, r]));
  const typedReductions = mergeCounts(input.appliedReductions ?? [], (a) => a.reductionId, 'appliedReductions');
  for (const { id, path } of typedReductions) {
    const reduction = reductionById.get(id);
    if (!reduction) throw new TaxRuleError('UNKNOWN_REDUCTION', [{ path, message: `Unknown reduction ${id} for this comune` }]);
    validateReduction(reduction, `reductions[${id}]`);
  }

  const slots = assignGuests(input, guests, typedExemptions, typedReductions);
  const weightOf = (kind: TSlot['kind'], id?: string) => sum(slots.filter((s) => s.kind === kind && (id === undefined || s.ruleId === id)).map((s) => s.weight));
  const exemptGuests = weightOf('exempt');
  const reducedGuests = weightOf('reduction');
  const payingGuests = componentsNumber - exemptGuests;
  const fullGuests = payingGuests - reducedGuests;

  // Rules 2 and 3: a tariff per night and the cap.
  const dates = eachNight(checkIn, checkOut);
  const plan = planNights(input, dates, capMode);
  const tariffs = plan.map((p) => p.tariff);
  for (const tariff of new Set(tariffs)) if (tariff) validateTariff(tariff, `tariffs[${tariff.id}]`);
  const taxableNights = plan.filter((p) => p.taxable).length;

  const accommodation = input.accommodationAmountCents;
  const nightlyPrices = input.nightlyPricesCents ?? null;
  if (accommodation !== null && accommodation !== undefined && !isNonNegativeInt(accommodation)) {
    throw new TaxRuleError('INVALID_ACCOMMODATION_AMOUNT', [{ path: 'accommodationAmountCents', message: 'must be a whole number of cents >= 0' }]);
  }
  if (nightlyPrices !== null) {
    if (nightlyPrices.length !== nightsNumber) {
      throw new TaxRuleError('INVALID_ACCOMMODATION_AMOUNT', [{ path: 'nightlyPricesCents', message: `needs one price per night (${nightsNumber})` }]);
    }
    const bad = nightlyPrices.findIndex((p) => !isNonNegativeInt(p));
    if (bad >= 0) throw new TaxRuleError('INVALID_ACCOMMODATION_AMOUNT', [{ path: `nightlyPricesCents[${bad}]`, message: 'must be a whole number of cents >= 0' }]);
  }
  const needsAmount = plan.some((p) => p.taxable && p.tariff?.type === 'percentage');
  if (needsAmount && nightlyPrices === null && (accommodation === null || accommodation === undefined)) {
    throw new TaxRuleError('MISSING_ACCOMMODATION_AMOUNT', [{ path: 'accommodationAmountCents', message: 'is required: a percentage tariff applies to this stay' }]);
  }

  // Exact guest-night tax of each taxable night, as a numerator over D.
  const D = BigInt(nightsNumber) * BigInt(componentsNumber) * BP * BP;
  const perGuest: bigint[] = plan.map(({ tariff, taxable }, i) => {
    if (!taxable || !tariff) return 0n;
    if (tariff.type === 'flat') return BigInt(tariff.nightlyPriceCents) * D;
    // price of the night P x bp / (C x 10^4) cents = P x bp x N x 10^4 / D; with A spread evenly, P = A / N.
    const share =
      nightlyPrices !== null ? BigInt(nightlyPrices[i]) * BigInt(tariff.percentageBasisPoints) * BP * BigInt(nightsNumber) : BigInt(accommodation ?? 0) * BigInt(tariff.percentageBasisPoints) * BP;
    const max = capOf(tariff.maxPerPersonNightCents);
    return max === null ? share : minBig(share, BigInt(max) * D);
  });

  // Rule 6: per reduction used by any guest, the exact reduction of one guest on each night.
  const usedReductionIds = [...new Set([...typedReductions.map((r) => r.id), ...slots.flatMap((s) => (s.kind === 'reduction' && s.ruleId !== null ? [s.ruleId] : []))])].sort(compareIds);
  const reductionLines = usedReductionIds.map((id) => {
    const reduction = reductionById.get(id);
    // Every id was checked above, or is one of this comune's age reductions.
    if (!reduction) throw new TaxRuleError('UNKNOWN_REDUCTION', [{ path: 'reductions', message: `Unknown reduction ${id} for this comune` }]);
    const nightIndexes = reductionNights(reduction, dates, plan, structure);
    const perGuestReduction = reductionPerGuestNight(reduction, nightIndexes, tariffs, perGuest, D);
    return { reduction, count: weightOf('reduction', id), nightIndexes, perGuestReduction };
  });
  const reductionLineById = new Map(reductionLines.map((l) => [l.reduction.id, l]));

  const nightTariffExact = perGuest.map((s) => s * BigInt(payingGuests));
  const nightReductionExact = dates.map((_, i) => reductionLines.reduce((acc, line) => acc + line.perGuestReduction[i] * BigInt(line.count), 0n));
  const tariffImportCents = roundHalfUpToCent(sumBig(nightTariffExact), D);
  const reductionImportCents = roundHalfUpToCent(sumBig(nightReductionExact), D);

  // Breakdown per night.
  const nightAmounts = allocateCents(
    dates.map((_, i) => ({ tariff: nightTariffExact[i], reduction: nightReductionExact[i] })),
    D,
  );
  const nights: TStayNight[] = dates.map((date, i) => {
    const tariff = tariffs[i];
    return {
      date,
      tariffId: tariff?.id ?? null,
      tariffName: tariff?.name ?? '',
      tariffType: tariff?.type ?? null,
      nightlyPriceCents: tariff?.type === 'flat' ? tariff.nightlyPriceCents : null,
      percentageBasisPoints: tariff?.type === 'percentage' ? tariff.percentageBasisPoints : null,
      taxable: plan[i].taxable,
      tariffCents: nightAmounts[i].tariffCents,
      reductionCents: nightAmounts[i].reductionCents,
      toPayCents: nightAmounts[i].tariffCents - nightAmounts[i].reductionCents,
    };
  });

  // Breakdown per guest category.
  const stayPerGuest = sumBig(perGuest);
  const categoryExact = [
    { tariff: stayPerGuest * BigInt(fullGuests), reduction: 0n },
    ...reductionLines.map((line) => ({
      tariff: stayPerGuest * BigInt(line.count),
      reduction: sumBig(line.perGuestReduction) * BigInt(line.count),
    })),
  ];
  const categoryAmounts = allocateCents(categoryExact, D);
  const exemptIds = [...new Set(slots.flatMap((s) => (s.kind === 'exempt' && s.ruleId !== null ? [s.ruleId] : [])))].sort(compareIds);
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
    ...exemptIds.map((id): TStayCategory => {
      const guestsOf = weightOf('exempt', id);
      return {
        kind: 'exempt',
        id,
        name: exemptionById.get(id)?.name ?? id,
        guests: guestsOf,
        exemptGuestNights: guestsOf * nightsNumber,
        taxableGuestNights: 0,
        tariffCents: 0,
        reductionCents: 0,
        toPayCents: 0,
      };
    }),
  ];

  // Breakdown per guest: which guest got what.
  const stayReductionOf = (id: string | null) => (id ? sumBig(reductionLineById.get(id)?.perGuestReduction ?? []) : 0n);
  const guestAmounts = allocateCents(
    slots.map((slot) => ({
      tariff: slot.kind === 'exempt' ? 0n : stayPerGuest * BigInt(slot.weight),
      reduction: slot.kind === 'reduction' ? stayReductionOf(slot.ruleId) * BigInt(slot.weight) : 0n,
    })),
    D,
  );
  const guestLines: TStayGuestLine[] = slots.map((slot, k) => ({
    guestIndex: slot.guestIndex,
    name: slot.name,
    age: slot.age,
    guests: slot.weight,
    kind: slot.kind,
    ruleId: slot.ruleId,
    ruleName: slot.ruleId ? ((slot.kind === 'exempt' ? exemptionById.get(slot.ruleId)?.name : reductionById.get(slot.ruleId)?.name) ?? slot.ruleId) : null,
    reason: slot.reason,
    taxableNights: slot.kind === 'exempt' ? 0 : taxableNights,
    reducedNights: slot.kind === 'reduction' && slot.ruleId !== null ? (reductionLineById.get(slot.ruleId)?.nightIndexes.length ?? 0) : 0,
    tariffCents: guestAmounts[k].tariffCents,
    reductionCents: guestAmounts[k].reductionCents,
    toPayCents: guestAmounts[k].tariffCents - guestAmounts[k].reductionCents,
  }));

  const reducedPresences = sum(reductionLines.map((l) => l.count * l.nightIndexes.length));
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
    tariffIds: [...new Set(plan.flatMap((p) => (p.taxable && p.tariff ? [p.tariff.id] : [])))],
    reductionIds: reductionLines.filter((line) => line.count > 0 && line.perGuestReduction.some((r) => r > 0n)).map((line) => line.reduction.id),
    exemptionIds: exemptIds,
    nights,
    categories,
    guestLines,
    presences: {
      paying: payingGuests * taxableNights - reducedPresences,
      reduced: reducedPresences,
      exempt: exemptGuests * nightsNumber,
      beyondCap: payingGuests * (nightsNumber - taxableNights),
    },
  };
}

/**
 * Rules 2 and 3: the tariff of each night and whether it is taxable. Counts start from the earlier
 * consecutive stays (previousNights).
 */
function planNights(input: TStayTaxInput, dates: readonly string[], capMode: 'stay' | 'season'): { tariff: TTariff | null; taxable: boolean }[] {
  const tariffById = new Map(input.tariffs.map((t) => [t.id, t]));
  let countedAll = 0;
  const countedByTariff = new Map<string, number>();
  let last: TTariff | null = null;
  const count = (tariffId: string | null) => {
    countedAll += 1;
    if (tariffId) countedByTariff.set(tariffId, (countedByTariff.get(tariffId) ?? 0) + 1);
  };
  const capReached = (tariff: TTariff) => {
    const cap = capOf(tariff.maxNights);
    if (cap === null) return false;
    const counted = capMode === 'stay' ? countedAll : (countedByTariff.get(tariff.id) ?? 0);
    return counted >= cap;
  };
  for (const night of input.previousNights ?? []) {
    if (night.taxable) count(night.tariffId);
    const tariff = night.tariffId ? tariffById.get(night.tariffId) : undefined;
    if (tariff) last = tariff;
  }
  return dates.map((date) => {
    const tariff = findTariffForNight(input.tariffs, input.structure, date);
    if (!tariff) {
      if (last && capReached(last)) return { tariff: null, taxable: false };
      throw new TaxRuleError('NO_TARIFF_FOR_NIGHT', [{ path: 'checkIn', message: `No tariff applies to the night of ${date}` }], { date });
    }
    last = tariff;
    const taxable = !capReached(tariff);
    if (taxable) count(tariff.id);
    return { tariff, taxable };
  });
}

/** Rule 4: the rule of each guest, recorded guests one by one, the others in groups. */
function assignGuests(
  input: TStayTaxInput,
  guests: readonly TStayGuestFacts[],
  typedExemptions: readonly { id: string; count: number }[],
  typedReductions: readonly { id: string; count: number }[],
): TSlot[] {
  const { checkIn, checkOut, componentsNumber, structure } = input;
  const byId = <T extends { id: string }>(rules: readonly T[]) => [...rules].sort((a, b) => compareIds(a.id, b.id));
  const exemptions = byId(input.exemptions);
  const lastNight = eachNight(checkIn, checkOut).at(-1) ?? null;
  const stayValidity = { validFrom: checkIn, validTo: lastNight };
  const ageReductions = byId(input.reductions).filter((r) => hasAgeRange(r) && ruleMatchesStructure(r, structure) && validityOverlaps(r, stayValidity));
  const ageExemptions = exemptions.filter((e) => e.condition === 'age' && hasAgeRange(e));
  const residentExemption = exemptions.find((e) => e.condition === 'resident');
  const leaderExemption = exemptions.find((e) => e.condition === 'tourLeader' && (e.participantsPerLeader ?? 0) > 0);
  const ageAt = (g: TStayGuestFacts, rule: { ageOn?: string | null }) => (g.birthDate ? ageOn(g.birthDate, rule.ageOn === 'checkOut' ? checkOut : checkIn) : null);
  const inRange = (g: TStayGuestFacts, rule: TExemption | TReduction) => {
    const age = ageAt(g, rule);
    return age !== null && ageInRange(rule, age);
  };
  const leaders = guests.filter((g) => g.tourLeader).length;
  const participantsPerLeader = leaderExemption?.participantsPerLeader ?? 0;
  let leadersExempt = participantsPerLeader > 0 ? Math.floor((componentsNumber - leaders) / participantsPerLeader) : 0;

  const slots: TSlot[] = guests.map((g, i) => {
    const name = [g.name, g.surname].filter(Boolean).join(' ') || null;
    const slot = { guestIndex: i, name, age: g.birthDate ? ageOn(g.birthDate, checkIn) : null, weight: 1 };
    if (g.resident && residentExemption) return { ...slot, kind: 'exempt', ruleId: residentExemption.id, reason: 'resident' };
    const ageExemption = ageExemptions.find((e) => inRange(g, e));
    if (ageExemption) return { ...slot, kind: 'exempt', ruleId: ageExemption.id, reason: 'age' };
    if (g.tourLeader && leaderExemption && leadersExempt > 0) {
      leadersExempt -= 1;
      return { ...slot, kind: 'exempt', ruleId: leaderExemption.id, reason: 'tourLeader' };
    }
    const ageReduction = ageReductions.find((r) => inRange(g, r));
    if (ageReduction) return { ...slot, kind: 'reduction', ruleId: ageReduction.id, reason: 'age' };
    return { ...slot, kind: 'full', ruleId: null, reason: null };
  });

  // Typed counts: guests not recorded first, then recorded guests without a rule, last recorded first.
  let notRecorded = componentsNumber - guests.length;
  const groups: TSlot[] = [];
  const free = slots.filter((s) => s.kind === 'full').reverse();
  const typed = [...typedExemptions.map((e) => ({ ...e, kind: 'exempt' as const })), ...typedReductions.map((r) => ({ ...r, kind: 'reduction' as const }))];
  for (const rule of typed) {
    let left = rule.count;
    const fromGroup = Math.min(left, notRecorded);
    if (fromGroup > 0) groups.push({ guestIndex: null, name: null, age: null, weight: fromGroup, kind: rule.kind, ruleId: rule.id, reason: 'count' });
    notRecorded -= fromGroup;
    left -= fromGroup;
    while (left > 0 && free.length > 0) {
      const slot = free.shift();
      if (!slot) break;
      Object.assign(slot, { kind: rule.kind, ruleId: rule.id, reason: 'count' });
      left -= 1;
    }
    if (left > 0) {
      const automatic = slots.filter((s) => s.reason !== null && s.reason !== 'count').length;
      throw new TaxRuleError('TOO_MANY_EXEMPT_OR_REDUCED', [
        {
          path: 'componentsNumber',
          message: `${sum(typed.map((t) => t.count))} exempt or reduced guests stated, ${automatic} by the comune's automatic rules: more than the ${componentsNumber} guests of the stay`,
        },
      ]);
    }
  }
  if (notRecorded > 0) groups.push({ guestIndex: null, name: null, age: null, weight: notRecorded, kind: 'full', ruleId: null, reason: null });
  return [...slots, ...groups];
}

/** Indexes of the taxable nights on which the reduction applies, capped at its own maxNights. */
function reductionNights(reduction: TReduction, dates: readonly string[], plan: readonly { taxable: boolean }[], structure: TStayTaxInput['structure']): number[] {
  const eligible: number[] = [];
  for (let i = 0; i < dates.length; i++) {
    if (plan[i].taxable && ruleAppliesOn(reduction, structure, dates[i])) eligible.push(i);
  }
  const cap = capOf(reduction.maxNights);
  return cap === null ? eligible : eligible.slice(0, cap);
}

function reductionPerGuestNight(reduction: TReduction, nightIndexes: readonly number[], tariffs: readonly (TTariff | null)[], perGuest: readonly bigint[], D: bigint): bigint[] {
  const result = tariffs.map(() => 0n);
  for (const i of nightIndexes) {
    const tax = perGuest[i];
    const tariff = tariffs[i]; // taxable nights always have a tariff
    if (reduction.reductionType === 'flat') {
      const amount = BigInt(reduction.amountCents) * D;
      result[i] = amount < tax ? amount : tax;
    } else if (tariff?.type === 'flat') {
      // Rule 6: rounded half-up to the cent per guest-night.
      const cents = roundHalfUpToCent(BigInt(tariff.nightlyPriceCents) * BigInt(reduction.percentageBasisPoints), BP);
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

function minBig(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
