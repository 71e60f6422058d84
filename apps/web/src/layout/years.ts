import { FIRST_YEAR, LAST_YEAR } from '../session/store';

/** Selectable years run 2021-2050, but the list offered stops at the current year. */
export function selectableYears(now: Date = new Date()): number[] {
  const last = Math.min(LAST_YEAR, Math.max(FIRST_YEAR, now.getFullYear()));
  const years: number[] = [];
  for (let year = last; year >= FIRST_YEAR; year--) years.push(year);
  return years;
}
