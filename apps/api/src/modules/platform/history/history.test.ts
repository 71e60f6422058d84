import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, orders } from '../../../db/schema/index.ts';
import { startTestApp, type TSession, type TTestApp } from '../../../test/harness.ts';
import { wasteFormBody } from '../../../test/waste-form-fixture.ts';

/*
 * GET /api/{collection}/{id}/history and POST .../history/{entryId}/restore, for the roles that may
 * and may not use them: the history reads like the record (404 outside the reader's scope), a
 * restore takes the table's restore grant and goes through the collection's update (rules, locks,
 * audit).
 */

let t: TTestApp;
let admin: TSession;
let city: TSession;
let hotelier: TSession;
let hotelier2: TSession;
let consortium: TSession;
let edil: TSession;
let eco: TSession;
let lab: TSession;

const history = (collection: string, id: string, token: string) => t.request('GET', `/api/${collection}/${id}/history`, { token });
const restore = (collection: string, id: string, entryId: string, token: string) => t.request('POST', `/api/${collection}/${id}/history/${entryId}/restore`, { token });

/** Demo accounts by the part of their e-mail before the @ (consortium and agency3 come from the environmental demo). */
const ACCOUNTS = ['admin', 'city', 'hotelier', 'hotelier2', 'consortium', 'agency', 'agency3', 'lab'];

beforeAll(async () => {
  t = await startTestApp();
  [admin, city, hotelier, hotelier2, consortium, edil, eco, lab] = await Promise.all(ACCOUNTS.map((account) => t.login(`${account}@demo.test`)));
});
afterAll(() => t?.close());

describe('history of a record', () => {
  it('lists who changed which fields, newest first, with the values before and after, and a restore brings a version back as a change of its own', async () => {
    const created = await t.request('POST', '/api/faqs', { token: admin.token, body: { question: 'Chi paga?', answer: 'Il turista.', isVisible: false } });
    expect(created.status).toBe(201);
    const id = created.body._id;
    expect((await t.request('PUT', `/api/faqs/${id}`, { token: admin.token, body: { answer: "L'ospite, tramite la struttura." } })).status).toBe(200);
    expect((await t.request('PUT', `/api/faqs/${id}`, { token: admin.token, body: { question: 'Chi paga la tassa?' } })).status).toBe(200);

    const listed = await history('faqs', id, admin.token);
    expect(listed.status).toBe(200);
    expect(listed.body.map((entry: { action: string }) => entry.action)).toEqual(['update', 'update', 'create']);
    const [second, first, creation] = listed.body;
    expect(second).toMatchObject({ actorId: admin.user._id, actorName: expect.any(String), impersonatorId: null, changes: [{ field: 'question', before: 'Chi paga?', after: 'Chi paga la tassa?' }] });
    expect(first.changes).toEqual([{ field: 'answer', before: 'Il turista.', after: "L'ospite, tramite la struttura." }]);
    expect(creation.changes).toEqual(
      expect.arrayContaining([
        { field: 'question', after: 'Chi paga?' },
        { field: 'answer', after: 'Il turista.' },
      ]),
    );

    // Back to the version the creation wrote: both fields, in one audited write.
    const restored = await restore('faqs', id, creation._id, admin.token);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ question: 'Chi paga?', answer: 'Il turista.' });
    const after = (await history('faqs', id, admin.token)).body;
    expect(after[0]).toMatchObject({ action: 'restore', restoredFromId: creation._id, actorId: admin.user._id });
    expect(after[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'question', before: 'Chi paga la tassa?', after: 'Chi paga?' },
        { field: 'answer', before: "L'ospite, tramite la struttura.", after: 'Il turista.' },
      ]),
    );
    // The versions before the restore are still there, and the restore itself can be undone.
    expect(after).toHaveLength(4);
    const undone = await restore('faqs', id, second._id, admin.token);
    expect(undone.body).toMatchObject({ question: 'Chi paga la tassa?', answer: "L'ospite, tramite la struttura." });
    // The newest version is the record as it is: nothing to restore.
    const newest = (await history('faqs', id, admin.token)).body[0];
    const same = await restore('faqs', id, newest._id, admin.token);
    expect(same.status).toBe(409);
    expect(same.body.code).toBe('NOTHING_TO_RESTORE');
  });

  it('a role that cannot read the record cannot read its history: 404 like the record, 403 without any grant', async () => {
    const hidden = (await t.request('POST', '/api/faqs', { token: admin.token, body: { question: 'Bozza', answer: 'Non pubblicata', isVisible: false } })).body;
    // A hotelier reads only the visible FAQs: the hidden one and its history do not exist for it.
    expect((await t.request('GET', `/api/faqs/${hidden._id}`, { token: hotelier.token })).status).toBe(404);
    expect((await history('faqs', hidden._id, hotelier.token)).status).toBe(404);
    // A comune has no grant on FAQs: 403 on the record and on its history alike.
    expect((await t.request('GET', `/api/faqs/${hidden._id}`, { token: city.token })).status).toBe(403);
    expect((await history('faqs', hidden._id, city.token)).status).toBe(403);
    // Unknown ids and entries are 404, never 500.
    expect((await history('faqs', 'not-an-id', admin.token)).status).toBe(404);
    expect((await restore('faqs', hidden._id, 'not-an-id', admin.token)).status).toBe(404);
    expect((await restore('faqs', hidden._id, crypto.randomUUID(), admin.token)).status).toBe(404);
    expect((await t.request('GET', `/api/faqs/${hidden._id}/history?limit=0`, { token: admin.token })).status).toBe(400);
  });

  it("an entry of another record is not this record's version", async () => {
    const a = (await t.request('POST', '/api/faqs', { token: admin.token, body: { question: 'A', answer: 'a', isVisible: false } })).body;
    const b = (await t.request('POST', '/api/faqs', { token: admin.token, body: { question: 'B', answer: 'b', isVisible: false } })).body;
    const [entryOfA] = (await history('faqs', a._id, admin.token)).body;
    expect((await restore('faqs', b._id, entryOfA._id, admin.token)).status).toBe(404);
  });
});

describe('owners and impersonation (structures)', () => {
  let structureId: string;
  beforeAll(async () => {
    const mine = await t.request('GET', '/api/structures?limit=1&sort=name', { token: hotelier.token });
    structureId = mine.body[0]._id;
  });

  it('the hotelier who manages the structure reads its history and restores it; another hotelier gets 404; the comune reads but may not restore', async () => {
    expect((await t.request('PUT', `/api/structures/${structureId}`, { token: hotelier.token, body: { phone: '0771 000111' } })).status).toBe(200);
    expect((await t.request('PUT', `/api/structures/${structureId}`, { token: hotelier.token, body: { phone: '0771 000222' } })).status).toBe(200);
    const entries = (await history('structures', structureId, hotelier.token)).body;
    expect(entries[0]).toMatchObject({ action: 'update', actorId: hotelier.user._id, changes: [{ field: 'phone', before: '0771 000111', after: '0771 000222' }] });

    // Another hotelier holds the restore grant, but not on this structure: 404, as the structure itself.
    expect((await t.request('GET', `/api/structures/${structureId}`, { token: hotelier2.token })).status).toBe(404);
    expect((await history('structures', structureId, hotelier2.token)).status).toBe(404);
    expect((await restore('structures', structureId, entries[1]._id, hotelier2.token)).status).toBe(404);
    // The comune reads its structures' history; restoring is the managing hotelier's or an admin's.
    expect((await history('structures', structureId, city.token)).status).toBe(200);
    expect((await restore('structures', structureId, entries[1]._id, city.token)).status).toBe(403);

    const restored = await restore('structures', structureId, entries[1]._id, hotelier.token);
    expect(restored.status).toBe(200);
    expect(restored.body.phone).toBe('0771 000111');
  });

  it('a change made by an administrator impersonating the hotelier names both', async () => {
    const impersonated = await t.request('GET', `/api/users/personificate/${hotelier.user._id}`, { token: admin.token });
    expect(impersonated.status).toBe(200);
    expect((await t.request('PUT', `/api/structures/${structureId}`, { token: impersonated.body.token, body: { fax: '0771 999888' } })).status).toBe(200);
    const [entry] = (await history('structures', structureId, hotelier.token)).body;
    expect(entry).toMatchObject({ actorId: hotelier.user._id, impersonatorId: admin.user._id, impersonatorName: expect.any(String), changes: [{ field: 'fax', after: '0771 999888' }] });
  });
});

describe('workflow locks (waste forms)', () => {
  const newForm = (orderId: string) => wasteFormBody(orderId);

  it('the agency restores its compiled form; once the consortium signs it, a restore is refused with FORM_LOCKED and the status never changes', async () => {
    const [order] = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.name, 'ODL 01/2025 - Scavo galleria Monte Altino'));
    const created = await t.request('POST', '/api/forms', { token: edil.token, body: newForm(order.id) });
    expect(created.status).toBe(201);
    const id = created.body._id;
    expect((await t.request('PUT', `/api/forms/${id}`, { token: edil.token, body: { notes: 'prima nota' } })).status).toBe(200);
    expect((await t.request('PUT', `/api/forms/${id}`, { token: edil.token, body: { notes: 'seconda nota' } })).status).toBe(200);
    const entries = (await history('forms', id, edil.token)).body;
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual(['update', 'update', 'create']);

    // Who may not: another agency (404, as the form itself), a laboratory (no grant: 403), the consortium (reads, but restoring is the agency's or an admin's).
    expect((await history('forms', id, eco.token)).status).toBe(404);
    expect((await history('forms', id, lab.token)).status).toBe(403);
    expect((await history('forms', id, consortium.token)).status).toBe(200);
    expect((await restore('forms', id, entries[1]._id, consortium.token)).status).toBe(403);

    const restored = await restore('forms', id, entries[1]._id, edil.token);
    expect(restored.status).toBe(200);
    expect(restored.body.notes).toBe('prima nota');

    const approved = await t.request('POST', `/api/forms/${id}/approve`, { token: consortium.token, body: {} });
    expect(approved.status).toBe(200);
    const locked = await restore('forms', id, entries[0]._id, edil.token);
    expect(locked.status).toBe(409);
    expect(locked.body.code).toBe('FORM_LOCKED');
    const byAdmin = await restore('forms', id, entries[0]._id, admin.token);
    expect(byAdmin.status).toBe(409);
    expect(byAdmin.body.code).toBe('FORM_LOCKED');
    // The approval is in the history, as the workflow's action with its status change.
    const afterApproval = (await history('forms', id, admin.token)).body;
    expect(afterApproval[0].action).toMatch(/\.approve$/);
    expect(afterApproval[0].changes).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'rentriState', before: 'compiled', after: 'producerSigned' })]));
    expect((await t.request('GET', `/api/forms/${id}`, { token: admin.token })).body.rentriState).toBe('producerSigned');
  });
});

describe('secrets', () => {
  it("a user's history never shows a password hash, and the audit log does not hold one", async () => {
    const res = await t.request('PUT', `/api/users/${hotelier2.user._id}`, { token: admin.token, body: { phone: '06 1234567', password: 'Nuova-Password-2026!' } });
    expect(res.status).toBe(200);
    const entries = (await history('users', hotelier2.user._id, admin.token)).body;
    const fields = entries.flatMap((entry: { changes: { field: string }[] }) => entry.changes.map((change) => change.field));
    expect(fields).toContain('phone');
    expect(fields.some((field: string) => /password|hash|token/i.test(field) && field !== 'needsPasswordChange' && field !== 'hasTemporaryPassword')).toBe(false);
    const rows = await t.db.select({ changes: auditLogs.changes }).from(auditLogs).where(eq(auditLogs.entityId, hotelier2.user._id));
    expect(JSON.stringify(rows)).not.toMatch(/passwordHash|argon2/);
  });
});
