// exceljs (a devDependency) reads what the API exports: an independent reader.
import ExcelJS from 'exceljs';
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declarations, orders, stays, wasteForms } from '../../db/schema/index.ts';
import { startTestApp, type TSession, type TTestApp } from '../../test/harness.ts';
import { wasteFormBody } from '../../test/waste-form-fixture.ts';

let t: TTestApp;
let consortium: TSession;
let edil: TSession; // agency@demo.test
let eco: TSession; // agency3@demo.test, another agency
let city: TSession;
let hotelier: TSession;
let edilOrder: string;

const newForm = () => wasteFormBody(edilOrder, { quantity: { value: '1250', unit: 'kg' } });
const createForm = async () => (await t.request('POST', '/api/forms', { token: edil.token, body: newForm() })).body._id as string;
const bulk = (collection: string, token: string, body: Record<string, unknown>, query = '') => t.request('POST', `/api/${collection}/bulk${query}`, { token, body });
const formStatuses = async (ids: string[]) =>
  new Map((await t.db.select({ id: wasteForms.id, status: wasteForms.status }).from(wasteForms).where(inArray(wasteForms.id, ids))).map((r) => [r.id, r.status]));

beforeAll(async () => {
  t = await startTestApp();
  [consortium, edil, eco, city, hotelier] = await Promise.all(['consortium', 'agency', 'agency3', 'city', 'hotelier'].map((a) => t.signedIn(a as never)));
  edilOrder = (await t.db.select({ id: orders.id }).from(orders).where(eq(orders.name, 'ODL 01/2025 - Scavo galleria Monte Altino')))[0].id;
});
afterAll(() => t?.close());

describe('POST /api/{collection}/bulk', () => {
  it('refuses a bulk approve of forms by an agency row by row, with the single route’s code, and changes nothing', async () => {
    const ids = [await createForm(), await createForm()];
    const res = await bulk('forms', edil.token, { action: 'approve', ids });
    expect(res.status).toBe(200);
    expect(res.body.done).toEqual([]);
    expect(res.body.refused).toEqual(ids.map((id) => ({ id, code: 'FORBIDDEN', message: expect.any(String) })));
    expect([...(await formStatuses(ids)).values()]).toEqual(['compiled', 'compiled']);
  });

  it('lets the consortium approve many forms; unknown, foreign and already approved ids are refused, the rest done', async () => {
    const ids = [await createForm(), await createForm()];
    const missing = randomUUID();
    const res = await bulk('forms', consortium.token, { action: 'approve', ids: [...ids, missing, 'not-an-id'] });
    expect(res.status).toBe(200);
    expect(res.body.done).toEqual(ids);
    expect(res.body.refused).toEqual([
      { id: missing, code: 'NOT_FOUND', message: expect.any(String) },
      { id: 'not-an-id', code: 'NOT_FOUND', message: expect.any(String) },
    ]);
    expect([...(await formStatuses(ids)).values()]).toEqual(['producerSigned', 'producerSigned']);
    // The same rules as the single route: approving twice is an invalid transition, per row.
    const again = await bulk('forms', consortium.token, { action: 'approve', ids });
    expect(again.body).toEqual({ done: [], refused: ids.map((id) => ({ id, code: 'INVALID_TRANSITION', message: expect.any(String) })) });
  });

  it('deletes what the role may delete; another agency’s rows are refused NOT_FOUND and stay', async () => {
    const own = await createForm();
    const approved = await createForm();
    await t.request('POST', `/api/forms/${approved}/approve`, { token: consortium.token, body: {} });
    const byOther = await bulk('forms', eco.token, { action: 'delete', ids: [own] });
    expect(byOther.body).toEqual({ done: [], refused: [{ id: own, code: 'NOT_FOUND', message: expect.any(String) }] });
    const res = await bulk('forms', edil.token, { action: 'delete', ids: [own, approved] });
    expect(res.body).toEqual({ done: [own], refused: [{ id: approved, code: 'FORM_LOCKED', message: expect.any(String) }] });
    expect([...(await formStatuses([own, approved])).keys()]).toEqual([approved]);
  });

  it('answers 400 with stable codes for an unknown action, both or neither of ids and filter, and a missing input', async () => {
    const unknown = await bulk('forms', consortium.token, { action: 'explode', ids: [randomUUID()] });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'UNKNOWN_BULK_ACTION', params: { allowed: 'approve, delete' } });
    // `toString` is no action of any collection (own keys only).
    expect((await bulk('forms', consortium.token, { action: 'toString', ids: [randomUUID()] })).body.code).toBe('UNKNOWN_BULK_ACTION');
    const both = await bulk('forms', consortium.token, { action: 'approve', ids: [randomUUID()], filter: { status: 'pending' } });
    expect(both.status).toBe(400);
    expect(both.body.code).toBe('VALIDATION_FAILED');
    expect((await bulk('forms', consortium.token, { action: 'approve' })).status).toBe(400);
    const tooMany = await bulk('forms', consortium.token, { action: 'approve', ids: Array.from({ length: 1001 }, () => randomUUID()) });
    expect(tooMany.status).toBe(400);
    const noReason = await bulk('stays', hotelier.token, { action: 'markNotPaid', ids: [randomUUID()] });
    expect(noReason.status).toBe(400);
    expect(noReason.body.details).toEqual([expect.objectContaining({ path: 'input.reason' })]);
    const badFilter = await bulk('forms', consortium.token, { action: 'approve', filter: { nope: 'x' } });
    expect(badFilter.status).toBe(400);
    expect(badFilter.body.code).toBe('UNKNOWN_FIELD');
  });

  it('validates the declarations a filter matches, within the comune’s own scope only; the hotelier is refused per row', async () => {
    const submitted = await t.request('GET', '/api/declarations?year=2025&status=submitted&limit=100', { token: city.token });
    expect(submitted.body.length).toBeGreaterThan(0);
    const ids = submitted.body.map((d: { _id: string }) => d._id);
    const byHotelier = await bulk('declarations', hotelier.token, { action: 'validate', ids, input: { confirm: true } }, '?year=2025');
    expect(byHotelier.body.done).toEqual([]);
    expect(byHotelier.body.refused.map((r: { code: string }) => r.code)).toEqual(ids.map(() => 'FORBIDDEN'));
    expect((await bulk('declarations', city.token, { action: 'validate', filter: { status: 'submitted' } }, '?year=2025')).status).toBe(400);
    const res = await bulk('declarations', city.token, { action: 'validate', filter: { status: 'submitted' }, input: { confirm: true } }, '?year=2025');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ done: expect.arrayContaining(ids), refused: [] });
    expect(res.body.done).toHaveLength(ids.length);
    const rows = await t.db.select({ status: declarations.status }).from(declarations).where(inArray(declarations.id, ids));
    expect(rows.map((r) => r.status)).toEqual(ids.map(() => 'validated'));
    // Another comune's user matches none of them.
    const other = await t.signedIn('city2');
    const elsewhere = await bulk('declarations', other.token, { action: 'validate', ids, input: { confirm: true } }, '?year=2025');
    expect(elsewhere.body.refused.map((r: { code: string }) => r.code)).toEqual(ids.map(() => 'NOT_FOUND'));
  });

  it('marks stays not paid with a reason and paid again as the stay form does; the comune is refused; a declared stay is refused', async () => {
    const list = await t.request('GET', '/api/stays?year=2025&limit=500', { token: hotelier.token });
    const open = list.body.filter((s: { declarationId: string | null }) => !s.declarationId).slice(0, 2);
    const declared = list.body.find((s: { declarationId: string | null }) => s.declarationId);
    expect(open).toHaveLength(2);
    const ids: string[] = open.map((s: { _id: string }) => s._id);
    const byCity = await bulk('stays', city.token, { action: 'markPaid', ids }, '?year=2025');
    expect(byCity.body.refused.map((r: { code: string }) => r.code)).toEqual(['FORBIDDEN', 'FORBIDDEN']);
    const notPaid = await bulk('stays', hotelier.token, { action: 'markNotPaid', ids: [...ids, declared._id], input: { reason: 'Ospite partito senza pagare' } }, '?year=2025');
    expect(notPaid.body).toEqual({ done: ids, refused: [{ id: declared._id, code: 'STAY_DECLARED', message: expect.any(String) }] });
    const rows = await t.db.select({ paymentStatus: stays.paymentStatus, noPaymentReason: stays.noPaymentReason }).from(stays).where(inArray(stays.id, ids));
    expect(rows).toEqual(ids.map(() => ({ paymentStatus: 'not_paid', noPaymentReason: 'Ospite partito senza pagare' })));
    const paid = await bulk('stays', hotelier.token, { action: 'markPaid', filter: { paymentStatus: 'not_paid', '_id[in]': ids.join(',') } }, '?year=2025');
    expect(paid.body).toEqual({ done: expect.arrayContaining(ids), refused: [] });
    const after = await t.db.select({ paymentStatus: stays.paymentStatus, noPaymentReason: stays.noPaymentReason }).from(stays).where(inArray(stays.id, ids));
    expect(after).toEqual(ids.map(() => ({ paymentStatus: 'paid', noPaymentReason: null })));
  });

  it('exports a selection through the list export with _id[in]', async () => {
    const ids = [await createForm(), await createForm()];
    const res = await fetch(`${t.baseUrl}/api/forms/export?_id[in]=${ids.join(',')}`, { headers: { authorization: `Bearer ${consortium.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    // A header row, then the two selected forms only.
    expect(book.worksheets[0].actualRowCount).toBe(3);
    const stays = await t.request('GET', '/api/stays?year=2025&limit=2', { token: hotelier.token });
    const staysExport = await fetch(`${t.baseUrl}/api/stays/export?year=2025&_id[in]=${stays.body.map((s: { _id: string }) => s._id).join(',')}`, {
      headers: { authorization: `Bearer ${hotelier.token}` },
    });
    const stayBook = new ExcelJS.Workbook();
    await stayBook.xlsx.load(await staysExport.arrayBuffer());
    expect(stayBook.worksheets[0].actualRowCount).toBe(3);
  });
});
