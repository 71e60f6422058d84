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

describe('tourist-tax row scope', () => {
  it('a hotelier sees, counts and changes only the structures listed with them', async () => {
    const own = f.structure('Hotel Serapo');
    const others = f.structure('Hotel Summit');
    const list = await t.request('GET', '/api/structures?count=true&limit=500', { token: f.tokens.hotelier });
    expect(list.status).toBe(200);
    const names = list.body.map((s: any) => s.name).sort();
    expect(names).toEqual(['Albergo Villa Irlanda', "B&B Sant'Erasmo", 'Hotel Serapo', 'Ostello del Golfo']);
    expect(list.headers.get('x-total-count')).toBe('4');

    expect((await t.request('GET', `/api/structures/${own._id}`, { token: f.tokens.hotelier })).status).toBe(200);
    expect((await t.request('GET', `/api/structures/${others._id}`, { token: f.tokens.hotelier })).status).toBe(404);
    expect((await t.request('GET', `/api/structures?_id=${others._id}&count=true`, { token: f.tokens.hotelier })).headers.get('x-total-count')).toBe('0');
    const put = await t.request('PUT', `/api/structures/${others._id}`, { token: f.tokens.hotelier, body: { name: 'Hijacked' } });
    expect(put.status).toBe(404);
    // Deleting is the comune's: refused to a hotelier whatever the structure.
    expect((await t.request('DELETE', `/api/structures/${others._id}`, { token: f.tokens.hotelier })).status).toBe(403);
    expect((await t.request('GET', `/api/structures/${others._id}`, { token: f.tokens.admin })).body.name).toBe('Hotel Summit');

    // Filtering by userIds (the users detail "structures" tab) stays inside the caller's scope.
    const hotelier2Id = others.userIds[0];
    const byUser = await t.request('GET', `/api/structures?userIds=${hotelier2Id}`, { token: f.tokens.hotelier });
    expect(byUser.body.map((s: any) => s.name)).toEqual(['Ostello del Golfo']);
  });

  it('a hotelier sees, counts, changes and deletes only the stays of its structures', async () => {
    const theirs = await t.request('GET', `/api/stays?structureId=${f.structure('Hotel Summit')._id}&limit=5`, { token: f.tokens.admin });
    expect(theirs.body.length).toBeGreaterThan(0);
    const stay = theirs.body[0];
    expect((await t.request('GET', `/api/stays/${stay._id}`, { token: f.tokens.hotelier })).status).toBe(404);
    expect((await t.request('PUT', `/api/stays/${stay._id}`, { token: f.tokens.hotelier, body: { componentsNumber: 1 } })).status).toBe(404);
    expect((await t.request('DELETE', `/api/stays/${stay._id}`, { token: f.tokens.hotelier })).status).toBe(404);

    const mine = await t.request('GET', '/api/stays?count=true&limit=500', { token: f.tokens.hotelier });
    const all = await t.request('GET', '/api/stays?count=true&limit=500', { token: f.tokens.admin });
    const allowed = new Set(['Hotel Serapo', 'Albergo Villa Irlanda', "B&B Sant'Erasmo", 'Ostello del Golfo'].map((n) => f.structure(n)._id));
    expect(mine.body.every((s: any) => allowed.has(s.structureId))).toBe(true);
    const expected = all.body.filter((s: any) => allowed.has(s.structureId)).length;
    expect(Number(mine.headers.get('x-total-count'))).toBe(expected);
    expect(expected).toBeLessThan(all.body.length);
  });

  it("a hotelier cannot create a stay in another hotelier's structure", async () => {
    const res = await t.request('POST', '/api/stays', {
      token: f.tokens.hotelier,
      body: { structureId: f.structure('Hotel Summit')._id, checkIn: '2026-07-01', checkOut: '2026-07-03', componentsNumber: 2, guest: { name: 'A', surname: 'B' } },
    });
    expect(res.status).toBe(404);
    expect(res.body.details[0].path).toBe('structureId');
    const preview = await t.request('POST', '/api/stays/preview', {
      token: f.tokens.hotelier,
      body: { structureId: f.structure('Hotel Summit')._id, checkIn: '2026-07-01', checkOut: '2026-07-03', componentsNumber: 2 },
    });
    expect(preview.status).toBe(404);
  });

  it('a city sees only its own comune, its rules, structures and stays', async () => {
    const cities = await t.request('GET', '/api/cities', { token: f.tokens.city });
    expect(cities.body.map((c: any) => c.name)).toEqual(['Comune di Gaeta']);
    expect((await t.request('GET', `/api/cities/${f.formia._id}`, { token: f.tokens.city })).status).toBe(404);
    const formiaStructure = f.structure('Hotel Formia Mare');
    expect((await t.request('GET', `/api/structures/${formiaStructure._id}`, { token: f.tokens.city })).status).toBe(404);
    const structures = await t.request('GET', '/api/structures?limit=500', { token: f.tokens.city });
    expect(structures.body.every((s: any) => s.cityId === f.gaeta._id)).toBe(true);
    const stays = await t.request('GET', '/api/stays?limit=500', { token: f.tokens.city });
    expect(stays.body.length).toBeGreaterThan(0);
    expect(stays.body.every((s: any) => s.cityId === f.gaeta._id)).toBe(true);
    const formiaStays = await t.request('GET', `/api/stays?structureId=${formiaStructure._id}&count=true`, { token: f.tokens.city });
    expect(formiaStays.headers.get('x-total-count')).toBe('0');
    const tariffs = await t.request('GET', '/api/tariffs?limit=500', { token: f.tokens.city2 });
    expect(tariffs.body.map((x: any) => x.name)).toEqual(['Tariffa unica']);
    const formiaTariff = tariffs.body[0];
    expect((await t.request('PUT', `/api/tariffs/${formiaTariff._id}`, { token: f.tokens.city, body: { name: 'x' } })).status).toBe(404);
    expect((await t.request('DELETE', `/api/tariffs/${formiaTariff._id}`, { token: f.tokens.city })).status).toBe(404);
    // A city user writes its own comune's rules only; creating in another comune is refused.
    const foreign = await t.request('POST', '/api/exemptions', { token: f.tokens.city, body: { cityId: f.formia._id, name: 'Intruso' } });
    expect(foreign.status).toBe(403);
  });

  it('only admins create comuni; a city edits its own, not its active flag', async () => {
    const body = { name: 'Comune di Sperlonga', istatCode: '059030' };
    expect((await t.request('POST', '/api/cities', { token: f.tokens.city, body })).status).toBe(403);
    const created = await t.request('POST', '/api/cities', { token: f.tokens.admin, body });
    expect(created.status).toBe(201);
    const edit = await t.request('PUT', `/api/cities/${f.gaeta._id}`, { token: f.tokens.city, body: { bank: 'Tesoreria BPF' } });
    expect(edit.status).toBe(200);
    expect(edit.body.bank).toBe('Tesoreria BPF');
    expect((await t.request('PUT', `/api/cities/${f.gaeta._id}`, { token: f.tokens.city, body: { isActive: false } })).status).toBe(403);
    expect((await t.request('PUT', `/api/cities/${f.formia._id}`, { token: f.tokens.city, body: { bank: 'x' } })).status).toBe(404);
  });

  it('documents every tourist-tax route in the OpenAPI description', async () => {
    const doc = await t.request('GET', '/api/docs/json');
    expect(doc.status).toBe(200);
    for (const path of [
      '/api/cities',
      '/api/structures/{id}',
      '/api/tariffs',
      '/api/stays',
      '/api/stays/preview',
      '/api/stays/import',
      '/api/stays/import-template.xlsx',
      '/api/stays/export.xlsx',
      '/api/structures/export.xlsx',
    ]) {
      expect(doc.body.paths[path], path).toBeDefined();
    }
  });
});
