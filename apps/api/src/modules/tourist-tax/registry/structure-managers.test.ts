import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';
import { demoFixtures } from './test-fixtures.ts';

let t: TTestApp;
let f: Awaited<ReturnType<typeof demoFixtures>>;
beforeAll(async () => {
  t = await startTestApp();
  f = await demoFixtures(t);
});
afterAll(() => t?.close());

/** Who manages a structure (`userIds`) decides who reads its guests: only the comune or an admin changes it. */
describe('structure managers (userIds)', () => {
  it('a hotelier cannot add another hotelier to its own structure, nor remove one (403), and the list stays as it was', async () => {
    const own = f.structure('Hotel Serapo');
    const hotelier2 = await t.signedIn('hotelier2');
    const before = (await t.request('GET', `/api/structures/${own._id}`, { token: f.tokens.hotelier })).body.userIds as string[];
    const add = await t.request('PUT', `/api/structures/${own._id}`, { token: f.tokens.hotelier, body: { userIds: [...before, hotelier2.user._id] } });
    expect(add.status).toBe(403);
    expect(add.body.code).toBe('FORBIDDEN');
    expect((await t.request('GET', `/api/structures/${own._id}`, { token: hotelier2.token })).status).toBe(404);
    const replace = await t.request('PUT', `/api/structures/${own._id}`, { token: f.tokens.hotelier, body: { userIds: [hotelier2.user._id] } });
    expect(replace.status).toBe(403);
    expect((await t.request('GET', `/api/structures/${own._id}`, { token: f.tokens.admin })).body.userIds).toEqual(before);
    // Sending the same managers (in any order) with other changes is fine.
    const same = await t.request('PUT', `/api/structures/${own._id}`, { token: f.tokens.hotelier, body: { userIds: [...before].reverse(), phone: '+39 0771 000001' } });
    expect(same.status).toBe(200);
  });

  it('a hotelier registering a structure is its only manager; naming others is refused', async () => {
    const hotelier2 = await t.signedIn('hotelier2');
    const hotelier = await t.signedIn('hotelier');
    const cityId = f.structure('Hotel Serapo').cityId;
    const refused = await t.request('POST', '/api/structures', { token: hotelier.token, body: { name: 'Casa Nuova', cityId, userIds: [hotelier2.user._id] } });
    expect(refused.status).toBe(403);
    const created = await t.request('POST', '/api/structures', { token: hotelier.token, body: { name: 'Casa Nuova', cityId } });
    expect(created.status).toBe(201);
    expect(created.body.userIds).toEqual([hotelier.user._id]);
  });

  it('the comune and an administrator change who manages a structure', async () => {
    const own = f.structure('Hotel Serapo');
    const hotelier2 = await t.signedIn('hotelier2');
    const hotelier = await t.signedIn('hotelier');
    const byCity = await t.request('PUT', `/api/structures/${own._id}`, { token: f.tokens.city, body: { userIds: [hotelier.user._id, hotelier2.user._id] } });
    expect(byCity.status).toBe(200);
    expect((await t.request('GET', `/api/structures/${own._id}`, { token: hotelier2.token })).status).toBe(200);
    const byAdmin = await t.request('PUT', `/api/structures/${own._id}`, { token: f.tokens.admin, body: { userIds: [hotelier.user._id] } });
    expect(byAdmin.status).toBe(200);
    expect((await t.request('GET', `/api/structures/${own._id}`, { token: hotelier2.token })).status).toBe(404);
  });
});
