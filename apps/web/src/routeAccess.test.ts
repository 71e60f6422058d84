import { describe, expect, it } from 'vitest';
import { canAccessPath, routePatternForPath } from './routeAccess';

describe('route access (spec 6)', () => {
  it('finds the pattern of a concrete path, literals first', () => {
    expect(routePatternForPath('/users/42')).toBe('users/:userId');
    expect(routePatternForPath('/management/labels/new')).toBe('management/labels/new');
    expect(routePatternForPath('/documentation/theme/colors')).toBe('documentation/theme/:page');
    expect(routePatternForPath('/nowhere/at/all')).toBeNull();
  });

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
