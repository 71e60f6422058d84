import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';
import { FEATURE_FLAGS, setFeature } from './features.ts';
import { registerSettingUsageCheck } from './settings.ts';

let t: TTestApp;
let admin: string;
let hotelier: string;
let labUserId: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.signedIn('admin')).token;
  hotelier = (await t.signedIn('hotelier')).token;
  labUserId = (await t.signedIn('lab')).user._id;
});
afterAll(() => t?.close());

async function flag(code: string) {
  const res = await t.request('GET', `/api/settings?settingType=feature&code=${code}`, { token: admin });
  return res.body[0];
}

describe('settings: feature flags', () => {
  it('lists every flag as a system setting to administrators, and none to other roles (not even by id)', async () => {
    const res = await t.request('GET', '/api/settings?settingType=feature&limit=100&count=true', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.map((s: any) => s.code).sort()).toEqual(Object.keys(FEATURE_FLAGS).sort());
    expect(res.body.every((s: any) => s.isSystem)).toBe(true);
    const hidden = await t.request('GET', '/api/settings?settingType=feature&limit=100&count=true', { token: hotelier });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toEqual([]);
    expect(hidden.headers.get('x-total-count')).toBe('0');
    expect((await t.request('GET', `/api/settings/${res.body[0]._id}`, { token: hotelier })).status).toBe(404);
    expect((await t.request('GET', '/api/settings')).status).toBe(401);
  });

  it('switching a flag takes effect at once in /api/config (cache invalidated)', async () => {
    const before = await t.request('GET', '/api/config');
    expect(before.body.features.publicSite).toBe(false);
    const publicSite = await flag('publicSite');
    const on = await t.request('PUT', `/api/settings/${publicSite._id}`, { token: admin, body: { isActive: true, updatedAt: publicSite.updatedAt } });
    expect(on.status).toBe(200);
    expect(on.body.isActive).toBe(true);
    expect((await t.request('GET', '/api/config')).body.features.publicSite).toBe(true);
    await t.request('PUT', `/api/settings/${publicSite._id}`, { token: admin, body: { isActive: false } });
    expect((await t.request('GET', '/api/config')).body.features.publicSite).toBe(false);
  });

  it('a flag cannot be deleted, re-coded or created, and only admins switch it', async () => {
    const cookie = await flag('cookieBanner');
    const del = await t.request('DELETE', `/api/settings/${cookie._id}`, { token: admin });
    expect(del.status).toBe(409);
    expect(del.body.code).toBe('SETTING_IN_USE');
    const recode = await t.request('PUT', `/api/settings/${cookie._id}`, { token: admin, body: { code: 'other', color: '#ffffff' } });
    expect(recode.status).toBe(400);
    expect(recode.body.details.map((d: any) => d.path).sort()).toEqual(['code', 'color']);
    const create = await t.request('POST', '/api/settings', { token: admin, body: { settingType: 'feature', code: 'newFlag', name: 'New' } });
    expect(create.status).toBe(400);
    expect((await t.request('PUT', `/api/settings/${cookie._id}`, { token: hotelier, body: { isActive: true } })).status).toBe(403);
    expect((await flag('cookieBanner')).isActive).toBe(false);
  });
});

describe('settings: NCA lists', () => {
  it('creates each type with its attribute, deriving the code from the name', async () => {
    const aspect = await t.request('POST', '/api/settings', {
      token: admin,
      body: { settingType: 'environmentalAspectType', name: 'Emissioni in atmosfera', ambientCategory: 'singleEnvironmentalComponents' },
    });
    expect(aspect.status).toBe(201);
    expect(aspect.body).toMatchObject({ code: 'emissioni-in-atmosfera', isActive: true, isSystem: false, ambientCategory: 'singleEnvironmentalComponents', userId: null });
    const severity = await t.request('POST', '/api/settings', { token: admin, body: { settingType: 'severityLevel', name: 'Gravità alta', color: '#d32f2f' } });
    expect(severity.body).toMatchObject({ code: 'gravita-alta', color: '#d32f2f' });
    const fn = await t.request('POST', '/api/settings', { token: admin, body: { settingType: 'companyFunction', name: 'Direzione lavori', agencyFunctionType: 'consortium' } });
    expect(fn.status).toBe(201);
    const observer = await t.request('POST', '/api/settings', { token: admin, body: { settingType: 'defaultObserver', userId: labUserId } });
    expect(observer.status).toBe(201);
    expect(observer.body).toMatchObject({ userId: labUserId, code: labUserId, name: 'Laura Laboratorio' });
    const again = await t.request('POST', '/api/settings', { token: admin, body: { settingType: 'defaultObserver', userId: labUserId } });
    expect(again.status).toBe(409);
    expect(again.body.details[0].path).toBe('userId');
    for (const settingType of ['referenceDocument', 'matrix', 'analyticPackage', 'ncaType']) {
      const res = await t.request('POST', '/api/settings', { token: admin, body: { settingType, name: `Voce ${settingType}`, code: `code-${settingType}` } });
      expect(res.status, settingType).toBe(201);
    }
    // The environmental demo data has its own lists: assert on what the filter, sort and search must guarantee.
    const list = await t.request('GET', '/api/settings?settingType[in]=matrix,ncaType&sort=code&limit=100', { token: admin });
    const codes = list.body.map((s: any) => s.code);
    expect(codes).toEqual(expect.arrayContaining(['code-matrix', 'code-ncaType']));
    expect(new Set(list.body.map((s: any) => s.settingType))).toEqual(new Set(['matrix', 'ncaType']));
    expect(codes).toEqual([...codes].sort());
    const search = await t.request('GET', '/api/settings?q=atmosfera', { token: admin });
    expect(search.body.map((s: any) => s.name)).toContain('Emissioni in atmosfera');
    expect(search.body.every((s: any) => `${s.name} ${s.code} ${s.description ?? ''}`.toLowerCase().includes('atmosfera'))).toBe(true);
  });

  it('validates per type: required and foreign attributes, enum values, colours, duplicates, type changes', async () => {
    const missing = await t.request('POST', '/api/settings', { token: admin, body: { settingType: 'environmentalAspectType', name: 'Rumore', agencyFunctionType: 'agencies' } });
    expect(missing.status).toBe(400);
    expect(missing.body.details.map((d: any) => d.path).sort()).toEqual(['agencyFunctionType', 'ambientCategory']);
    const enums = await t.request('POST', '/api/settings', { token: admin, body: { settingType: 'severity', name: 'X', color: 'red', ambientCategory: 'air' } });
    expect(enums.status).toBe(400);
    expect(enums.body.details.map((d: any) => d.path).sort()).toEqual(['ambientCategory', 'color', 'settingType']);
    const noName = await t.request('POST', '/api/settings', { token: admin, body: { settingType: 'matrix' } });
    expect(noName.body.details).toEqual([{ path: 'name', message: 'validation.required' }]);
    const ghost = await t.request('POST', '/api/settings', { token: admin, body: { settingType: 'defaultObserver', userId: '00000000-0000-4000-8000-000000000000' } });
    expect(ghost.status).toBe(400);
    const dup = await t.request('POST', '/api/settings', { token: admin, body: { settingType: 'matrix', name: 'Voce matrix', code: 'code-matrix' } });
    expect(dup.status).toBe(409);
    const [matrix] = (await t.request('GET', '/api/settings?code=code-matrix', { token: admin })).body;
    const retype = await t.request('PUT', `/api/settings/${matrix._id}`, { token: admin, body: { settingType: 'ncaType' } });
    expect(retype.status).toBe(400);
    const renamed = await t.request('PUT', `/api/settings/${matrix._id}`, { token: admin, body: { name: 'Terre e rocce', isActive: false } });
    expect(renamed.body).toMatchObject({ name: 'Terre e rocce', isActive: false, code: 'code-matrix' });
    expect((await t.request('POST', '/api/settings', { token: hotelier, body: { settingType: 'matrix', name: 'X' } })).status).toBe(403);
  });

  it('refuses to delete a setting a registered usage check reports, deletes it once unused', async () => {
    const created = await t.request('POST', '/api/settings', { token: admin, body: { settingType: 'ncaType', name: 'Da audit' } });
    let inUse = true;
    const unregister = registerSettingUsageCheck(async (_db, setting) => (inUse && setting.id === created.body._id ? ['NCA report 2024/001'] : []));
    try {
      const refused = await t.request('DELETE', `/api/settings/${created.body._id}`, { token: admin });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'SETTING_IN_USE', details: [{ path: '_id', message: 'NCA report 2024/001' }] });
      expect((await t.request('GET', `/api/settings/${created.body._id}`, { token: admin })).status).toBe(200);
      inUse = false;
      expect((await t.request('DELETE', `/api/settings/${created.body._id}`, { token: hotelier })).status).toBe(403);
      expect((await t.request('DELETE', `/api/settings/${created.body._id}`, { token: admin })).status).toBe(200);
      expect((await t.request('GET', `/api/settings/${created.body._id}`, { token: admin })).status).toBe(404);
    } finally {
      unregister();
    }
  });
});

describe('settings: the environmental lists through the generic route', () => {
  const list = async (token: string, query = '') => t.request('GET', `/api/settings?limit=100&count=true${query}`, { token });
  const ids = (res: { body: unknown }) => (res.body as { _id: string }[]).map((s) => s._id).sort();

  it("answers a hotelier and a comune none of them (not the default observers' names and user ids, not by id): the area's own route grants them nothing", async () => {
    const city = (await t.signedIn('city')).token;
    const observers = await list(admin, '&settingType=defaultObserver');
    expect(observers.body.length).toBeGreaterThan(0);
    for (const [role, token] of [
      ['hotelier', hotelier],
      ['city', city],
    ] as const) {
      const res = await list(token, '&settingType=defaultObserver');
      expect(res.status, role).toBe(200);
      expect(res.body, role).toEqual([]);
      expect(res.headers.get('x-total-count'), role).toBe('0');
      expect((await list(token)).body, role).toEqual([]);
      expect((await t.request('GET', `/api/settings/${observers.body[0]._id}`, { token })).status, role).toBe(404);
      expect((await t.request('GET', '/api/environmental-settings', { token })).status, role).toBe(403);
    }
  });

  it("answers suppliers the active entries only and the consortium every entry, as /api/environmental-settings does; admins keep everything; the area's switch holds", async () => {
    const [agency, lab, consortium] = await Promise.all([t.signedIn('agency'), t.signedIn('lab'), t.signedIn('consortium' as never)]);
    const created = await t.request('POST', '/api/settings', { token: admin, body: { settingType: 'ncaType', name: 'Voce dismessa', isActive: false } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    for (const session of [agency, lab, consortium]) {
      const generic = await list(session.token);
      const own = await t.request('GET', '/api/environmental-settings?limit=100', { token: session.token });
      expect(own.status).toBe(200);
      expect(ids(generic), session.user.email as string).toEqual(ids(own));
    }
    expect(ids(await list(agency.token))).not.toContain(created.body._id);
    expect((await t.request('GET', `/api/settings/${created.body._id}`, { token: agency.token })).status).toBe(404);
    expect(ids(await list(consortium.token))).toContain(created.body._id);
    const everything = await list(admin);
    expect(ids(everything)).toContain(created.body._id);
    expect(everything.body.some((s: { settingType: string }) => s.settingType === 'feature')).toBe(true);

    // With the area switched off its lists go with it, except for administrators.
    await setFeature(t.db, 'environmentalArea', false);
    try {
      expect((await list(consortium.token)).body).toEqual([]);
      expect(ids(await list(admin))).toEqual(ids(everything));
    } finally {
      await setFeature(t.db, 'environmentalArea', true);
    }
  });
});
