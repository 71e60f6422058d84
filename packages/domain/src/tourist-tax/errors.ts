/**
 * The one error type of the tourist-tax rules. `code` is stable (the API maps it to a 4xx status and
 * the web to a translated message); `details` point at the offending input field.
 */
export type TTaxRuleErrorCode =
  | 'INVALID_DATES' // checkIn/checkOut not dates, or checkOut not after checkIn
  | 'INVALID_COMPONENTS' // componentsNumber not a whole number >= 1
  | 'INVALID_COUNT' // an applied exemption/reduction count is not a whole number >= 0
  | 'TOO_MANY_EXEMPT_OR_REDUCED' // exempt + reduced guests > componentsNumber
  | 'UNKNOWN_REDUCTION' // reductionId not among the comune's reductions
  | 'UNKNOWN_EXEMPTION' // exemptionId not among the comune's exemptions
  | 'NO_TARIFF_FOR_NIGHT' // no tariff applies to a night (`date` set)
  | 'AMBIGUOUS_TARIFF' // two tariffs of equal specificity apply to a night (`date` set); saved data should prevent it
  | 'MISSING_ACCOMMODATION_AMOUNT' // a percentage tariff applies but the accommodation amount is missing
  | 'INVALID_ACCOMMODATION_AMOUNT' // accommodation amount not a whole number of cents >= 0
  | 'INVALID_RULE' // a tariff or reduction definition is malformed
  | 'TARIFF_CONFLICT' // a tariff overlaps another of equal specificity (API: 409)
  | 'REDUCTION_CONFLICT'; // a reduction duplicates another one (API: 409)

export type TTaxRuleErrorDetail = { path: string; message: string };

export class TaxRuleError extends Error {
  override readonly name = 'TaxRuleError';
  readonly code: TTaxRuleErrorCode;
  readonly details: TTaxRuleErrorDetail[];
  /** The night concerned, for NO_TARIFF_FOR_NIGHT and AMBIGUOUS_TARIFF. */
  readonly date?: string;
  /** The id of the conflicting rule, for TARIFF_CONFLICT / REDUCTION_CONFLICT / AMBIGUOUS_TARIFF. */
  readonly conflictingId?: string;

  constructor(code: TTaxRuleErrorCode, details: TTaxRuleErrorDetail[], extra: { date?: string; conflictingId?: string } = {}) {
    super(`${code}: ${details.map((d) => `${d.path}: ${d.message}`).join('; ')}`);
    this.code = code;
    this.details = details;
    if (extra.date !== undefined) this.date = extra.date;
    if (extra.conflictingId !== undefined) this.conflictingId = extra.conflictingId;
  }
}

export function isTaxRuleError(error: unknown): error is TaxRuleError {
  return error instanceof TaxRuleError;
}
