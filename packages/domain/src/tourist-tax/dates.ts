/**
 * Calendar dates as 'YYYY-MM-DD' strings. A stay night is a calendar date, not an instant, so these
 * helpers never look at time zones: they convert to a day number through Date.UTC and back.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** True for a real calendar date in 'YYYY-MM-DD' form (2026-02-30 is false). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  return d <= daysInMonth(y, mo);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Days since 1970-01-01 for a valid ISO date; throws RangeError otherwise. */
export function toDayNumber(date: string): number {
  if (!isIsoDate(date)) throw new RangeError(`Not a valid date (YYYY-MM-DD): ${date}`);
  const [y, m, d] = date.split('-').map(Number);
  const utc = new Date(0);
  utc.setUTCFullYear(y, m - 1, d); // setUTCFullYear keeps years 0-99 literal, unlike Date.UTC
  return Math.round(utc.getTime() / MS_PER_DAY);
}

export function fromDayNumber(day: number): string {
  const dt = new Date(day * MS_PER_DAY);
  return isoDateOf(dt.getUTCFullYear(), dt.getUTCMonth() + 1, dt.getUTCDate());
}

export function isoDateOf(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function addDays(date: string, days: number): string {
  return fromDayNumber(toDayNumber(date) + days);
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return toDayNumber(to) - toDayNumber(from);
}

/** The dates of the nights of a stay: checkIn, checkIn+1, ..., checkOut-1. */
export function eachNight(checkIn: string, checkOut: string): string[] {
  const start = toDayNumber(checkIn);
  const end = toDayNumber(checkOut);
  const nights: string[] = [];
  for (let d = start; d < end; d++) nights.push(fromDayNumber(d));
  return nights;
}

/** ISO dates compare correctly as strings; this names the intent. */
export function compareDates(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Is `date` within `from`..`to` inclusive, `to` null meaning open-ended. */
export function isWithin(date: string, from: string, to: string | null): boolean {
  return date >= from && (to === null || to === '' || date <= to);
}

/** 'DD/MM/YYYY' (also D/M/YYYY, '-' or '.' separators) to 'YYYY-MM-DD', or null. */
export function parseItalianDate(value: string): string | null {
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value.trim());
  if (!m) return null;
  const iso = isoDateOf(Number(m[3]), Number(m[2]), Number(m[1]));
  return isIsoDate(iso) ? iso : null;
}

/** 'YYYY-MM-DD' to 'DD/MM/YYYY'. */
export function formatItalianDate(date: string): string {
  if (!isIsoDate(date)) throw new RangeError(`Not a valid date (YYYY-MM-DD): ${date}`);
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

/**
 * Age in completed years on `date` of someone born on `birthDate` (both valid ISO dates). Someone
 * born on 29 February turns a year older on 1 March in common years.
 */
export function ageOn(birthDate: string, date: string): number {
  const age = Number(date.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return date.slice(5) < birthDate.slice(5) ? age - 1 : age;
}
