import { describe, expect, it } from 'vitest';
import { needsAdminApp } from './shellContext';

describe('needsAdminApp: which page loads fetch react-admin', () => {
  it('never for the onboarding pages', () => {
    expect(needsAdminApp('/on-boarding/login', true, true)).toBe(false);
    expect(needsAdminApp('/on-boarding/register', false, null)).toBe(false);
  });
  it('for every admin page once signed in', () => {
    expect(needsAdminApp('/', true, false)).toBe(true);
    expect(needsAdminApp('/stays', true, null)).toBe(true);
  });
  it('signed out, only for the public pages, and the root only with the public site on', () => {
    expect(needsAdminApp('/stays', false, false)).toBe(false);
    expect(needsAdminApp('/delete-user', false, false)).toBe(true);
    expect(needsAdminApp('/', false, false)).toBe(false);
    expect(needsAdminApp('/', false, null)).toBe(false);
    expect(needsAdminApp('/', false, true)).toBe(true);
  });
});
