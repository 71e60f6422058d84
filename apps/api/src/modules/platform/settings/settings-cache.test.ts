import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ncaReports, settings } from '../../../db/schema/index.ts';
import { startTestApp, type TSession, type TTestApp } from '../../../test/harness.ts';
import { FEATURE_SETTING_TYPE } from './features.ts';

/*
 * The per-process cache of settings (settings-cache.ts) keeps the feature flags and the NCA list's aspect
 * categories between requests; every write to settings must be seen by the next request, whether it went
 * through this process's routes or straight to the database (as another process writes it).
 */

let t: TTestApp;
let admin: TSession;
let consortium: TSession;

beforeAll(async () => {
  t = await startTestApp();
  [admin, consortium] = await Promise.all([t.signedIn('admin'), t.signedIn('consortium' as never)]);
});
afterAll(() => t?.close());

const get = (url: string, session: TSession) => t.request('GET', url, { token: session.token });

describe('cached settings', () => {
  it('a feature flag switched through the settings API is seen by the next request', async () => {
    expect((await get('/api/lots', consortium)).status).toBe(200);
    expect((await get('/api/lots', consortium)).status).toBe(200);
    const [flag] = await t.db
      .select({ id: settings.id })
      .from(settings)
      .where(and(eq(settings.settingType, FEATURE_SETTING_TYPE), eq(settings.code, 'environmentalArea')));
    try {
      expect((await t.request('PUT', `/api/settings/${flag.id}`, { token: admin.token, body: { isActive: false } })).status).toBe(200);
      const off = await get('/api/lots', consortium);
      expect(off.body.code).toBe('AREA_DISABLED');
    } finally {
      await t.request('PUT', `/api/settings/${flag.id}`, { token: admin.token, body: { isActive: true } });
    }
    expect((await get('/api/lots', consortium)).status).toBe(200);
  });

  it('a feature flag written straight to the database (another process) is seen by the next request, well before any time limit', async () => {
    expect((await get('/api/lots', consortium)).status).toBe(200);
    const write = (on: boolean) =>
      t.db
        .update(settings)
        .set({ isActive: on })
        .where(and(eq(settings.settingType, FEATURE_SETTING_TYPE), eq(settings.code, 'environmentalArea')));
    try {
      await write(false);
      expect((await get('/api/lots', consortium)).body.code).toBe('AREA_DISABLED');
    } finally {
      await write(true);
    }
    expect((await get('/api/lots', consortium)).status).toBe(200);
  });

  it("an aspect's environmental category changed in the database is what the next NCA list shows", async () => {
    const [report] = await t.db.select({ id: ncaReports.id, aspectId: ncaReports.ambientSettingId }).from(ncaReports).where(isNotNull(ncaReports.ambientSettingId)).limit(1);
    expect(report, 'the demo data has an NCA report with an environmental aspect').toBeDefined();
    const [aspect] = await t.db.select({ category: settings.ambientCategory }).from(settings).where(eq(settings.id, report.aspectId!));
    const listed = async () => {
      const res = await get(`/api/nca-reports?_id=${report.id}`, consortium);
      expect(res.status).toBe(200);
      return res.body[0].ambientCategory as string | null;
    };
    expect(await listed()).toBe(aspect.category);
    const other = aspect.category === 'wasteManagement' ? 'emergencyResponse' : 'wasteManagement';
    try {
      await t.db.update(settings).set({ ambientCategory: other }).where(eq(settings.id, report.aspectId!));
      expect(await listed()).toBe(other);
    } finally {
      await t.db.update(settings).set({ ambientCategory: aspect.category }).where(eq(settings.id, report.aspectId!));
    }
    expect(await listed()).toBe(aspect.category);
  });
});
