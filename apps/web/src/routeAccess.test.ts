import { describe, expect, it } from 'vitest';
import { canAccessPath, canAccessResource } from './routeAccess';

describe('route access (derived from the access table)', () => {
  it('lets only admins open the labels screens', () => {
    expect(canAccessPath('admin', '/management/labels')).toBe(true);
    expect(canAccessPath('user', '/management/labels/new')).toBe(false);
    expect(canAccessPath('city', '/management/labels')).toBe(false);
  });

  it('opens notifications and the settings list to every role the API serves them to, settings changes to admins', () => {
    expect(canAccessPath('user', '/notifications')).toBe(true);
    expect(canAccessPath('city', '/notifications')).toBe(true);
    expect(canAccessPath('admin', '/management/settings/abc')).toBe(true);
    expect(canAccessPath('agency_user', '/management/settings')).toBe(true);
    expect(canAccessPath('city', '/management/settings/create')).toBe(false);
  });

  it('keeps tenant search and roles for admins', () => {
    expect(canAccessPath('admin', '/search')).toBe(true);
    expect(canAccessPath('user', '/search')).toBe(false);
    expect(canAccessPath('city', '/roles/1')).toBe(false);
  });

  it('refuses the tourist-tax screens to the supplier roles, which the API refuses', () => {
    for (const path of ['/stays', '/structures', '/dashboard', '/declarations', '/cities', '/documentation-area']) {
      expect(canAccessPath('agency_user', path), path).toBe(false);
      expect(canAccessPath('laboratory_user', path), path).toBe(false);
    }
  });

  it('refuses known routes without a signed-in role and lets unknown paths reach not-found', () => {
    expect(canAccessPath(null, '/users')).toBe(false);
    expect(canAccessPath('user', '/does-not-exist')).toBe(true);
  });

  it("answers react-admin's canAccess from the table", () => {
    expect(canAccessResource('city', 'stays', 'list')).toBe(true);
    expect(canAccessResource('city', 'stays', 'create')).toBe(false);
    expect(canAccessResource('user', 'stays', 'create')).toBe(true);
    expect(canAccessResource('user', 'tariffs', 'edit')).toBe(true);
    expect(canAccessResource('user', 'tariffs', 'delete')).toBe(false);
    expect(canAccessResource('city', 'tariffs', 'delete')).toBe(true);
    expect(canAccessResource('city', 'documentation-area', 'list')).toBe(true);
    expect(canAccessResource('agency_user', 'stays', 'list')).toBe(false);
    expect(canAccessResource('user', 'users', 'list')).toBe(false);
    expect(canAccessResource('admin', 'management/settings', 'delete')).toBe(true);
    expect(canAccessResource('city', 'management/settings', 'delete')).toBe(false);
  });
});
