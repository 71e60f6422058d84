import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema/index.ts';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';

let t: TTestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.signedIn('admin')).token;
});
afterAll(() => t?.close());

const search = (tab: string, q: string, token: string | null = admin) => t.request('GET', `/api/search?tab=${encodeURIComponent(tab)}&q=${encodeURIComponent(q)}`, { token: token ?? undefined });

describe('GET /api/search', () => {
  it('finds hoteliers (role user only) by name, surname, full name and e-mail, with their structures count', async () => {
    const bySurname = await search('hoteliers', 'albergatr');
    expect(bySurname.status).toBe(200);
    expect(bySurname.body).toHaveLength(1);
    // Demo data: Giulia manages Hotel Serapo, Villa Irlanda, B&B Sant'Erasmo and (shared) Ostello del Golfo.
    expect(bySurname.body[0]).toMatchObject({ email: 'hotelier@demo.test', name: 'Giulia', surname: 'Albergatrice', structuresCount: 4 });
    expect(bySurname.body[0]._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(bySurname.body[0]).not.toHaveProperty('passwordHash');

    expect((await search('hoteliers', 'giulia alb')).body.map((u: any) => u.email)).toEqual(['hotelier@demo.test']);
    // Every demo account is @demo.test; only the two hoteliers have role user.
    const byDomain = await search('hoteliers', 'DEMO.TEST');
    expect(byDomain.body.map((u: any) => u.email).sort()).toEqual(['hotelier2@demo.test', 'hotelier@demo.test']);
    expect(byDomain.body.find((u: any) => u.email === 'hotelier2@demo.test').structuresCount).toBe(4);
  });

  it('matches commercial name, tax code and VAT number; deleted hoteliers and other roles never appear', async () => {
    const [row] = await t.db
      .insert(users)
      .values({ email: 'mare.blu@example.com', role: 'user', name: 'Rita', surname: 'Rossi', commercialName: 'Pensione Mare Blu', taxCode: 'RSSRTI80A41D843X', vatNumber: '01234567897' })
      .returning({ id: users.id });
    await t.db.insert(users).values({ email: 'mare.rosso@example.com', role: 'city', name: 'Mare', surname: 'Rosso' });
    expect((await search('hoteliers', 'mare blu')).body.map((u: any) => u.email)).toEqual(['mare.blu@example.com']);
    expect((await search('hoteliers', 'rssrti80')).body.map((u: any) => u.email)).toEqual(['mare.blu@example.com']);
    expect((await search('hoteliers', '4567897')).body).toMatchObject([{ email: 'mare.blu@example.com', structuresCount: 0 }]);
    expect((await search('hoteliers', 'mare.rosso')).body).toEqual([]);

    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, row.id));
    expect((await search('hoteliers', 'mare blu')).body).toEqual([]);
  });

  it('takes LIKE wildcards in the text literally', async () => {
    expect((await search('hoteliers', '%%%')).body).toEqual([]);
    expect((await search('hoteliers', '___')).body).toEqual([]);
    expect((await search('municipalities', '%_%')).body).toEqual([]);
  });

  it('returns at most 50 hoteliers', async () => {
    await t.db.insert(users).values(Array.from({ length: 55 }, (_, i) => ({ email: `bulk${i}@limit.test`, role: 'user', name: 'Bulk', surname: `Limit ${String(i).padStart(2, '0')}` })));
    const res = await search('hoteliers', 'limit.test');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(50);
    expect(res.body[0].surname).toBe('Limit 00');
  });

  it('finds municipalities by name and by e-mail', async () => {
    const byName = await search('municipalities', 'gaeta');
    expect(byName.status).toBe(200);
    expect(byName.body.map((c: any) => c.name)).toEqual(['Comune di Gaeta']);
    const byEmail = await search('municipalities', 'comune.formia');
    expect(byEmail.body).toMatchObject([{ name: 'Comune di Formia', email: 'tributi@comune.formia.lt.it', province: 'LT' }]);
    expect((await search('municipalities', 'city2@demo')).body.map((c: any) => c.name)).toEqual(['Comune di Formia']);
    expect((await search('municipalities', 'comune di')).body.map((c: any) => c.name)).toEqual(['Comune di Formia', 'Comune di Gaeta']);
    expect((await search('municipalities', 'nowhere')).body).toEqual([]);
  });

  it('needs at least three characters, a known tab, and an admin', async () => {
    for (const q of ['ab', '  ab  ', '']) {
      const res = await search('hoteliers', q);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.details.map((d: any) => d.path)).toContain('q');
    }
    const noQ = await t.request('GET', '/api/search?tab=hoteliers', { token: admin });
    expect(noQ.status).toBe(400);
    expect(noQ.body.details.map((d: any) => d.path)).toContain('q');
    const badTab = await search('agencies', 'gaeta');
    expect(badTab.status).toBe(400);
    expect(badTab.body.details.map((d: any) => d.path)).toContain('tab');

    for (const email of ['city@demo.test', 'hotelier@demo.test', 'agency@demo.test', 'lab@demo.test']) {
      const token = (await t.login(email)).token;
      const res = await search('hoteliers', 'ab', token);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
    const anonymous = await search('municipalities', 'gaeta', null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('UNAUTHORIZED');
  });
});
