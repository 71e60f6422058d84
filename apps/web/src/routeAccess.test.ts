import { describe, expect, it } from 'vitest';
import { canAccessPath } from './routeAccess';

describe('route access (spec 6)', () => {
  it('lets only admins open the labels screens', () => {
    expect(canAccessPath('admin', '/management/labels')).toBe(true);
    expect(canAccessPath('user', '/management/labels/new')).toBe(false);
    expect(canAccessPath('city', '/management/labels')).toBe(false);
  });

  it('lets user and admin open notifications and settings, not city', () => {
    expect(canAccessPath('user', '/notifications')).toBe(true);
    expect(canAccessPath('admin', '/management/settings/abc')).toBe(true);
    expect(canAccessPath('city', '/notifications')).toBe(false);
    expect(canAccessPath('agency_user', '/management')).toBe(false);
  });

  it('keeps tenant search and roles for admins', () => {
    expect(canAccessPath('admin', '/search')).toBe(true);
    expect(canAccessPath('user', '/search')).toBe(false);
    expect(canAccessPath('city', '/roles/1')).toBe(false);
  });

  it('refuses known routes without a signed-in role and lets unknown paths reach not-found', () => {
    expect(canAccessPath(null, '/users')).toBe(false);
    expect(canAccessPath('user', '/does-not-exist')).toBe(true);
  });
});
