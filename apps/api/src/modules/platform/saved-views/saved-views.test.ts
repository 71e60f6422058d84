import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema/index.ts';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';
import { hashPassword } from '../auth/passwords.ts';

/*
 * Saved views per role: a user reads their own views and those shared with their role in their
 * tenant, never another role's nor another comune's, agency's or laboratory's; the owner is the
 * caller; one default per owner and list; parameters are bounded.
 */

let t: TTestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const DEMO = ['admin', 'city', 'city2', 'hotelier', 'hotelier2', 'agency', 'agency2', 'agency3', 'lab', 'consortium'] as const;

type TView = { _id: string; name: string; ownerId: string; isDefault: boolean; visibility: string; role: string | null; updatedAt: string; params: Record<string, unknown> };

const post = (who: string, body: Record<string, unknown>) => t.request<TView>('POST', '/api/saved-views', { token: tokens[who], body });
const created = async (who: string, body: Record<string, unknown>) => {
  const res = await post(who, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};
const namesSeenBy = async (who: string, query = '') => {
  const res = await t.request<TView[]>('GET', `/api/saved-views?limit=500${query}`, { token: tokens[who] });
  expect(res.status).toBe(200);
  return res.body.map((view) => view.name).sort();
};
const params = { filter: { q: 'mare' }, sort: 'createdAt', order: 'DESC', perPage: 25, columns: ['name', 'cityId'] };

beforeAll(async () => {
  t = await startTestApp();
  for (const who of DEMO) {
    const session = await t.login(`${who}@demo.test`);
    tokens[who] = session.token;
    ids[who] = String(session.user._id);
  }
  // A second account of city@demo.test's comune: the comune's role-shared views reach it.
  const [city] = await t.db.select({ cityId: users.cityId }).from(users).where(eq(users.id, ids.city));
  await t.db.insert(users).values({ email: 'city-colleague@demo.test', role: 'city', name: 'Collega', surname: 'Comune', cityId: city.cityId, passwordHash: await hashPassword('Colleague1234x') });
  const colleague = await t.login('city-colleague@demo.test', 'Colleague1234x');
  tokens.cityColleague = colleague.token;
  ids.cityColleague = String(colleague.user._id);
});
afterAll(() => t?.close());

describe('saved views', () => {
  it("keeps the owner from the session, never from the body, and answers the view's fields", async () => {
    const view = await created('hotelier', { name: 'Le mie camere', resource: 'structures', params, ownerId: ids.admin });
    expect(view).toMatchObject({ name: 'Le mie camere', resource: 'structures', visibility: 'private', role: null, ownerId: ids.hotelier, isDefault: false, params });
    expect(await namesSeenBy('admin')).not.toContain('Le mie camere');
    expect(await namesSeenBy('hotelier2')).not.toContain('Le mie camere');
    expect((await t.request('GET', `/api/saved-views/${view._id}`, { token: tokens.hotelier2 })).status).toBe(404);
    expect((await t.request('PUT', `/api/saved-views/${view._id}`, { token: tokens.admin, body: { name: 'Presa' } })).status).toBe(404);
    expect((await t.request('DELETE', `/api/saved-views/${view._id}`, { token: tokens.admin })).status).toBe(404);
  });

  it("shares a comune's view with its own staff only: never another comune's, never a hotelier", async () => {
    await created('city', { name: 'Comune A condivisa', resource: 'structures', params, visibility: 'role' });
    await created('city', { name: 'Comune A privata', resource: 'structures', params });
    expect(await namesSeenBy('city')).toEqual(expect.arrayContaining(['Comune A condivisa', 'Comune A privata']));
    expect(await namesSeenBy('cityColleague')).toContain('Comune A condivisa');
    expect(await namesSeenBy('cityColleague')).not.toContain('Comune A privata');
    expect(await namesSeenBy('city2')).not.toContain('Comune A condivisa');
    for (const who of ['hotelier', 'hotelier2', 'agency', 'lab', 'consortium', 'admin']) expect(await namesSeenBy(who), who).not.toContain('Comune A condivisa');
    // A colleague reads the shared view but does not change or delete it.
    const [shared] = (await t.request<TView[]>('GET', '/api/saved-views?name=Comune%20A%20condivisa', { token: tokens.cityColleague })).body;
    expect((await t.request('PUT', `/api/saved-views/${shared._id}`, { token: tokens.cityColleague, body: { name: 'Mia' } })).status).toBe(404);
    expect((await t.request('DELETE', `/api/saved-views/${shared._id}`, { token: tokens.cityColleague })).status).toBe(404);
    expect((await t.request('GET', `/api/saved-views/${shared._id}`, { token: tokens.city2 })).status).toBe(404);
  });

  it("shares an agency's view within the agency, a laboratory's within the laboratory", async () => {
    await created('agency', { name: 'Agenzia condivisa', resource: 'nca-reports', params: { filter: {} }, visibility: 'role' });
    expect(await namesSeenBy('agency2')).toContain('Agenzia condivisa');
    expect(await namesSeenBy('agency3')).not.toContain('Agenzia condivisa');
    expect(await namesSeenBy('lab')).not.toContain('Agenzia condivisa');
    await created('lab', { name: 'Laboratorio condivisa', resource: 'rdps', params: { filter: {} }, visibility: 'role' });
    expect(await namesSeenBy('agency')).not.toContain('Laboratorio condivisa');
  });

  it('lets administrators share with any role and the consortium with the roles it manages, across tenants', async () => {
    await created('admin', { name: 'Per i comuni', resource: 'structures', params, visibility: 'role', role: 'city' });
    for (const who of ['city', 'city2', 'cityColleague']) expect(await namesSeenBy(who), who).toContain('Per i comuni');
    expect(await namesSeenBy('hotelier')).not.toContain('Per i comuni');
    expect(await namesSeenBy('admin')).toContain('Per i comuni');

    await created('consortium', { name: 'Per le imprese', resource: 'nca-reports', params: { filter: {} }, visibility: 'role', role: 'agency_user' });
    for (const who of ['agency', 'agency2', 'agency3']) expect(await namesSeenBy(who), who).toContain('Per le imprese');
    expect(await namesSeenBy('lab')).not.toContain('Per le imprese');

    // The consortium does not manage comuni; a comune shares only with its own role.
    const refused = await post('consortium', { name: 'Ai comuni', resource: 'nca-reports', params: { filter: {} }, visibility: 'role', role: 'city' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await post('city', { name: 'Agli albergatori', resource: 'structures', params, visibility: 'role', role: 'user' })).status).toBe(400);
    // A shared view must be of a list its role opens: hoteliers do not open the NCA reports.
    expect((await post('admin', { name: 'NCA agli albergatori', resource: 'nca-reports', params: { filter: {} }, visibility: 'role', role: 'user' })).status).toBe(400);
  });

  it("keeps a hotelier's views private: a hotelier has no tenant to share within", async () => {
    const res = await post('hotelier', { name: 'A tutti gli albergatori', resource: 'structures', params, visibility: 'role' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [expect.objectContaining({ path: 'visibility' })] });
  });

  it('refuses a view of a list the user does not open, and unbounded or malformed parameters, with a 400', async () => {
    const bad: [string, Record<string, unknown>][] = [
      ['resource', { name: 'x', resource: 'nca-reports', params }],
      ['resource', { name: 'x', resource: 'structures/:structureId', params }],
      ['resource', { name: 'x', resource: 'no-such-list', params }],
      ['perPage', { name: 'x', resource: 'structures', params: { ...params, perPage: 501 } }],
      ['perPage', { name: 'x', resource: 'structures', params: { ...params, perPage: 0 } }],
      ['columns', { name: 'x', resource: 'structures', params: { ...params, columns: 'name' } }],
      ['columns', { name: 'x', resource: 'structures', params: { ...params, columns: Array.from({ length: 61 }, (_, i) => `c${i}`) } }],
      ['size', { name: 'x', resource: 'structures', params: { filter: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}`, 'x'.repeat(900)])) } }],
      ['extra key', { name: 'x', resource: 'structures', params: { ...params, script: 'alert(1)' } }],
      ['nesting', { name: 'x', resource: 'structures', params: { filter: { a: { b: { c: 1 } } } } }],
      ['name', { name: ' ', resource: 'structures', params }],
      ['order', { name: 'x', resource: 'structures', params: { ...params, order: 'SIDEWAYS' } }],
    ];
    for (const [what, body] of bad) {
      const res = await post('hotelier', body);
      expect(res.status, what).toBe(400);
      expect(res.body, what).toMatchObject({ code: expect.any(String) });
    }
  });

  it('keeps one default view per owner and list: setting one clears the other in the same write', async () => {
    const first = await created('city2', { name: 'Predefinita 1', resource: 'stays', params: { filter: {} }, isDefault: true });
    const second = await created('city2', { name: 'Predefinita 2', resource: 'stays', params: { filter: {} }, isDefault: true });
    const other = await created('city2', { name: 'Altra lista', resource: 'structures', params: { filter: {} }, isDefault: true });
    const defaults = async () => (await t.request<TView[]>('GET', '/api/saved-views?isDefault=true&limit=500', { token: tokens.city2 })).body.map((view) => view.name).sort();
    expect(await defaults()).toEqual(['Altra lista', 'Predefinita 2']);
    // Losing the default is a change of the view: the version the client held is stale.
    const stale = await t.request<TView>('PUT', `/api/saved-views/${first._id}`, { token: tokens.city2, body: { isDefault: true, updatedAt: first.updatedAt } });
    expect(stale.status).toBe(409);
    const current = (await t.request<TView>('GET', `/api/saved-views/${first._id}`, { token: tokens.city2 })).body;
    expect(current.isDefault).toBe(false);
    const back = await t.request<TView>('PUT', `/api/saved-views/${first._id}`, { token: tokens.city2, body: { isDefault: true, updatedAt: current.updatedAt } });
    expect(back.status).toBe(200);
    expect(await defaults()).toEqual(['Altra lista', 'Predefinita 1']);
    expect(second._id).not.toBe(other._id);
  });

  it('lets the owner rename, share, make private and delete their view', async () => {
    const view = await created('city', { name: 'Da cambiare', resource: 'stays', params: { filter: {} } });
    const shared = await t.request<TView>('PUT', `/api/saved-views/${view._id}`, { token: tokens.city, body: { name: 'Cambiata', visibility: 'role' } });
    expect(shared.status).toBe(200);
    expect(shared.body).toMatchObject({ name: 'Cambiata', visibility: 'role', role: 'city' });
    expect(await namesSeenBy('cityColleague')).toContain('Cambiata');
    const hidden = await t.request<TView>('PUT', `/api/saved-views/${view._id}`, { token: tokens.city, body: { visibility: 'private' } });
    expect(hidden.body).toMatchObject({ visibility: 'private', role: null });
    expect(await namesSeenBy('cityColleague')).not.toContain('Cambiata');
    expect((await t.request('DELETE', `/api/saved-views/${view._id}`, { token: tokens.city })).status).toBe(200);
    expect(await namesSeenBy('city')).not.toContain('Cambiata');
  });

  it('filters by list', async () => {
    await created('agency3', { name: 'Moduli', resource: 'forms', params: { filter: {} } });
    await created('agency3', { name: 'Rapporti', resource: 'nca-reports', params: { filter: {} } });
    expect(await namesSeenBy('agency3', '&resource=forms')).toEqual(['Moduli']);
  });
});
