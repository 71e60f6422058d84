import { z } from 'zod';

/** consortium_user: the consortium's own staff in the environmental area (admin stays the super-user). */
export const ROLES = ['admin', 'city', 'user', 'agency_user', 'laboratory_user', 'consortium_user'] as const;
export type TRole = (typeof ROLES)[number];
export const ZRole = z.enum(ROLES);

/** Names seen in the original product but not assignable to accounts here. */
export const RESERVED_ROLES = ['guest', 'tenant'] as const;
export type TReservedRole = (typeof RESERVED_ROLES)[number];

export function isRole(value: unknown): value is TRole {
  return ZRole.safeParse(value).success;
}

/* Route access is derived from the access table: see ../access/routes.ts. */
export { ROUTE_ACCESS, canAccessRoute, homePathForRole, isAreaEnabled, routeNameForPath, type TEnabledAreas, type TRoute } from '../access/routes.ts';
