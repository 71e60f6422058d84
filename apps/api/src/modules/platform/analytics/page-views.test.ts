import { afterAll, describe, expect, it } from 'vitest';
import { pageViews } from '../../../db/schema/index.ts';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';

const apps: TTestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
});

describe('page views', () => {
  it('stores nothing and answers 204 while the analytics feature is off (shipped default)', async () => {
    const t = await startTestApp();
    apps.push(t);
    const res = await t.request('POST', '/api/page-views', { body: { pageName: 'dashboard', fullPath: '/dashboard?year=2025', path: '/dashboard' } });
    expect(res.status).toBe(204);
    expect(await t.db.select().from(pageViews)).toHaveLength(0);
  });

  it('stores anonymous and signed-in views when the feature is on, and validates the body', async () => {
    const t = await startTestApp({ features: { analytics: true } });
    apps.push(t);
    const { token, user } = await t.signedIn('hotelier');
    const anonymous = await t.request('POST', '/api/page-views', { body: { fullPath: '/on-boarding/login', path: '/on-boarding/login' } });
    expect(anonymous.status).toBe(201);
    const signedIn = await t.request('POST', '/api/page-views', { token, body: { pageName: 'stays', fullPath: '/stays?page=2', path: '/stays' } });
    expect(signedIn.status).toBe(201);
    const rows = await t.db.select().from(pageViews);
    expect(rows.map((r) => [r.userId, r.pageName, r.path]).sort()).toEqual(
      [
        [null, null, '/on-boarding/login'],
        [user._id, 'stays', '/stays'],
      ].sort(),
    );
    for (const body of [{ fullPath: '/x' }, { fullPath: 'http://evil', path: '/x' }, { fullPath: '/x', path: '/x', pageName: 'a'.repeat(201) }]) {
      const res = await t.request('POST', '/api/page-views', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await t.request('POST', '/api/page-views', { token: 'garbage', body: { fullPath: '/x', path: '/x' } })).status).toBe(401);
  });
});
