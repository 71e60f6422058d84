import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/errors.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { startTestApp, type TSession, type TTestApp } from '../../../test/harness.ts';
import { setFeature } from './features.ts';

let t: TTestApp;
let admin: TSession;
let consortium: TSession;
let hotelier: TSession;

beforeAll(async () => {
  t = await startTestApp();
  [admin, consortium, hotelier] = await Promise.all([t.signedIn('admin'), t.signedIn('consortium' as never), t.signedIn('hotelier')]);
});
afterEach(async () => {
  await setFeature(t.db, 'touristTaxArea', true);
  await setFeature(t.db, 'environmentalArea', true);
});
afterAll(() => t?.close());

const get = (url: string, session?: TSession) => t.request('GET', url, { token: session?.token });

function contextOf(session: TSession): TSignedInContext {
  const u = session.user;
  return {
    actor: { id: u._id, email: u.email, role: u.role, cityId: u.cityId ?? null, agencyId: u.agencyId ?? null, laboratoryId: u.laboratoryId ?? null, impersonatorId: null },
    db: t.db,
    year: null,
    requestId: 'areas-test',
    ip: '127.0.0.1',
    permissions: t.app.services.permissions,
    areas: t.app.services.areas,
  };
}

describe('enabled business areas', () => {
  it('demo mode ships both areas on: /api/config says so and both areas answer', async () => {
    const config = await get('/api/config');
    expect(config.body.features).toMatchObject({ touristTaxArea: true, environmentalArea: true });
    expect((await get('/api/lots', admin)).status).toBe(200);
    expect((await get('/api/stays', admin)).status).toBe(200);
    expect((await get('/api/lots', consortium)).status).toBe(200);
    expect((await get('/api/stays', hotelier)).status).toBe(200);
  });

  it('with environmentalArea off every environmental route answers AREA_DISABLED, for admins too; the other areas are untouched', async () => {
    const agencyId = (await get('/api/agencies?limit=1', admin)).body[0]._id as string;
    await setFeature(t.db, 'environmentalArea', false);
    for (const [url, session] of [
      ['/api/lots', admin],
      ['/api/lots', consortium],
      ['/api/orders?count=true', consortium],
      [`/api/agencies/${agencyId}`, admin],
      [`/api/agencies/${agencyId}/users`, admin],
      ['/api/environmental-settings', consortium],
      // The public invitation link too, signed out.
      ['/api/invites/some-token', undefined],
    ] as const) {
      const res = await get(url, session);
      expect(res.status, url).toBe(404);
      expect(res.body.code, url).toBe('AREA_DISABLED');
    }
    const invite = await t.request('POST', `/api/agencies/${agencyId}/invite`, { token: admin.token });
    expect(invite.body.code).toBe('AREA_DISABLED');
    expect((await get('/api/config')).body.features.environmentalArea).toBe(false);
    expect((await get('/api/stays', admin)).status).toBe(200);
    expect((await get('/api/users', admin)).status).toBe(200);
    expect((await get('/api/users/me', consortium)).status).toBe(200);
    // The collection runtime refuses on its own, whoever calls it (not only its routes).
    const lots = t.app.services.collections.get('lots')!;
    await expect(lots.list(contextOf(admin), {})).rejects.toSatisfy((e) => e instanceof AppError && e.code === 'AREA_DISABLED');
    await setFeature(t.db, 'environmentalArea', true);
    expect((await get('/api/lots', consortium)).status).toBe(200);
  });

  it('with touristTaxArea off every tourist-tax route answers AREA_DISABLED; the environmental area is untouched', async () => {
    await setFeature(t.db, 'touristTaxArea', false);
    for (const [url, session] of [
      ['/api/stays', admin],
      ['/api/stays', hotelier],
      ['/api/structures', hotelier],
      ['/api/declarations', hotelier],
      ['/api/dashboards/hotelier', hotelier],
      ['/api/filing-settings', admin],
    ] as const) {
      const res = await get(url, session);
      expect(res.status, url).toBe(404);
      expect(res.body.code, url).toBe('AREA_DISABLED');
    }
    const stays = t.app.services.collections.get('stays')!;
    await expect(stays.list(contextOf(hotelier), {})).rejects.toSatisfy((e) => e instanceof AppError && e.code === 'AREA_DISABLED');
    expect((await get('/api/lots', consortium)).status).toBe(200);
    expect((await get('/api/users/me', hotelier)).status).toBe(200);
  });
});
