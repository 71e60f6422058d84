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
  };

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
  };

export type TExemption = { id: string; name: string };

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
};

export type TStayNight = {
  date: string;
  tariffId: string;
  tariffName: string;
  tariffType: 'flat' | 'percentage';
  /** flat tariffs: cents per paying guest; null for percentage tariffs */
  nightlyPriceCents: number | null;
  /** percentage tariffs: basis points; null for flat tariffs */
  percentageBasisPoints: number | null;
  /** false for nights beyond the first night's tariff maxNights */
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
};
