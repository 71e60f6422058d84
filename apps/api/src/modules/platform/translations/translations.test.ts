import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labels } from '../../../db/schema/index.ts';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';
import { checkBulkTranslations } from './translations.ts';

let t: TTestApp;
let admin: string;
let city: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.signedIn('admin')).token;
  city = (await t.signedIn('city')).token;
});
afterAll(() => t?.close());

const labelCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(labels))[0].n;

describe('labels collection (admin only)', () => {
  it('creates, filters, updates and deletes; refuses duplicates and non-admins', async () => {
    const created = await t.request('POST', '/api/labels', { token: admin, body: { key: 'menu.home', value: 'Home', language: 'it', category: 'menu' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ key: 'menu.home', value: 'Home', language: 'it', platform: 'web', category: 'menu' });
    const en = await t.request('POST', '/api/labels', { token: admin, body: { key: 'menu.home', value: 'Home', language: 'en', platform: 'web' } });
    expect(en.status).toBe(201);
    const dup = await t.request('POST', '/api/labels', { token: admin, body: { key: 'menu.home', value: 'Casa', language: 'it' } });
    expect(dup.status).toBe(409);
    const moveOnto = await t.request('PUT', `/api/labels/${en.body._id}`, { token: admin, body: { language: 'it' } });
    expect(moveOnto.status).toBe(409);
    const bad = await t.request('POST', '/api/labels', { token: admin, body: { key: 'bad key', value: 1, language: 'de', platform: 'tv' } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: any) => d.path).sort()).toEqual(['key', 'language', 'platform', 'value']);
    const filtered = await t.request('GET', '/api/labels?language=en&count=true', { token: admin });
    expect(filtered.headers.get('x-total-count')).toBe('1');
    const updated = await t.request('PUT', `/api/labels/${created.body._id}`, { token: admin, body: { value: 'Pagina iniziale' } });
    expect(updated.body.value).toBe('Pagina iniziale');
    const appLabel = await t.request('POST', '/api/labels', { token: admin, body: { key: 'menu.home', value: 'Home', language: 'it', platform: 'app' } });
    const appUpdated = await t.request('PUT', `/api/labels/${appLabel.body._id}`, { token: admin, body: { value: 'Inizio' } });
    expect(appUpdated.body).toMatchObject({ value: 'Inizio', platform: 'app' });
    expect((await t.request('GET', '/api/labels', { token: city })).status).toBe(403);
    expect((await t.request('GET', `/api/labels/${created.body._id}`, { token: city })).status).toBe(403);
    expect((await t.request('DELETE', `/api/labels/${en.body._id}`, { token: admin })).status).toBe(200);
  });
});

describe('translations', () => {
  it('serves the dictionary publicly per language and platform', async () => {
    await t.request('POST', '/api/translations', { token: admin, body: { key: 'common.save', value: 'Salva', language: 'it', platform: 'web' } });
    await t.request('POST', '/api/translations', { token: admin, body: { key: 'common.save', value: 'Save', language: 'en', platform: 'web' } });
    await t.request('POST', '/api/translations', { token: admin, body: { key: 'common.save', value: 'Salva!', language: 'it', platform: 'app' } });
    const it = await t.request('GET', '/api/translations?language=it&platform=web');
    expect(it.status).toBe(200);
    expect(it.body).toEqual(expect.arrayContaining([{ key: 'common.save', value: 'Salva' }]));
    expect(it.body.find((e: any) => e.value === 'Save' || e.value === 'Salva!')).toBeUndefined();
    const app = await t.request('GET', '/api/translations?language=it&platform=app');
    expect(app.body.filter((e: any) => e.key === 'common.save')).toEqual([{ key: 'common.save', value: 'Salva!' }]);
    expect(app.body.map((e: any) => e.key)).toEqual([...app.body.map((e: any) => e.key)].sort());
    expect((await t.request('GET', '/api/translations?language=de')).status).toBe(400);
    expect((await t.request('GET', '/api/translations')).status).toBe(400);
  });

  it('POST upserts one entry by key, language and platform (admin only)', async () => {
    const first = await t.request('POST', '/api/translations', { token: admin, body: { key: 'x.title', value: 'Titolo', language: 'it', platform: 'web' } });
    expect(first.status).toBe(201);
    const second = await t.request('POST', '/api/translations', { token: admin, body: { key: 'x.title', value: 'Titolo nuovo', language: 'it', platform: 'web' } });
    expect(second.status).toBe(200);
    expect(second.body._id).toBe(first.body._id);
    expect(second.body.value).toBe('Titolo nuovo');
    expect((await t.request('POST', '/api/translations', { token: city, body: { key: 'x.title', value: 'Hack', language: 'it' } })).status).toBe(403);
    expect((await t.request('POST', '/api/translations', { body: { key: 'x.title', value: 'Hack', language: 'it' } })).status).toBe(401);
    expect((await t.request('POST', '/api/translations', { token: admin, body: { key: '', value: 'v', language: 'it' } })).status).toBe(400);
  });

  it('bulk flattens nested values to dotted keys and upserts everything in one go', async () => {
    const res = await t.request('POST', '/api/translations/bulk', {
      token: admin,
      body: {
        translations: [
          { key: 'menu', value: { users: 'Utenti', settings: { title: 'Impostazioni', labels: 'Etichette' } }, language: 'it', platform: 'web' },
          { key: 'menu', value: { users: 'Users' }, language: 'en', platform: 'web' },
          { key: 'x.title', value: 'Titolo dal bulk', language: 'it', platform: 'web' },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ total: 5, created: 4, updated: 1 });
    const dictionary = Object.fromEntries((await t.request('GET', '/api/translations?language=it&platform=web')).body.map((e: any) => [e.key, e.value]));
    expect(dictionary).toMatchObject({ 'menu.users': 'Utenti', 'menu.settings.title': 'Impostazioni', 'menu.settings.labels': 'Etichette', 'x.title': 'Titolo dal bulk' });
    expect((await t.request('POST', '/api/translations/bulk', { token: city, body: { translations: [{ key: 'a', value: 'b', language: 'it' }] } })).status).toBe(403);
  });

  it('bulk refuses the whole list and reports every bad entry', async () => {
    const before = await labelCount();
    const res = await t.request('POST', '/api/translations/bulk', {
      token: admin,
      body: {
        translations: [
          { key: 'ok.one', value: 'Uno', language: 'it', platform: 'web' },
          { key: 'ok.two', value: 'Due', language: 'fr', platform: 'web' },
          { key: 'nested', value: { good: 'x', bad: 5, empty: {} }, language: 'it', platform: 'web' },
          { key: 'ok', value: { one: 'Doppio' }, language: 'it', platform: 'web' },
          'not an object',
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.details.map((d: any) => [d.path, d.row])).toEqual([
      ['translations.1.language', 2],
      ['translations.2.value.bad', 3],
      ['translations.2.value.empty', 3],
      ['translations.3.value.one', 4],
      ['translations.4', 5],
    ]);
    expect(res.body.details[3].message).toBe('duplicate of row 1');
    expect(await labelCount()).toBe(before);
    expect((await t.request('POST', '/api/translations/bulk', { token: admin, body: { translations: [] } })).status).toBe(400);
  });

  it('flattening reports keys that nested names make invalid', () => {
    const { problems, flat } = checkBulkTranslations([{ key: 'a', value: { 'b c': 'x', d: 'y' }, language: 'en' }]);
    expect(flat).toEqual([{ key: 'a.d', value: 'y', language: 'en', platform: 'web' }]);
    expect(problems).toEqual([{ path: 'translations.0.value.b c', message: 'nested names make an invalid key', row: 1, value: 'a.b c' }]);
  });
});
