/**
 * Deadlines as regulations write them, and the working-day rule: a tax deadline that falls on a
 * Saturday, a Sunday or an Italian national public holiday moves to the next working day (DL 70/2011
 * art. 7 c.2 lett. l for tax payments, applied by comuni to filings too). Holidays of the comune's
 * patron saint are not national and are not modelled.
 */
import { addDays, daysInMonth, isoDateOf, toDayNumber } from '../dates.ts';

export type TDeadlineRule =
  /** dateTo + days ("entro 30 giorni dalla fine del trimestre") */
  | { kind: 'daysAfter'; days: number }
  /** the given day of the month that follows the period by monthsAfter (default 1): "entro il 16 del mese successivo al trimestre" */
  | { kind: 'dayOfMonthAfter'; day: number; monthsAfter?: number }
  /** the last day of the month that follows the period by monthsAfter (default 1): "entro la fine del mese successivo" */
  | { kind: 'endOfMonthAfter'; monthsAfter?: number };

/** Easter Sunday of a Gregorian year (anonymous Gregorian algorithm). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoDateOf(year, month, day);
}

/** Italy's national public holidays of a year, Easter Monday included. */
export function italianPublicHolidays(year: number): Set<string> {
  const fixed = ['01-01', '01-06', '04-25', '05-01', '06-02', '08-15', '11-01', '12-08', '12-25', '12-26'].map((md) => `${String(year).padStart(4, '0')}-${md}`);
  return new Set([...fixed, addDays(easterSunday(year), 1)]);
}

export function isWorkingDay(date: string): boolean {
  const weekday = (((toDayNumber(date) + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday; 0 = Sunday
  if (weekday === 0 || weekday === 6) return false;
  return !italianPublicHolidays(Number(date.slice(0, 4))).has(date);
}

/** The date itself when it is a working day, else the next working day. */
export function nextWorkingDay(date: string): string {
  let d = date;
  while (!isWorkingDay(d)) d = addDays(d, 1);
  return d;
}

/** The deadline of a period ending on `dateTo`, moved to the next working day unless told otherwise. */
export function deadlineFor(dateTo: string, rule: TDeadlineRule, moveToWorkingDay = true): string {
  const raw = rawDeadline(dateTo, rule);
  return moveToWorkingDay ? nextWorkingDay(raw) : raw;
}

function rawDeadline(dateTo: string, rule: TDeadlineRule): string {
  if (rule.kind === 'daysAfter') return addDays(dateTo, rule.days);
  const [y, m] = dateTo.split('-').map(Number);
  const index = y * 12 + (m - 1) + (rule.monthsAfter ?? 1);
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = daysInMonth(year, month);
  if (rule.kind === 'endOfMonthAfter') return isoDateOf(year, month, last);
  return isoDateOf(year, month, Math.min(rule.day, last));
}
