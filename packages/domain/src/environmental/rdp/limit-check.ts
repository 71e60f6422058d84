/**
 * The measured value of an analytic row and its check against the row's limits. Laboratories write
 * values as numbers ("12,5", "0.003") or as "below the limit of quantification" ("< LOQ", "<0,01":
 * the true value is under the given LOQ), sometimes "> 1000" (over the measuring range). The check
 * is inclusive: a value equal to a bound is within it. A bound that is missing is not checked. When
 * a "<"/">" value cannot be placed against a bound (an LOQ above the upper limit), the result is
 * `indeterminate`, never a silent "within".
 */

export type TAnalyticValue =
  | { kind: 'number'; number: number }
  /** Below the limit of quantification; `loq` is the limit when the laboratory wrote it ("< 0,01"). */
  | { kind: 'belowLoq'; loq: number | null }
  /** Above a measuring limit ("> 1000"). */
  | { kind: 'above'; number: number }
  | { kind: 'empty' }
  | { kind: 'invalid'; text: string };

const NUMBER = /^[+-]?(?:\d+(?:[.,]\d+)?|[.,]\d+)(?:[eE][+-]?\d+)?$/;
/** Words labs use for "not quantified": LOQ, LOD, LQ, LR (limite di rilevabilità), n.r., n.d., ND, "non rilevabile". */
const BELOW_WORDS = /^(?:<\s*)?(?:loq|lod|lq|ldq|ldr|lr|n\.?\s?r\.?|n\.?\s?d\.?|nd|nr|non\s+rilevabile|non\s+rilevato|inferiore\s+al\s+loq)$/i;

/** A decimal number written with a comma or a dot ("1.234,5" with grouping is not accepted: ambiguous). */
export function parseDecimal(text: string): number | null {
  const trimmed = text.trim().replace(/\s+/g, '');
  if (!NUMBER.test(trimmed)) return null;
  const n = Number(trimmed.replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}

export function parseAnalyticValue(raw: unknown): TAnalyticValue {
  if (raw === null || raw === undefined) return { kind: 'empty' };
  if (typeof raw === 'number') return Number.isFinite(raw) ? { kind: 'number', number: raw } : { kind: 'invalid', text: String(raw) };
  const text = String(raw).trim();
  if (text === '') return { kind: 'empty' };
  if (BELOW_WORDS.test(text)) return { kind: 'belowLoq', loq: null };
  const number = parseDecimal(text);
  if (number !== null) return { kind: 'number', number };
  const below = /^<\s*(.+)$/.exec(text);
  if (below) {
    const loq = parseDecimal(below[1]);
    if (loq !== null) return { kind: 'belowLoq', loq };
  }
  const above = /^>\s*(.+)$/.exec(text);
  if (above) {
    const limit = parseDecimal(above[1]);
    if (limit !== null) return { kind: 'above', number: limit };
  }
  return { kind: 'invalid', text };
}

/** `below` and `above` are out of limits; `indeterminate` cannot be decided from a "<"/">" value. */
export type TLimitStatus = 'within' | 'below' | 'above' | 'indeterminate' | 'noLimits' | 'noValue';

export type TLimits = { lowerLimit?: number | null; upperLimit?: number | null };

export function checkAnalyticValue(value: TAnalyticValue, { lowerLimit = null, upperLimit = null }: TLimits): TLimitStatus {
  if (value.kind === 'empty' || value.kind === 'invalid') return 'noValue';
  if (lowerLimit === null && upperLimit === null) return 'noLimits';
  switch (value.kind) {
    case 'number':
      if (lowerLimit !== null && value.number < lowerLimit) return 'below';
      if (upperLimit !== null && value.number > upperLimit) return 'above';
      return 'within';
    case 'belowLoq': {
      // The true value is below the LOQ (or unknown but "not quantifiable" when no LOQ is written).
      if (lowerLimit !== null) {
        // value < loq <= lower: certainly below the lower limit; otherwise it cannot be told.
        if (value.loq !== null && value.loq <= lowerLimit) return 'below';
        return 'indeterminate';
      }
      // Only an upper limit: under the LOQ is within it unless the LOQ itself is above the limit.
      if (value.loq !== null && upperLimit !== null && value.loq > upperLimit) return 'indeterminate';
      return 'within';
    }
    case 'above':
      // value > n >= upper: certainly above.
      if (upperLimit !== null && value.number >= upperLimit) return 'above';
      if (upperLimit !== null) return 'indeterminate';
      // only a lower limit: value > n >= lower is within
      return lowerLimit !== null && value.number >= lowerLimit ? 'within' : 'indeterminate';
  }
}

export const isOutOfLimits = (status: TLimitStatus) => status === 'below' || status === 'above';

/** The check of one row from its written value (as stored) and limits. */
export function checkAnalyticRow(row: { value?: string | number | null } & TLimits): TLimitStatus {
  return checkAnalyticValue(parseAnalyticValue(row.value), row);
}
