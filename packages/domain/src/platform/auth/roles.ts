import { z } from 'zod';
import { ownValue } from '../records/keys.ts';

/** consortium_user: the consortium's own staff in the environmental area (admin stays the super-user). */
export const ROLES = ['admin', 'city', 'user', 'agency_user', 'laboratory_user', 'consortium_user'] as const;
export type TRole = (typeof ROLES)[number];
export const ZRole = z.enum(ROLES);

/** The kinds of custom role (the roles editor's roleType): the consortium's staff, or its suppliers. */
export const ROLE_TYPES = ['internal', 'supplier'] as const;
export type TRoleType = (typeof ROLE_TYPES)[number];

/**
 * With the permission system on, the custom roles whose permissions an account of this platform role
 * takes: consortium staff their internal roles, supplier agencies and laboratories their supplier
 * roles. A custom role of another type assigned to such an account gives it nothing. Platform roles
 * not listed take every custom role they hold.
 */
export const CUSTOM_ROLE_TYPE_OF: Partial<Record<TRole, TRoleType>> = { consortium_user: 'internal', agency_user: 'supplier', laboratory_user: 'supplier' };

/** Whether an account with platform role `role` takes the permissions of a custom role of type `roleType`. */
export function takesCustomRole(role: string, roleType: string): boolean {
  const wanted = ownValue(CUSTOM_ROLE_TYPE_OF, role);
  return wanted === undefined || wanted === roleType;
}

/** Names seen in the original product but not assignable to accounts here. */
export const RESERVED_ROLES = ['guest', 'tenant'] as const;
export type TReservedRole = (typeof RESERVED_ROLES)[number];

export function isRole(value: unknown): value is TRole {
  return ZRole.safeParse(value).success;
}

/* Route access is derived from the access table: see ../access/routes.ts. */
export { ROUTE_ACCESS, canAccessRoute, homePathForRole, isAreaEnabled, routeNameForPath, type TEnabledAreas, type TRoute } from '../access/routes.ts';
