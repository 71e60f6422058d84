/**
 * Shapes of the tourist-tax rules as the engine sees them. Amounts are integer cents, percentages are
 * basis points (1% = 100), dates are 'YYYY-MM-DD'. An empty dimension (null, undefined or '') means
 * "any": the rule applies to every structure type / class / area of its comune.
 */

export type TScopeDimension = 'structureTypeId' | 'structureClassId' | 'relevantAreaId';

export type TRuleScope = {
  cityId: string;
  structureTypeId?: string | null;
  structureClassId?: string | null;
  relevantAreaId?: string | null;
};

/** The structure being taxed: same fields as a rule scope, where empty means "not classified". */
export type TStructureScope = TRuleScope;

export type TValidity = { validFrom: string; validTo: string | null };

export type TTariff = TRuleScope &
  TValidity & {
    id: string;
    name: string;
    type: 'flat' | 'percentage';
    /** flat: cents per paying guest per taxable night (ignored for percentage tariffs) */
    nightlyPriceCents: number;
    /** percentage: share of the accommodation amount, 1% = 100 (ignored for flat tariffs) */
    percentageBasisPoints: number;
    /** Cap on taxable nights of a stay; null (or 0, as forms often send it) = no cap. */
    maxNights: number | null;
    /**
     * percentage: at most this many cents per person per night (e.g. 5% of the price, at most 5.00
     * euros); null or 0 = no maximum. Ignored for flat tariffs.
     */
    maxPerPersonNightCents?: number | null;
  };

/**
 * An age range of an exemption or reduction, in completed years, both ends inclusive ("under 12" is
 * ageTo 11, "10 to 16" is 10..16); an empty end is open. The age is taken on the check-in date or on
 * the check-out date (the regulation says which), so a guest keeps one status for the whole stay.
 */
export type TAgeRange = { ageFrom?: number | null; ageTo?: number | null; ageOn?: TAgeOn | null };
export type TAgeOn = 'checkIn' | 'checkOut';

/**
 * How a comune counts its cap on taxable nights (every tariff may carry maxNights):
 * - 'stay': the taxable nights of any season count together; a night is beyond the cap when the
 *   taxable nights before it (this stay and the consecutive earlier stays of the guest in the
 *   structure) reach the cap of the night's own tariff;
 * - 'season': only the taxable nights priced by the same tariff count, so a new season starts a new count.
 */
export type TCapMode = 'stay' | 'season';

export type TReduction = TRuleScope &
  TValidity & {
    id: string;
    name: string;
    reductionType: 'flat' | 'percentage';
    /** flat: cents off each reduced guest-night (ignored for percentage) */
    amountCents: number;
    /** percentage: share of the guest-night tax taken off, 1% = 100 (ignored for flat) */
    percentageBasisPoints: number;
    /** Cap on the nights on which this reduction applies; null (or 0) = no cap. */
    maxNights: number | null;
  } & TAgeRange;

/**
 * What makes a guest exempt:
 * - 'count' (default): the hotelier states how many guests it covers (a driver, a patient...);
 * - 'age': recorded guests whose age is in the range (TAgeRange) are exempt by themselves;
 * - 'resident': recorded guests marked resident of the comune;
 * - 'tourLeader': recorded guests marked tour leader, one for every `participantsPerLeader` other guests.
 * The automatic ones also accept typed counts, for guests whose data are not recorded.
 */
export type TExemptionCondition = 'count' | 'age' | 'resident' | 'tourLeader';

export type TExemption = {
  id: string;
  name: string;
  condition?: TExemptionCondition | null;
  /** tourLeader: one leader exempt for every N participants (others than the leaders). */
  participantsPerLeader?: number | null;
} & TAgeRange;

/** A recorded guest of a stay as the engine sees it (lead guest first). */
export type TStayGuestFacts = {
  name?: string | null;
  surname?: string | null;
  birthDate?: string | null;
  /** Resident of the stay's comune. */
  resident?: boolean | null;
  tourLeader?: boolean | null;
};

/** A night of an earlier consecutive stay of the same guest in the same structure (for the cap). */
export type TPreviousNight = { tariffId: string | null; taxable: boolean };

export type TAppliedReduction = { reductionId: string; count: number };
export type TAppliedExemption = { exemptionId: string; count: number };

export type TStayTaxInput = {
  checkIn: string;
  checkOut: string;
  componentsNumber: number;
  /** Price of the accommodation for the whole stay and all guests; needed only by percentage tariffs. */
  accommodationAmountCents?: number | null;
  structure: TStructureScope;
  /** The comune's tariffs (others are ignored). */
  tariffs: readonly TTariff[];
  /** The comune's reductions; an applied reduction of another comune is UNKNOWN_REDUCTION. */
  reductions: readonly TReduction[];
  exemptions: readonly TExemption[];
  appliedReductions?: readonly TAppliedReduction[];
  appliedExemptions?: readonly TAppliedExemption[];
  /** Recorded guests (at most componentsNumber); age, resident and tour-leader rules apply to them. */
  guests?: readonly TStayGuestFacts[];
  /**
   * Price of the accommodation of each night (all guests), when it varies; one entry per night.
   * Percentage tariffs use it instead of spreading accommodationAmountCents evenly over the nights.
   */
  nightlyPricesCents?: readonly number[] | null;
  /** Default 'stay'. */
  capMode?: TCapMode;
  /** Nights of the earlier stays that this stay extends (same guest, same structure, no gap), oldest first. */
  previousNights?: readonly TPreviousNight[];
};

export type TStayNight = {
  date: string;
  /** null only for a night beyond the cap that no tariff covers (it needs none). */
  tariffId: string | null;
  tariffName: string;
  tariffType: 'flat' | 'percentage' | null;
  /** flat tariffs: cents per paying guest; null for percentage tariffs */
  nightlyPriceCents: number | null;
  /** percentage tariffs: basis points; null for flat tariffs */
  percentageBasisPoints: number | null;
  /** false for nights beyond the cap (see TCapMode) */
  taxable: boolean;
  /** Tax of this night for all paying guests, before reductions (sums to tariffImportCents). */
  tariffCents: number;
  /** Reductions granted on this night (sums to reductionImportCents). */
  reductionCents: number;
  toPayCents: number;
};

export type TStayCategory =
  | {
      kind: 'full';
      id: null;
      name: string;
      guests: number;
      taxableGuestNights: number;
      tariffCents: number;
      reductionCents: 0;
      toPayCents: number;
    }
  | {
      kind: 'reduction';
      id: string;
      name: string;
      guests: number;
      taxableGuestNights: number;
      /** Guest-nights on which the reduction was valid, matched the structure and was within its maxNights. */
      reducedGuestNights: number;
      tariffCents: number;
      reductionCents: number;
      toPayCents: number;
    }
  | {
      kind: 'exempt';
      id: string;
      name: string;
      guests: number;
      /** guests x nights of the stay */
      exemptGuestNights?: number;
      taxableGuestNights: 0;
      tariffCents: 0;
      reductionCents: 0;
      toPayCents: 0;
    };

export type TStayTax = {
  /** Year the stay is declared in: the year of its checkOut. */
  year: number;
  nightsNumber: number;
  taxableNights: number;
  componentsNumber: number;
  exemptGuests: number;
  payingGuests: number;
  reducedGuests: number;
  tariffImportCents: number;
  reductionImportCents: number;
  toPayAmountCents: number;
  /** Tariffs of the taxable nights, in night order, without repeats. */
  tariffIds: string[];
  /** Reductions that lowered at least one guest-night, sorted by id. */
  reductionIds: string[];
  /** Exemptions with a count above zero, sorted by id. */
  exemptionIds: string[];
  nights: TStayNight[];
  /** 'full' first, then reductions sorted by id, then exemptions sorted by id. Amounts sum to the totals. */
  categories: TStayCategory[];
  /** Which guest got what: one line per recorded guest, then one per group of guests not recorded. */
  guestLines: TStayGuestLine[];
  presences: TStayPresences;
};

/** Guest-nights of a stay by how they were taxed; they add up to componentsNumber x nightsNumber. */
export type TStayPresences = {
  /** Taxable guest-nights at the full rate (including reduced guests on nights their reduction did not cover). */
  paying: number;
  /** Guest-nights a reduction actually applied to. */
  reduced: number;
  /** Guest-nights of exempt guests. */
  exempt: number;
  /** Guest-nights of non-exempt guests on the nights beyond the cap. */
  beyondCap: number;
};

export type TGuestRuleReason = 'age' | 'resident' | 'tourLeader' | 'count' | null;

export type TStayGuestLine = {
  /** Index in the stay's recorded guests; null for a group of guests not recorded. */
  guestIndex: number | null;
  name: string | null;
  /** Age in completed years on the date the rules take it (check-in), when the birth date is known. */
  age: number | null;
  guests: number;
  kind: 'full' | 'reduction' | 'exempt';
  ruleId: string | null;
  ruleName: string | null;
  reason: TGuestRuleReason;
  taxableNights: number;
  reducedNights: number;
  tariffCents: number;
  reductionCents: number;
  toPayCents: number;
};
