import type { TNamedRecord } from '../../components/records';

export type TStructureOfCity = { id: string | number; cityId?: string | null };

/** The comune with the most structures (ties: the first by name), where an administrator's figures are not empty. */
export function busiestCityId(cities: readonly TNamedRecord[], structures: readonly TStructureOfCity[]): string {
  const counts = new Map<string, number>();
  for (const structure of structures) if (typeof structure.cityId === 'string') counts.set(structure.cityId, (counts.get(structure.cityId) ?? 0) + 1);
  let best = cities[0] ? String(cities[0].id) : '';
  for (const city of cities) if ((counts.get(String(city.id)) ?? 0) > (counts.get(best) ?? 0)) best = String(city.id);
  return best;
}
