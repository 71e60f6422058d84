import { getSession } from '../session/store';
import type { TRole } from '../session/types';

/*
 * Which tourist-tax actions the signed-in role may take, as the API grants them (the server
 * enforces the same rules and its scope: a city user writes only its comune's rows, a hotelier
 * only its own structures and their stays). The screens use these to hide actions, nothing more.
 */

export function currentRole(): TRole | null {
  return getSession()?.user.role ?? null;
}

export function currentUserId(): string | null {
  return getSession()?.user._id ?? null;
}

export function currentCityId(): string | null {
  return getSession()?.user.cityId ?? null;
}

export type TTouristTaxArea = 'cities' | 'rules' | 'structures' | 'stays';
export type TAction = 'create' | 'update' | 'delete';

const GRANTS: Record<TTouristTaxArea, Record<TAction, readonly TRole[]>> = {
  // Comuni: the admin creates and deletes them; a city user edits its own.
  cities: { create: ['admin'], update: ['admin', 'city'], delete: ['admin'] },
  // Registries (types, classes, areas) and rules (tariffs, reductions, exemptions) of a comune.
  rules: { create: ['admin', 'city'], update: ['admin', 'city'], delete: ['admin', 'city'] },
  // A hotelier edits the contact data of its own structures; the comune registers and classifies them.
  structures: { create: ['admin', 'city'], update: ['admin', 'city', 'user'], delete: ['admin', 'city'] },
  // Hoteliers enter their guests' stays; the comune reads them.
  stays: { create: ['admin', 'user'], update: ['admin', 'user'], delete: ['admin', 'user'] },
};

export function canDo(area: TTouristTaxArea, action: TAction, role: TRole | null = currentRole()): boolean {
  return role !== null && GRANTS[area][action].includes(role);
}

/** Fields of a structure only the comune (or an admin) changes. */
export const COMUNE_ONLY_STRUCTURE_FIELDS = ['cityId', 'isActive', 'structureTypeId', 'structureClassId', 'relevantAreaId'] as const;
