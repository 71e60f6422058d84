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

export type TRouteAccess = readonly TRole[] | 'all-signed-in';

const USER_AND_ADMIN: readonly TRole[] = ['user', 'admin'];
const ADMIN_ONLY: readonly TRole[] = ['admin'];

/*
 * Web route access (spec section 6), keyed by route path pattern without the leading slash.
 * The spec gives several routes an empty role list and does not say what it means; since the
 * whole authenticated area already requires sign-in, an empty list is read as "any signed-in user"
 * ('all-signed-in'). Authenticated routes the spec lists in 2.3 with no role list at all (profile,
 * complete-profile, communications, documentation-area, entity details) are treated the same way.
 * Detail routes of faqs, events, settings and categories are not named in section 6; they take the
 * access of their list. Routes not in this table are refused by canAccessRoute.
 */
export const ROUTE_ACCESS: Record<string, TRouteAccess> = {
  // Empty list in the spec.
  dashboard: 'all-signed-in',
  users: 'all-signed-in',
  'invite-users': 'all-signed-in',
  'users/:userId': 'all-signed-in',
  'structure-types': 'all-signed-in',
  'structure-classes': 'all-signed-in',
  cities: 'all-signed-in',
  structures: 'all-signed-in',
  stays: 'all-signed-in',
  tariffs: 'all-signed-in',
  'declaration-templates': 'all-signed-in',
  exemptions: 'all-signed-in',
  reductions: 'all-signed-in',
  'relevant-areas': 'all-signed-in',
  twentyOneModels: 'all-signed-in',
  'twentyOneModels/:twentyOneModelId': 'all-signed-in',

  // No role list in the spec (section 2.3 only).
  'complete-profile/:userId': 'all-signed-in',
  profile: 'all-signed-in',
  'cities/:cityId': 'all-signed-in',
  'structures/:structureId': 'all-signed-in',
  'stays/:stayId': 'all-signed-in',
  communications: 'all-signed-in',
  'documentation-area': 'all-signed-in',

  // user and admin.
  notifications: USER_AND_ADMIN,
  management: USER_AND_ADMIN,
  'management/settings': USER_AND_ADMIN,
  'management/settings/:settingId': USER_AND_ADMIN,
  faqs: USER_AND_ADMIN,
  'faqs/:faqId': USER_AND_ADMIN,
  events: USER_AND_ADMIN,
  'events/:eventId': USER_AND_ADMIN,
  declarations: USER_AND_ADMIN,
  'declarations/:declarationId': USER_AND_ADMIN,

  // admin only.
  'management/labels': ADMIN_ONLY,
  'management/labels/new': ADMIN_ONLY,

  // Every role (the spec lists the five it knew; consortium staff are added alongside the suppliers).
  categories: ROLES,
  'categories/:categoryId': ROLES,

  // Screens named only in 2.4 and 2.6: the multi-tenant search (admin has multi-tenant capability)
  // and roles and permissions are admin tools; the design-system pages are for any signed-in user.
  search: ADMIN_ONLY,
  roles: ADMIN_ONLY,
  'roles/create': ADMIN_ONLY,
  'roles/:roleId': ADMIN_ONLY,
  documentation: 'all-signed-in',
  'documentation/theme/:page': 'all-signed-in',
  'documentation/components/:page': 'all-signed-in',
};

/** `role` is the signed-in user's role; null/undefined (not signed in) or an unknown role is refused. */
export function canAccessRoute(role: string | null | undefined, routeName: string): boolean {
  if (!isRole(role)) return false;
  if (!Object.hasOwn(ROUTE_ACCESS, routeName)) return false;
  const access = ROUTE_ACCESS[routeName];
  return access === 'all-signed-in' || access.includes(role);
}

/**
 * The ROUTE_ACCESS key a concrete path falls under ('/users/42' -> 'users/:userId'),
 * or null. Literal segments win over parameters ('management/labels/new' is not a label id).
 */
export function routeNameForPath(path: string): string | null {
  const segments = path.split(/[?#]/)[0].split('/').filter(Boolean);
  let best: { name: string; literals: number } | null = null;
  for (const name of Object.keys(ROUTE_ACCESS)) {
    const pattern = name.split('/');
    if (pattern.length !== segments.length) continue;
    let literals = 0;
    const matches = pattern.every((part, index) => {
      if (part.startsWith(':')) return true;
      literals++;
      return part === segments[index];
    });
    if (matches && (best === null || literals > best.literals)) best = { name, literals };
  }
  return best?.name ?? null;
}

/** Where the root path sends a signed-in user. */
export function homePathForRole(role: string): string {
  if (role === 'city' || role === 'user') return '/structures';
  return '/users';
}
