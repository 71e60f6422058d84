import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox, notifications } from '../../../db/schema/index.ts';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';
import { makePdf } from '../../platform/index.ts';
import { filingWorld, insertStructure, insertUser } from '../declarations/test-fixtures.ts';

let t: TTestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.signedIn('admin')).token;
});
afterAll(() => t?.close());

/**
 * Each test's own comuni, users and structures (a filing world plus a third hotelier in Rome), so
 * no test depends on the messages or documents of another.
 */
let worlds = 0;
async function freshWorld() {
  const tag = `com${++worlds}`;
  const w = await filingWorld(t.db, tag);
  const third = await insertUser(t.db, `terzo-${tag}@filings.test`, 'user');
  await insertStructure(t.db, w.rome.id, 'Ostello Roma', [third.id]);
  const tok = {
    admin,
    city: (await t.login(w.cityUser.email)).token,
    otherCity: (await t.login(w.otherCityUser.email)).token,
    hotelier: (await t.login(w.hotelier.email)).token,
    otherHotelier: (await t.login(w.otherHotelier.email)).token,
    third: (await t.login(third.email)).token,
  };
  return { w, third, tok };
}

/** The comune's message to all its hoteliers. */
async function sendToAll(token: string) {
  const res = await t.request('POST', '/api/communications', { token, body: { title: 'Nuove tariffe 2026', text: '<p>Dal <strong>1 gennaio</strong> cambiano le tariffe.</p>' } });
  if (res.status !== 201) throw new Error(`communication not sent: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body._id as string;
}

async function upload(token: string, purpose = 'pdf') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await makePdf())]), 'regolamento.pdf');
  form.append('data', JSON.stringify({ purpose }));
  const res = await fetch(`${t.baseUrl}/api/uploads`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  expect(res.status).toBe(201);
  return (await res.json()) as { _id: string };
}

describe('communications', () => {
  it('a comune writes to all its hoteliers: sanitised text, a notification and an e-mail each', async () => {
    const { w, third, tok } = await freshWorld();
    const res = await t.request('POST', '/api/communications', {
      token: tok.city,
      body: { title: 'Nuove tariffe 2026', text: '<p>Dal <strong>1 gennaio</strong> cambiano le tariffe.</p><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>' },
    });
    expect(res.status).toBe(201);
    expect(res.body.text).toBe('<p>Dal <strong>1 gennaio</strong> cambiano le tariffe.</p><a target="_blank" rel="noopener noreferrer">x</a>');
    expect(res.body.recipientsCount).toBe(3); // the three hoteliers of Rome (the Gaeta-only side is not written to)
    for (const userId of [w.hotelier.id, w.otherHotelier.id, third.id]) {
      const n = await t.db.select().from(notifications).where(eq(notifications.userId, userId));
      expect(n.filter((x) => x.event === 'communication')).toHaveLength(1);
    }
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, w.hotelier.email));
    expect(mails.some((m) => m.subject === 'Nuove tariffe 2026' && m.text.includes('cambiano le tariffe'))).toBe(true);
  });

  it('to chosen structures only; structures of another comune are refused', async () => {
    const { w, tok } = await freshWorld();
    await sendToAll(tok.city);
    const res = await t.request('POST', '/api/communications', { token: tok.city, body: { title: 'Solo per voi', text: '<p>Ciao</p>', audience: 'structures', structureIds: [w.hotel.id] } });
    expect(res.status).toBe(201);
    expect(res.body.recipientsCount).toBe(1);
    const wrong = await t.request('POST', '/api/communications', { token: tok.city, body: { title: 'x', text: '<p>x</p>', audience: 'structures', structureIds: [w.gaetaHotel.id] } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details[0].path).toBe('structureIds.0');
    expect((await t.request('POST', '/api/communications', { token: tok.hotelier, body: { title: 'x', text: '<p>x</p>' } })).status).toBe(403);
    const inbox = await t.request('GET', '/api/communications?count=true', { token: tok.third });
    expect(inbox.headers.get('x-total-count')).toBe('1');
    expect((await t.request('GET', `/api/communications/${res.body._id}`, { token: tok.third })).status).toBe(404);
  });

  it('the comune sees who has read it; other comuni see nothing', async () => {
    const { w, third, tok } = await freshWorld();
    const messageId = await sendToAll(tok.city);
    expect((await t.request('POST', `/api/communications/${messageId}/read`, { token: tok.hotelier, body: {} })).status).toBe(200);
    const first = await t.request('POST', `/api/communications/${messageId}/read`, { token: tok.hotelier, body: {} });
    const recipients = await t.request('GET', `/api/communications/${messageId}/recipients`, { token: tok.city });
    expect(recipients.status).toBe(200);
    const byEmail = Object.fromEntries(recipients.body.map((r: any) => [r.email, r]));
    expect(byEmail[w.hotelier.email]).toMatchObject({ hasRead: true, readAt: first.body.readAt });
    expect(byEmail[third.email]).toMatchObject({ hasRead: false, readAt: null });
    expect((await t.request('GET', `/api/communications/${messageId}/recipients`, { token: tok.hotelier })).status).toBe(403);
    expect((await t.request('GET', `/api/communications/${messageId}/recipients`, { token: tok.otherCity })).status).toBe(404);
    expect((await t.request('GET', `/api/communications/${messageId}`, { token: tok.otherCity })).status).toBe(404);
  });
});

describe('documentation area', () => {
  it("a comune's documents reach its hoteliers only; an admin's reach every comune", async () => {
    const { w, tok } = await freshWorld();
    const file = await upload(tok.city);
    const doc = await t.request('POST', '/api/documents', { token: tok.city, body: { title: 'Regolamento imposta di soggiorno', category: 'regulation', uploadId: file._id } });
    expect(doc.status).toBe(201);
    expect(doc.body).toMatchObject({ cityId: w.rome.id, category: 'regulation' });
    // The same upload cannot be attached twice; someone else's upload cannot be used.
    expect((await t.request('POST', '/api/documents', { token: tok.city, body: { title: 'x', uploadId: file._id } })).status).toBe(400);
    const foreign = await upload(tok.otherCity);
    expect((await t.request('POST', '/api/documents', { token: tok.city, body: { title: 'x', uploadId: foreign._id } })).status).toBe(400);

    const globalFile = await upload(tok.admin);
    const global = await t.request('POST', '/api/documents', { token: tok.admin, body: { title: 'Guida al portale', category: 'guide', uploadId: globalFile._id, cityId: null } });
    expect(global.status).toBe(201);
    expect(global.body.cityId).toBeNull();

    const mine = await t.request('GET', '/api/documents?sort=title', { token: tok.hotelier });
    expect(mine.body.map((d: any) => d.title)).toEqual(['Guida al portale', 'Regolamento imposta di soggiorno']);
    const gaetaOnly = await t.request('GET', '/api/documents', { token: tok.otherCity });
    expect(gaetaOnly.body.map((d: any) => d.title)).toEqual(['Guida al portale']);
    // Downloads follow the document's scope.
    const dl = await fetch(`${t.baseUrl}/api/uploads/${file._id}/download`, { headers: { authorization: `Bearer ${tok.hotelier}` } });
    expect(dl.status).toBe(200);
    const denied = await fetch(`${t.baseUrl}/api/uploads/${file._id}/download`, { headers: { authorization: `Bearer ${tok.otherCity}` } });
    expect(denied.status).toBe(404);
    // A comune cannot change the documents published for everybody, nor publish as a hotelier.
    expect((await t.request('PUT', `/api/documents/${global.body._id}`, { token: tok.city, body: { title: 'x' } })).status).toBe(404);
    expect((await t.request('POST', '/api/documents', { token: tok.hotelier, body: { title: 'x', uploadId: file._id } })).status).toBe(403);
  });
});

describe('ids that are not UUIDs', () => {
  // 36 hex digits: the old shape check let it through and PostgreSQL failed on the uuid cast (500).
  const notUuid = '0'.repeat(36);
  it('answer 404', async () => {
    const { tok } = await freshWorld();
    expect((await t.request('GET', `/api/communications/${notUuid}/recipients`, { token: tok.city })).status).toBe(404);
    expect((await t.request('POST', `/api/communications/${notUuid}/read`, { token: tok.hotelier, body: {} })).status).toBe(404);
  });
});
