import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { isValidNoticeNumber } from '@app/domain/tourist-tax/pagopa';
import { cities } from '../../../db/schema/index.ts';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';
import { filingWorld, insertStay } from './test-fixtures.ts';

let t: TTestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.signedIn('admin')).token;
});
afterAll(() => t?.close());

let worlds = 0;
/** A fresh comune pair (each test its own) with creditor data, Q1 2025 periods and the hotel's Q1 declaration (16.00 due). */
async function declarationWithTax(creditor: { fiscalCode: string | null; pagopaSegregationCode: string | null } = { fiscalCode: '81000370593', pagopaSegregationCode: '07' }) {
  const w = await filingWorld(t.db, `pagopa${++worlds}`);
  await t.db.update(cities).set(creditor).where(eq(cities.id, w.rome.id));
  const tok = {
    admin,
    city: (await t.login(w.cityUser.email)).token,
    otherCity: (await t.login(w.otherCityUser.email)).token,
    hotelier: (await t.login(w.hotelier.email)).token,
    otherHotelier: (await t.login(w.otherHotelier.email)).token,
  };
  const periods = await t.request('POST', '/api/declaration-templates/generate', { token: tok.city, body: { year: 2025, frequency: 'quarterly', submitOffsetDays: 30, payOffsetDays: 45 } });
  if (periods.status !== 201) throw new Error(`periods: ${periods.status}`);
  await insertStay(t.db, { structureId: w.hotel.id, cityId: w.rome.id, checkIn: '2025-01-10', checkOut: '2025-01-13', guests: 2 }); // 12.00
  await insertStay(t.db, { structureId: w.hotel.id, cityId: w.rome.id, checkIn: '2025-02-01', checkOut: '2025-02-03' }); // 4.00
  const created = await t.request('POST', '/api/declarations', { token: tok.hotelier, body: { structureId: w.hotel.id, declarationTemplateId: periods.body[0]._id } });
  if (created.status !== 201) throw new Error(`declaration: ${created.status} ${JSON.stringify(created.body)}`);
  return { w, tok, decl: created.body, periods: periods.body };
}

describe('GET /api/declarations/{id}/pagopa', () => {
  it('answers the notice data, stable across calls and callers, with a GPD-shaped debt position', async () => {
    const { tok, decl, w } = await declarationWithTax();
    const res = await t.request('GET', `/api/declarations/${decl._id}/pagopa`, { token: tok.hotelier });
    expect(res.status).toBe(200);
    const notice = res.body;
    expect(notice.noticeNumber).toMatch(/^307\d{15}$/);
    expect(isValidNoticeNumber(notice.noticeNumber)).toBe(true);
    expect(notice.iuv).toBe(notice.noticeNumber.slice(1));
    expect(notice.creditorTaxCode).toBe('81000370593');
    expect(notice.amountCents).toBe(1600);
    expect(notice.dueDate).toBe('2025-05-15');
    expect(notice.qrPayload).toBe(`PAGOPA|002|${notice.noticeNumber}|81000370593|1600`);
    const position = notice.debtPosition;
    expect(position).toMatchObject({ type: 'G', fiscalCode: '00743110157', fullName: w.hotel.name, companyName: w.rome.name, switchToExpired: false });
    expect(position.paymentOption).toHaveLength(1);
    const option = position.paymentOption[0];
    expect(option).toMatchObject({ iuv: notice.iuv, amount: 1600, isPartialPayment: false });
    // 15 May 2025 ends at 23:59:59 in Rome (summer time, UTC+2)
    expect(option.dueDate).toBe('2025-05-15T21:59:59.000Z');
    // category: the taxonomy's tourist tax of a comune (pagopa/pagopa-api taxonomy/tassonomia.json @440f484)
    expect(option.transfer).toEqual([expect.objectContaining({ idTransfer: '1', amount: 1600, organizationFiscalCode: '81000370593', category: '9/0101105IM/' })]);

    // The comune and an admin read the same notice: the IUV is assigned once.
    for (const token of [tok.city, tok.admin, tok.hotelier]) {
      const again = await t.request('GET', `/api/declarations/${decl._id}/pagopa`, { token });
      expect(again.status).toBe(200);
      expect(again.body.noticeNumber).toBe(notice.noticeNumber);
    }
  });

  it('gives each declaration of a comune its own notice number, also when first asked at the same time', async () => {
    const { tok, w, periods } = await declarationWithTax();
    await insertStay(t.db, { structureId: w.hotel.id, cityId: w.rome.id, checkIn: '2025-04-10', checkOut: '2025-04-12' });
    const second = await t.request('POST', '/api/declarations', { token: tok.hotelier, body: { structureId: w.hotel.id, declarationTemplateId: periods[1]._id } });
    expect(second.status).toBe(201);
    const list = await t.request('GET', '/api/declarations?year=2025', { token: tok.hotelier });
    const ids: string[] = list.body.map((d: { _id: string }) => d._id);
    expect(ids).toHaveLength(2);
    const answers = await Promise.all([...ids, ...ids].map((id) => t.request('GET', `/api/declarations/${id}/pagopa`, { token: tok.city })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const byId = new Map<string, Set<string>>();
    answers.forEach((a, i) => byId.set(ids[i % 2], (byId.get(ids[i % 2]) ?? new Set()).add(a.body.noticeNumber)));
    expect([...byId.values()].map((s) => s.size)).toEqual([1, 1]);
    const [first, other] = [...byId.values()].map((s) => [...s][0]);
    expect(first).not.toBe(other);
    expect(new Set([first.slice(3, 16), other.slice(3, 16)])).toEqual(new Set(['0000000000001', '0000000000002']));
  });

  it('other hoteliers and other comuni get 404; environmental roles 403', async () => {
    const { tok, decl } = await declarationWithTax();
    for (const token of [tok.otherHotelier, tok.otherCity]) {
      const res = await t.request('GET', `/api/declarations/${decl._id}/pagopa`, { token });
      expect(res.status).toBe(404);
    }
    for (const role of ['agency', 'lab'] as const) {
      const res = await t.request('GET', `/api/declarations/${decl._id}/pagopa`, { token: (await t.signedIn(role)).token });
      expect(res.status).toBe(403);
    }
    const anonymous = await t.request('GET', `/api/declarations/${decl._id}/pagopa`);
    expect(anonymous.status).toBe(401);
  });

  it('409 PAGOPA_NOT_CONFIGURED names what the comune lacks', async () => {
    const { tok, decl } = await declarationWithTax({ fiscalCode: null, pagopaSegregationCode: null });
    const res = await t.request('GET', `/api/declarations/${decl._id}/pagopa`, { token: tok.hotelier });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('PAGOPA_NOT_CONFIGURED');
    expect(res.body.params.missing).toBe('fiscalCode,pagopaSegregationCode');
    expect(res.body.details.map((d: { path: string }) => d.path)).toEqual(['fiscalCode', 'pagopaSegregationCode']);

    const half = await declarationWithTax({ fiscalCode: '81000370593', pagopaSegregationCode: null });
    const onlySegregation = await t.request('GET', `/api/declarations/${half.decl._id}/pagopa`, { token: half.tok.city });
    expect(onlySegregation.status).toBe(409);
    expect(onlySegregation.body.params.missing).toBe('pagopaSegregationCode');
  });

  it('409 PAGOPA_NOTHING_DUE when the declaration is paid or has no tax', async () => {
    const { tok, decl } = await declarationWithTax();
    const submitted = await t.request('POST', `/api/declarations/${decl._id}/submit`, { token: tok.hotelier, body: {} });
    expect(submitted.status).toBe(200);
    const paid = await t.request('POST', `/api/declarations/${decl._id}/payment`, { token: tok.hotelier, body: { paymentDate: '2025-05-10', trn: '0306909606A12345' } });
    expect(paid.status).toBe(200);
    const res = await t.request('GET', `/api/declarations/${decl._id}/pagopa`, { token: tok.hotelier });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('PAGOPA_NOTHING_DUE');

    const empty = await declarationWithTax();
    const q2 = await t.request('POST', '/api/declarations', { token: empty.tok.hotelier, body: { structureId: empty.w.hotel.id, declarationTemplateId: empty.periods[2]._id } });
    expect(q2.status).toBe(201);
    const none = await t.request('GET', `/api/declarations/${q2.body._id}/pagopa`, { token: empty.tok.city });
    expect(none.status).toBe(409);
    expect(none.body.code).toBe('PAGOPA_NOTHING_DUE');
  });
});

describe('comune creditor data', () => {
  it('the comune sets a valid tax code and segregation code; bad ones are 400; the code locks after the first notice', async () => {
    const { tok, w, decl } = await declarationWithTax({ fiscalCode: null, pagopaSegregationCode: null });
    const bad = await t.request('PUT', `/api/cities/${w.rome.id}`, { token: tok.city, body: { fiscalCode: '81000370594', pagopaSegregationCode: '7' } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { path: string }) => d.path).sort()).toEqual(['fiscalCode', 'pagopaSegregationCode']);
    const ok = await t.request('PUT', `/api/cities/${w.rome.id}`, { token: tok.city, body: { fiscalCode: '81000370593', pagopaSegregationCode: '11' } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ fiscalCode: '81000370593', pagopaSegregationCode: '11' });
    expect(ok.body).not.toHaveProperty('pagopaLastProgressive');
    expect(ok.body.pagopaNoticesIssued).toBe(false);
    const notice = await t.request('GET', `/api/declarations/${decl._id}/pagopa`, { token: tok.hotelier });
    expect(notice.body.noticeNumber.slice(0, 3)).toBe('311');
    const locked = await t.request('PUT', `/api/cities/${w.rome.id}`, { token: admin, body: { pagopaSegregationCode: '12' } });
    expect(locked.status).toBe(409);
    expect(locked.body.code).toBe('PAGOPA_SEGREGATION_CODE_LOCKED');
    // The comune's screen reads that the code is locked from the record itself.
    const read = await t.request('GET', `/api/cities/${w.rome.id}`, { token: tok.city });
    expect(read.body).toMatchObject({ pagopaSegregationCode: '11', pagopaNoticesIssued: true });
    // The record as read goes back in a save unchanged (the web sends it whole): the read-only flag is no input.
    const resaved = await t.request('PUT', `/api/cities/${w.rome.id}`, { token: tok.city, body: { ...read.body, pagopaNoticesIssued: false } });
    expect(resaved.status).toBe(200);
    expect(resaved.body.pagopaNoticesIssued).toBe(true);
    const other = await t.request('PUT', `/api/cities/${w.rome.id}`, { token: tok.otherCity, body: { fiscalCode: '81000120592' } });
    expect([403, 404]).toContain(other.status);
  });
});
