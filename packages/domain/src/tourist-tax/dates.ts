/**
 * Calendar dates as 'YYYY-MM-DD' strings. A stay night is a calendar date, not an instant, so these
 * helpers never look at time zones: they convert to a day number through Date.UTC and back.
 */

/** True for a real calendar date in 'YYYY-MM-DD' form (2026-02-30 is false). */
export function isIsoDate(value: unknown): value is string {
  return typeof value === 'string' && isoDayNumber(value) !== null;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days of a month in the proleptic Gregorian calendar, as Date computes them (years 0-99 as 1900-1999, Date.UTC's reading). */
function monthLength(year: number, month: number): number {
  if (month !== 2) return MONTH_DAYS[month - 1];
  const y = year < 100 ? year + 1900 : year;
  return y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28;
}

/**
 * The day number of a 'YYYY-MM-DD' string, or null when it is not a real date. Computed with
 * integer arithmetic (days from 0000-03-01, the proleptic Gregorian calendar Date uses): dates are
 * converted for every night of every stay, so no Date or array is allocated here.
 */
function isoDayNumber(value: string): number | null {
  if (value.length !== 10 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return null;
  const y = digits(value, 0, 4);
  const m = digits(value, 5, 7);
  const d = digits(value, 8, 10);
  if (y < 0 || m < 1 || m > 12 || d < 1 || d > monthLength(y, m)) return null;
  // Hinnant's days_from_civil: March-based years put the leap day last.
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** The number written with ASCII digits in value[from, to), or -1. */
function digits(value: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = value.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

/** Days since 1970-01-01 for a valid ISO date; throws RangeError otherwise. */
export function toDayNumber(date: string): number {
  const day = typeof date === 'string' ? isoDayNumber(date) : null;
  if (day === null) throw new RangeError(`Not a valid date (YYYY-MM-DD): ${date}`);
  return day;
}

export function fromDayNumber(day: number): string {
  // Hinnant's civil_from_days, the inverse of isoDayNumber.
  const z = Math.floor(day) + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return isoDateOf(era * 400 + yoe + (m <= 2 ? 1 : 0), m, d);
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
