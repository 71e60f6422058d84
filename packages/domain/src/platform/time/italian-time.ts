/** The calendar date of an instant in Italy (Europe/Rome, the comuni's time zone), as YYYY-MM-DD. */
export function italianDateOf(instant: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
  return parts; // en-CA formats as YYYY-MM-DD
}

/** The hour (0-23) of an instant in Italy. */
export function italianHourOf(instant: Date): number {
  return Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', hour: '2-digit', hourCycle: 'h23' }).format(instant));
}
