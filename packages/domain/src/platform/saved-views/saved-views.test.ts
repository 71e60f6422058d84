import { describe, expect, it } from 'vitest';
import { isListRoute, roleOpensList, rolesManagedBy, shareAudienceOf, shareableRoles, viewTenantOf, ZSavedViewParams } from './saved-views.ts';

const account = (role: string, tenant: Partial<Record<'cityId' | 'agencyId' | 'laboratoryId', string>> = {}) => ({ role, cityId: null, agencyId: null, laboratoryId: null, ...tenant });

describe('saved views rules', () => {
  it('names the tenant of an account by its comune, agency or laboratory', () => {
    expect(viewTenantOf(account('city', { cityId: 'A' }))).toBe('city:A');
    expect(viewTenantOf(account('agency_user', { agencyId: 'B' }))).toBe('agency:B');
    expect(viewTenantOf(account('laboratory_user', { laboratoryId: 'C' }))).toBe('laboratory:C');
    expect(viewTenantOf(account('user'))).toBeNull();
    expect(viewTenantOf(account('city'))).toBeNull();
  });

  it('shares within the own tenant, across tenants only for the roles one manages', () => {
    expect(shareAudienceOf(account('city', { cityId: 'A' }), 'city')).toEqual({ tenant: 'city:A' });
    expect(shareAudienceOf(account('city', { cityId: 'A' }), 'user')).toBeNull();
    expect(shareAudienceOf(account('user'), 'user')).toBeNull();
    expect(shareAudienceOf(account('admin'), 'city')).toEqual({ tenant: null });
    expect(shareAudienceOf(account('consortium_user'), 'agency_user')).toEqual({ tenant: null });
    expect(shareAudienceOf(account('consortium_user'), 'city')).toBeNull();
    expect(rolesManagedBy('consortium_user')).toEqual(['agency_user', 'laboratory_user', 'consortium_user']);
    expect(rolesManagedBy('city')).toEqual([]);
    expect(shareableRoles(account('agency_user', { agencyId: 'B' }))).toEqual(['agency_user']);
    expect(shareableRoles(account('user'))).toEqual([]);
  });

  it('knows the list routes and who opens them', () => {
    expect(isListRoute('stays')).toBe(true);
    expect(isListRoute('management/settings')).toBe(true);
    expect(isListRoute('stays/:stayId')).toBe(false);
    expect(isListRoute('stays/create')).toBe(false);
    expect(isListRoute('constructor')).toBe(false);
    expect(roleOpensList('user', 'stays')).toBe(true);
    expect(roleOpensList('user', 'nca-reports')).toBe(false);
  });

  it('bounds the parameters', () => {
    expect(ZSavedViewParams.safeParse({ filter: { q: 'x', status: ['a', 'b'], period: { from: '2025-01-01' } }, perPage: 25, columns: ['name'] }).success).toBe(true);
    expect(ZSavedViewParams.safeParse({ filter: {}, perPage: 501 }).success).toBe(false);
    expect(ZSavedViewParams.safeParse({ filter: {}, other: 1 }).success).toBe(false);
    expect(ZSavedViewParams.safeParse({ filter: { a: { b: { c: 1 } } } }).success).toBe(false);
  });
});
