import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faqs } from '../../../db/schema/index.ts';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';

let t: TTestApp;
let admin: string;
let hotelier: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.signedIn('admin')).token;
  hotelier = (await t.signedIn('hotelier')).token;
  // The contract is checked on rows this file creates: the demo FAQs would change every count.
  await t.db.delete(faqs);
});
afterAll(() => t?.close());

describe('generic collection contract (faqs)', () => {
  it('creates, lists with count, filters, sorts, updates with optimistic locking and deletes', async () => {
    const created = [];
    for (const [i, q] of ['Come pago?', 'Quando dichiaro?', 'Chi è esente?'].entries()) {
      const res = await t.request('POST', '/api/faqs', { token: admin, body: { question: q, answer: `Risposta ${i}`, order: i, isVisible: i !== 2 } });
      expect(res.status).toBe(201);
      expect(res.body._id).toMatch(/^[0-9a-f-]{36}$/);
      created.push(res.body);
    }
    const list = await t.request('GET', '/api/faqs?count=true&sort=-order&limit=2', { token: admin });
    expect(list.status).toBe(200);
    expect(list.headers.get('x-total-count')).toBe('3');
    expect(list.body.map((f: any) => f.order)).toEqual([2, 1]);

    const filtered = await t.request('GET', '/api/faqs?order[gte]=1&isVisible=true', { token: admin });
    expect(filtered.body.map((f: any) => f.question)).toEqual(['Quando dichiaro?']);
    const inList = await t.request('GET', `/api/faqs?_id[in]=${created[0]._id},${created[2]._id}&sort=order`, { token: admin });
    expect(inList.body.map((f: any) => f.order)).toEqual([0, 2]);
    const search = await t.request('GET', '/api/faqs?q=esente', { token: admin });
    expect(search.body).toHaveLength(1);

    const updated = await t.request('PUT', `/api/faqs/${created[0]._id}`, { token: admin, body: { answer: 'Con bonifico', updatedAt: created[0].updatedAt } });
    expect(updated.status).toBe(200);
    expect(updated.body.answer).toBe('Con bonifico');
    expect(updated.body.question).toBe('Come pago?');
    const stale = await t.request('PUT', `/api/faqs/${created[0]._id}`, { token: admin, body: { answer: 'Vecchia', updatedAt: created[0].updatedAt } });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('STALE_WRITE');
    const staleHeader = await t.request('PUT', `/api/faqs/${created[0]._id}`, { token: admin, body: { answer: 'Vecchia' }, headers: { 'if-match': created[0].updatedAt } });
    expect(staleHeader.status).toBe(409);

    // Hidden rows are outside a hotelier's scope: 404 by id, absent from lists and counts.
    const hidden = await t.request('GET', `/api/faqs/${created[2]._id}`, { token: hotelier });
    expect(hidden.status).toBe(404);
    const hotelierList = await t.request('GET', '/api/faqs?count=true', { token: hotelier });
    expect(hotelierList.headers.get('x-total-count')).toBe('2');
    expect((await t.request('DELETE', `/api/faqs/${created[1]._id}`, { token: hotelier })).status).toBe(403);

    const removed = await t.request('DELETE', `/api/faqs/${created[1]._id}`, { token: admin });
    expect(removed.status).toBe(200);
    expect((await t.request('GET', `/api/faqs/${created[1]._id}`, { token: admin })).status).toBe(404);
  });

  it('refuses unknown filter and sort fields, bad values and bad limits with a 400, never a 500', async () => {
    const cases = ['/api/faqs?nope=1', '/api/faqs?sort=passwordHash', '/api/faqs?order=abc', '/api/faqs?limit=501', '/api/faqs?_id=not-a-uuid', '/api/faqs?order[like]=1', '/api/faqs?year=1999'];
    for (const url of cases) {
      const res = await t.request('GET', url, { token: admin });
      expect(res.status, url).toBe(400);
      expect(res.body.code, url).toMatch(/UNKNOWN_FIELD|INVALID_FILTER|VALIDATION_FAILED/);
      expect(res.body.details?.length, url).toBeGreaterThan(0);
    }
    expect((await t.request('GET', '/api/faqs/not-a-uuid', { token: admin })).status).toBe(404);
    const invalid = await t.request('POST', '/api/faqs', { token: admin, body: { question: '', answer: 5 } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe('VALIDATION_FAILED');
    expect(invalid.body.details.map((d: any) => d.path).sort()).toEqual(['answer', 'question']);
    expect((await t.request('GET', '/api/faqs')).status).toBe(401);
  });
});

describe('partial updates', () => {
  it('leave fields that were not sent untouched (no create defaults on PUT)', async () => {
    const created = await t.request('POST', '/api/faqs', { token: admin, body: { question: 'Parziale?', answer: 'Sì', order: 7, isVisible: false } });
    const updated = await t.request('PUT', `/api/faqs/${created.body._id}`, { token: admin, body: { answer: 'Ancora sì' } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ answer: 'Ancora sì', order: 7, isVisible: false });
  });
});
