/**
 * Declaration periods. A stay belongs to the year and to the period that contain its checkOut date,
 * because the tax is collected at check-out.
 */
import { daysInMonth, isIsoDate, isoDateOf } from './dates.ts';
import { deadlineFor, type TDeadlineRule } from './filings/deadline-rules.ts';

export const ITALIAN_MONTHS = ['Gennaio', 'Febbraio', 'Marzo', 'Aprile', 'Maggio', 'Giugno', 'Luglio', 'Agosto', 'Settembre', 'Ottobre', 'Novembre', 'Dicembre'] as const;

export const QUARTERS = [1, 2, 3, 4] as const;
export type TQuarter = (typeof QUARTERS)[number];
export type TPeriodFrequency = 'monthly' | 'quarterly' | 'fourMonthly';
export type TDateRange = { dateFrom: string; dateTo: string };
export type TGeneratedPeriod = TDateRange & { periodName: string; submitBy: string; payBy: string };

function assertDate(date: string): void {
  if (!isIsoDate(date)) throw new RangeError(`Not a valid date (YYYY-MM-DD): ${date}`);
}

function monthOf(date: string): number {
  assertDate(date);
  return Number(date.slice(5, 7));
}

/** 1 for January-March ... 4 for October-December. */
export function quarterOf(date: string): TQuarter {
  return QUARTERS[Math.floor((monthOf(date) - 1) / 3)];
}

/** 'Trim 1' .. 'Trim 4' (the quarter rows of the annual declaration). */
export function quarterLabel(quarter: TQuarter): string {
  return `Trim ${quarter}`;
}

/** The year a stay is declared in: the year of its checkOut. */
export function stayYear(checkOut: string): number {
  assertDate(checkOut);
  return Number(checkOut.slice(0, 4));
}

export function quarterRange(year: number, quarter: TQuarter): TDateRange {
  return monthSpan(year, (quarter - 1) * 3 + 1, 3);
}

function monthSpan(year: number, firstMonth: number, months: number): TDateRange {
  const lastMonth = firstMonth + months - 1;
  return { dateFrom: isoDateOf(year, firstMonth, 1), dateTo: isoDateOf(year, lastMonth, daysInMonth(year, lastMonth)) };
}

/**
 * The declaration periods of a year. submitBy / payBy are dateTo plus the given number of days
 * (e.g. Bergamo, quarterly by 30/4: offsets 30), or follow the rule the regulation writes
 * (options.submitRule / payRule, e.g. "by the 16th of the following month"); either way a deadline on
 * a Saturday, Sunday or public holiday moves to the next working day unless options.workingDays is false.
 */
export function generatePeriods(
  year: number,
  frequency: TPeriodFrequency,
  submitOffsetDays: number,
  payOffsetDays: number,
  options: { submitRule?: TDeadlineRule | null; payRule?: TDeadlineRule | null; workingDays?: boolean } = {},
): TGeneratedPeriod[] {
  if (!Number.isInteger(year) || year < 1 || year > 9999) throw new RangeError(`Not a valid year: ${year}`);
  if (!Number.isInteger(submitOffsetDays) || !Number.isInteger(payOffsetDays)) {
    throw new RangeError('Offsets must be whole numbers of days');
  }
  const spec = {
    monthly: { months: 1, name: (i: number) => `${ITALIAN_MONTHS[i]} ${year}` },
    quarterly: { months: 3, name: (i: number) => `${quarterLabel(QUARTERS[i])} ${year}` },
    fourMonthly: { months: 4, name: (i: number) => `Quadrimestre ${i + 1} ${year}` },
  }[frequency];
  if (!spec) throw new RangeError(`Unknown frequency: ${String(frequency)}`);
  const periods: TGeneratedPeriod[] = [];
  for (let i = 0; i < 12 / spec.months; i++) {
    const range = monthSpan(year, i * spec.months + 1, spec.months);
    periods.push({
      periodName: spec.name(i),
      ...range,
      submitBy: deadlineFor(range.dateTo, options.submitRule ?? { kind: 'daysAfter', days: submitOffsetDays }, options.workingDays ?? true),
      payBy: deadlineFor(range.dateTo, options.payRule ?? { kind: 'daysAfter', days: payOffsetDays }, options.workingDays ?? true),
    });
  }
  return periods;
}

/** Inclusive ranges share at least one day. */
export function periodsOverlap(a: TDateRange, b: TDateRange): boolean {
  return a.dateFrom <= b.dateTo && b.dateFrom <= a.dateTo;
}

/** The period containing `date` (for a stay: its checkOut), or null. */
export function findPeriodForDate<T extends TDateRange>(date: string, periods: readonly T[]): T | null {
  assertDate(date);
  return periods.find((p) => p.dateFrom <= date && date <= p.dateTo) ?? null;
}
