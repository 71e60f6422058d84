// One formatter each, made once: building an Intl.DateTimeFormat costs far more than formatting with it.
const ITALIAN_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' });
const ITALIAN_HOUR = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', hour: '2-digit', hourCycle: 'h23' });

/** The calendar date of an instant in Italy (Europe/Rome, the comuni's time zone), as YYYY-MM-DD. */
export function italianDateOf(instant: Date): string {
  return ITALIAN_DATE.format(instant); // en-CA formats as YYYY-MM-DD
}

/** The hour (0-23) of an instant in Italy. */
export function italianHourOf(instant: Date): number {
  return Number(ITALIAN_HOUR.format(instant));
}
