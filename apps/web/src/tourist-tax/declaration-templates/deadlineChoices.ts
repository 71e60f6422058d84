import type { TDeadlineRule } from '@app/domain/tourist-tax/filings/deadline-rules';
import { wholeNumber } from '../../components/validators';

/*
 * A deadline as the comune's regulation writes it, chosen in the "generate a year" dialog: N days
 * after the end of the period (Bergamo: 30), day N of the following month (Roma: the 16th), or the
 * end of the following month (Firenze). The API takes the first as an offset and the others as a rule.
 */

export const DEADLINE_KINDS = ['daysAfter', 'dayOfMonthAfter', 'endOfMonthAfter'] as const;
export type TDeadlineKind = (typeof DEADLINE_KINDS)[number];

/** The number typed beside the kind: days after the end (0-366), or the day of the month (1-31). */
export function deadlineValueProblem(kind: TDeadlineKind, value: string): string | undefined {
  if (kind === 'endOfMonthAfter') return undefined;
  if (value.trim() === '') return 'validation.required';
  return kind === 'daysAfter' ? wholeNumber(0, 366)(value) : wholeNumber(1, 31)(value);
}

/** The rule for the domain's generatePeriods and the API; null while the typed number is not valid. */
export function deadlineRuleOf(kind: TDeadlineKind, value: string): TDeadlineRule | null {
  if (deadlineValueProblem(kind, value)) return null;
  if (kind === 'daysAfter') return { kind, days: Number(value) };
  if (kind === 'dayOfMonthAfter') return { kind, day: Number(value) };
  return { kind };
}

/** The API's body fields of one deadline: an offset in days, or a rule (the offset is then unused). */
export function deadlineBody(rule: TDeadlineRule): { offsetDays: number; rule: TDeadlineRule | null } {
  return rule.kind === 'daysAfter' ? { offsetDays: rule.days, rule: null } : { offsetDays: 0, rule };
}
