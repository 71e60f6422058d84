import { areaOf, can, type TArea } from '@app/domain/platform/access/access-table';
import { ROUTE_ACCESS, isAreaEnabled } from '@app/domain/platform/access/routes';
import { FIRST_YEAR, LAST_YEAR } from '../session/store';

/** Selectable years run 2021-2050, but the list offered stops at the current year. */
export function selectableYears(now: Date = new Date()): number[] {
  const last = Math.min(LAST_YEAR, Math.max(FIRST_YEAR, now.getFullYear()));
  const years: number[] = [];
  for (let year = last; year >= FIRST_YEAR; year--) years.push(year);
  return years;
}

/**
 * The header's year selector matters only to roles with year-scoped screens, those of the tourist tax
 * (stays, declarations, Modello 21, their dashboard), while that area is on; the environmental screens
 * (the consortium's, suppliers' and laboratories') do not depend on it.
 */
export function usesSelectedYear(role: string | null | undefined, areas: readonly TArea[]): boolean {
  return Object.values(ROUTE_ACCESS).some((route) => areaOf(route.resource) === 'touristTax' && isAreaEnabled(route.resource, areas) && can(role, route.resource, route.action));
}
