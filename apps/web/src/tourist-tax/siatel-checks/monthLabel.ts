/** "2025-02" as the reader's language writes a month: "febbraio 2025", "February 2025". */
export function monthLabel(month: string, locale: string): string {
  const [year, m] = month.split('-').map(Number);
  if (!year || !m) return month;
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'it-IT', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, m - 1, 1)));
}
