import { describe, expect, it } from 'vitest';
import { ROLES, ROUTE_ACCESS, ZRole, canAccessRoute, homePathForRole, routeNameForPath } from './roles.ts';

describe('roles', () => {
  it('has six assignable roles; reserved names are not roles', () => {
    expect(ROLES).toEqual(['admin', 'city', 'user', 'agency_user', 'laboratory_user', 'consortium_user']);
    expect(ZRole.safeParse('city').success).toBe(true);
    expect(ZRole.safeParse('guest').success).toBe(false);
    expect(ZRole.safeParse('tenant').success).toBe(false);
  });
});

describe('route access', () => {
  const emptyListRoutes = [
    'dashboard',
    'users',
    'invite-users',
    'users/:userId',
    'structure-types',
    'structure-classes',
    'cities',
    'structures',
    'stays',
    'tariffs',
    'declaration-templates',
    'exemptions',
    'reductions',
    'relevant-areas',
    'twentyOneModels',
    'twentyOneModels/:twentyOneModelId',
  ];
  const userAndAdminRoutes = [
    'notifications',
    'management',
    'management/settings',
    'faqs',
    'events',
    'declarations',
    'declarations/:declarationId',
  ];

  it('empty-list routes are open to every signed-in role', () => {
    for (const route of emptyListRoutes) {
      expect(ROUTE_ACCESS[route]).toBe('all-signed-in');
      for (const role of ROLES) expect(canAccessRoute(role, route)).toBe(true);
    }
  });

  it('user-and-admin routes', () => {
    for (const route of userAndAdminRoutes) {
      expect(ROLES.filter((role) => canAccessRoute(role, route))).toEqual(['admin', 'user']);
    }
  });

  it('admin-only routes', () => {
    for (const route of ['management/labels', 'management/labels/new']) {
      expect(ROLES.filter((role) => canAccessRoute(role, route))).toEqual(['admin']);
    }
  });

  it('categories: all five roles', () => {
    expect(ROLES.filter((role) => canAccessRoute(role, 'categories'))).toEqual([...ROLES]);
  });

  it('refuses anyone not signed in, reserved or unknown roles, and unknown routes', () => {
    expect(canAccessRoute(null, 'dashboard')).toBe(false);
    expect(canAccessRoute(undefined, 'categories')).toBe(false);
    expect(canAccessRoute('guest', 'dashboard')).toBe(false);
    expect(canAccessRoute('tenant', 'categories')).toBe(false);
    expect(canAccessRoute('admin', 'no-such-route')).toBe(false);
    expect(canAccessRoute('admin', 'toString')).toBe(false);
  });

  it('maps concrete paths to route names', () => {
    expect(routeNameForPath('/users/42')).toBe('users/:userId');
    expect(routeNameForPath('/management/labels/new')).toBe('management/labels/new');
    expect(routeNameForPath('/declarations/d1?tab=attachments')).toBe('declarations/:declarationId');
    expect(routeNameForPath('/dashboard/')).toBe('dashboard');
    expect(routeNameForPath('/nowhere/at/all')).toBeNull();
  });
});

describe('homePathForRole', () => {
  it('sends admin to users, city and user to structures, others to users', () => {
    expect(homePathForRole('admin')).toBe('/users');
    expect(homePathForRole('city')).toBe('/structures');
    expect(homePathForRole('user')).toBe('/structures');
    expect(homePathForRole('agency_user')).toBe('/users');
    expect(homePathForRole('laboratory_user')).toBe('/users');
    expect(homePathForRole('consortium_user')).toBe('/users');
  });
});
