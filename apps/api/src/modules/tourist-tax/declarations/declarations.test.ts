import { PDFDocument } from 'pdf-lib';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { auditLogs, notifications, stays } from '../../../db/schema/index.ts';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';
import { filingWorld, insertStay } from './test-fixtures.ts';
import { makePdf } from '../../platform/index.ts';

let t: TTestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.signedIn('admin')).token;
});
afterAll(() => t?.close());

/*
 * Every test builds what it needs: its own comuni, users and structures (a fresh filing world), so
 * no test depends on another having run before it, and none sees another's rows.
 */
let worlds = 0;
async function freshWorld() {
  const w = await filingWorld(t.db, `decl${++worlds}`);
  const tok = {
    admin,
    city: (await t.login(w.cityUser.email)).token,
    otherCity: (await t.login(w.otherCityUser.email)).token,
    hotelier: (await t.login(w.hotelier.email)).token,
    otherHotelier: (await t.login(w.otherHotelier.email)).token,
  };
  return { w, tok };
}

/** A fresh world whose comune (Rome) has the 2025 quarterly periods and the other comune (Gaeta) monthly ones. */
async function worldWithPeriods() {
  const { w, tok } = await freshWorld();
  const quarterly = await t.request('POST', '/api/declaration-templates/generate', { token: tok.city, body: { year: 2025, frequency: 'quarterly', submitOffsetDays: 30, payOffsetDays: 45 } });
  const monthly = await t.request('POST', '/api/declaration-templates/generate', { token: tok.otherCity, body: { year: 2025, frequency: 'monthly', submitOffsetDays: 16, payOffsetDays: 16 } });
  if (quarterly.status !== 201 || monthly.status !== 201) throw new Error(`periods not generated: ${quarterly.status} ${monthly.status}`);
  const [q1, q2] = quarterly.body;
  return { w, tok, q1, q2 };
}

/** The hotel's stays around Q1 2025: three check out in Q1 (one unpaid), one in Q2. */
async function insertFlowStays(w: Awaited<ReturnType<typeof filingWorld>>) {
  const base = { structureId: w.hotel.id, cityId: w.rome.id };
  const a = await insertStay(t.db, { ...base, checkIn: '2025-01-10', checkOut: '2025-01-13', guests: 2 }); // 2 x 3 x 2.00 = 12.00
  const b = await insertStay(t.db, { ...base, checkIn: '2025-02-01', checkOut: '2025-02-03', paid: false, reason: 'refused to pay', surname: 'Verdi' }); // 4.00
  const c = await insertStay(t.db, { ...base, checkIn: '2025-03-30', checkOut: '2025-04-02' }); // checks out in Q2
  const d = await insertStay(t.db, { ...base, checkIn: '2024-12-30', checkOut: '2025-01-02' }); // 6.00, checks out in Q1
  return { a, b, c, d };
}

const FLOW = ['draft', 'submitted', 'resubmitted', 'validated', 'paid'] as const;

/**
 * The hotel's automatic Q1 2025 declaration, brought through the flow up to `stage`: submitted;
 * then a stay of 1 March added, returned by the comune for it and resubmitted; validated; paid.
 */
async function declarationAt(stage: (typeof FLOW)[number]) {
  const world = await worldWithPeriods();
  const { w, tok, q1 } = world;
  const inserted = await insertFlowStays(w);
  const stayIds = { a: inserted.a.id, b: inserted.b.id, c: inserted.c.id, d: inserted.d.id };
  const created = await t.request('POST', '/api/declarations', { token: tok.hotelier, body: { structureId: w.hotel.id, declarationTemplateId: q1._id } });
  if (created.status !== 201) throw new Error(`declaration not created: ${created.status} ${JSON.stringify(created.body)}`);
  let decl = created.body;
  const step = async (action: string, token: string, body: unknown) => {
    const res = await t.request('POST', `/api/declarations/${decl._id}/${action}`, { token, body });
    if (res.status !== 200) throw new Error(`${action}: ${res.status} ${JSON.stringify(res.body)}`);
    decl = res.body;
  };
  const reached = (s: (typeof FLOW)[number]) => FLOW.indexOf(stage) >= FLOW.indexOf(s);
  if (reached('submitted')) await step('submit', tok.hotelier, {});
  if (reached('resubmitted')) {
    await insertStay(t.db, { structureId: w.hotel.id, cityId: w.rome.id, checkIn: '2025-03-01', checkOut: '2025-03-02' });
    await step('return', tok.city, { reason: 'Manca il soggiorno del 1 marzo' });
    await step('submit', tok.hotelier, {});
  }
  if (reached('validated')) await step('validate', tok.city, { confirm: true });
  if (reached('paid')) await step('payment', tok.hotelier, { paymentDate: '2025-05-10', trn: '0306909606A12345' });
  return { ...world, decl, stayIds };
}

describe('declaration periods', () => {
  it('a comune generates a year of quarterly periods; overlaps are refused', async () => {
    const { w, tok } = await freshWorld();
    const res = await t.request('POST', '/api/declaration-templates/generate', { token: tok.city, body: { year: 2025, frequency: 'quarterly', submitOffsetDays: 30, payOffsetDays: 45 } });
    expect(res.status).toBe(201);
    expect(res.body.map((p: any) => [p.periodName, p.dateFrom, p.dateTo, p.submitBy, p.payBy])).toEqual([
      ['Trim 1 2025', '2025-01-01', '2025-03-31', '2025-04-30', '2025-05-15'],
      ['Trim 2 2025', '2025-04-01', '2025-06-30', '2025-07-30', '2025-08-14'],
      ['Trim 3 2025', '2025-07-01', '2025-09-30', '2025-10-30', '2025-11-14'],
      // 14 February 2026 is a Saturday: the payment deadline moves to Monday 16
      ['Trim 4 2025', '2025-10-01', '2025-12-31', '2026-01-30', '2026-02-16'],
    ]);
    expect(res.body.every((p: any) => p.cityId === w.rome.id)).toBe(true);

    const again = await t.request('POST', '/api/declaration-templates/generate', { token: tok.city, body: { year: 2025, frequency: 'monthly', submitOffsetDays: 15, payOffsetDays: 15 } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('PERIOD_OVERLAP');
    const overlapping = await t.request('POST', '/api/declaration-templates', {
      token: tok.city,
      body: { year: 2025, periodName: 'Pasqua', dateFrom: '2025-03-15', dateTo: '2025-04-15', submitBy: '2025-05-01', payBy: '2025-05-01' },
    });
    expect(overlapping.status).toBe(409);
    expect(overlapping.body.code).toBe('PERIOD_OVERLAP');
    const badDates = await t.request('POST', '/api/declaration-templates', {
      token: tok.city,
      body: { year: 2026, periodName: 'Gennaio', dateFrom: '2026-01-31', dateTo: '2026-01-01', submitBy: '2025-12-01', payBy: '2026-02-15' },
    });
    expect(badDates.status).toBe(400);
    expect(badDates.body.details.map((d: any) => d.path).sort()).toEqual(['dateTo', 'submitBy']);
    // Another comune may use the same dates.
    const gaeta = await t.request('POST', '/api/declaration-templates/generate', { token: tok.otherCity, body: { year: 2025, frequency: 'monthly', submitOffsetDays: 16, payOffsetDays: 16 } });
    expect(gaeta.status).toBe(201);
    expect(gaeta.body).toHaveLength(12);
    expect((await t.request('POST', '/api/declaration-templates/generate', { token: tok.hotelier, body: { year: 2026, frequency: 'monthly', submitOffsetDays: 1, payOffsetDays: 1 } })).status).toBe(
      403,
    );
  });

  it('hoteliers read the periods of their comuni only; a comune only its own', async () => {
    const { tok, q1 } = await worldWithPeriods();
    const mine = await t.request('GET', '/api/declaration-templates?year=2025&count=true', { token: tok.hotelier });
    expect(mine.headers.get('x-total-count')).toBe('4');
    const other = await t.request('GET', '/api/declaration-templates?year=2025&count=true', { token: tok.otherHotelier });
    expect(other.headers.get('x-total-count')).toBe('16'); // Rome (Pensione Tevere) and Gaeta
    expect((await t.request('GET', `/api/declaration-templates/${q1._id}`, { token: tok.otherCity })).status).toBe(404);
    expect((await t.request('PUT', `/api/declaration-templates/${q1._id}`, { token: tok.otherCity, body: { payBy: '2025-06-01' } })).status).toBe(404);
    expect((await t.request('PUT', `/api/declaration-templates/${q1._id}`, { token: tok.hotelier, body: { payBy: '2025-06-01' } })).status).toBe(403);
  });
});

describe('declaration flow', () => {
  it('an automatic declaration sums the stays checked out in the period', async () => {
    const { w, tok, q1, q2 } = await worldWithPeriods();
    const { b } = await insertFlowStays(w);

    const res = await t.request('POST', '/api/declarations', { token: tok.hotelier, body: { structureId: w.hotel.id, declarationTemplateId: q1._id } });
    expect(res.status).toBe(201);
    const decl = res.body;
    expect(decl).toMatchObject({
      status: 'draft',
      type: 'automatic',
      year: 2025,
      numberOfStays: 3,
      guestsNumber: 4,
      nightsNumber: 8,
      totalAmount: 22,
      toPayAmount: 18,
      unpaidAmount: 4,
      rejectedPayments: 1,
      tariff: 22,
      reduction: 0,
      submitBy: '2025-04-30',
      payBy: '2025-05-15',
      isSubmitOverdue: true,
      availableActions: ['submit'],
    });
    expect(decl.rejectedDetails).toEqual([{ stayId: b.id, guest: 'Verdi Mario', checkOut: '2025-02-03', amount: 4, reason: 'refused to pay' }]);

    const dup = await t.request('POST', '/api/declarations', { token: tok.hotelier, body: { structureId: w.hotel.id, declarationTemplateId: q1._id } });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('DUPLICATE');
    // Another hotelier's structure does not exist for this hotelier; a comune does not create declarations.
    expect((await t.request('POST', '/api/declarations', { token: tok.otherHotelier, body: { structureId: w.hotel.id, declarationTemplateId: q2._id } })).status).toBe(404);
    expect((await t.request('POST', '/api/declarations', { token: tok.city, body: { structureId: w.hotel.id, declarationTemplateId: q2._id } })).status).toBe(403);
    // A period of another comune is refused.
    const gaetaPeriods = await t.request('GET', '/api/declaration-templates?year=2025&limit=1', { token: tok.otherCity });
    const wrongCity = await t.request('POST', '/api/declarations', { token: tok.hotelier, body: { structureId: w.hotel.id, declarationTemplateId: gaetaPeriods.body[0]._id } });
    expect(wrongCity.status).toBe(400);
  });

  it('refuses every transition not allowed from draft, and wrong sides', async () => {
    const { tok, decl } = await declarationAt('draft');
    for (const [action, body] of [
      ['validate', { confirm: true }],
      ['return', { reason: 'x' }],
      ['revoke', { confirm: true }],
    ] as const) {
      const res = await t.request('POST', `/api/declarations/${decl._id}/${action}`, { token: tok.city, body });
      expect(res.status, action).toBe(409);
      expect(res.body.code).toBe('INVALID_TRANSITION');
    }
    expect((await t.request('POST', `/api/declarations/${decl._id}/submit`, { token: tok.city, body: {} })).status).toBe(403);
    expect((await t.request('POST', `/api/declarations/${decl._id}/validate`, { token: tok.hotelier, body: { confirm: true } })).status).toBe(403);
  });

  it('two concurrent submissions: exactly one succeeds', async () => {
    const { w, tok, decl, stayIds } = await declarationAt('draft');
    const results = await Promise.all([
      t.request('POST', `/api/declarations/${decl._id}/submit`, { token: tok.hotelier, body: {} }),
      t.request('POST', `/api/declarations/${decl._id}/submit`, { token: tok.hotelier, body: {} }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const ok = results.find((r) => r.status === 200)!.body;
    expect(results.find((r) => r.status === 409)!.body.code).toBe('INVALID_TRANSITION');
    expect(ok).toMatchObject({ status: 'submitted', code: expect.stringMatching(/^DIC-2025-/), beneficiaryInstitution: `Tesoreria del Comune di ${w.rome.name}`, iban: 'IT60X0542811101000000123456' });
    expect(ok.compilationDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const submits = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, decl._id), eq(auditLogs.action, 'declaration.submit')));
    expect(submits).toHaveLength(1);
    // The counted stays are locked; the Q2 stay is not.
    const locked = await t.db.select({ id: stays.id }).from(stays).where(eq(stays.declarationId, decl._id));
    expect(locked.map((s) => s.id).sort()).toEqual([stayIds.a, stayIds.b, stayIds.d].sort());
    // The comune was told.
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, w.cityUser.id), eq(notifications.event, 'declaration.submit')));
    expect(told).toHaveLength(1);
  });

  it('figures are frozen after submission', async () => {
    const { w, tok, decl } = await declarationAt('submitted');
    await insertStay(t.db, { structureId: w.hotel.id, cityId: w.rome.id, checkIn: '2025-03-01', checkOut: '2025-03-02' });
    const res = await t.request('GET', `/api/declarations/${decl._id}`, { token: tok.hotelier });
    expect(res.body.totalAmount).toBe(22);
    const edit = await t.request('PUT', `/api/declarations/${decl._id}`, { token: tok.hotelier, body: { notes: 'late edit' } });
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe('DECLARATION_LOCKED');
    expect((await t.request('DELETE', `/api/declarations/${decl._id}`, { token: tok.hotelier })).status).toBe(409);
    // The declared period is closed to new stays through the API, and to imports.
    const late = await t.request('POST', '/api/stays', {
      token: tok.hotelier,
      body: { structureId: w.hotel.id, checkIn: '2025-03-03', checkOut: '2025-03-04', componentsNumber: 1, guest: { name: 'Tardo', surname: 'Ospite' } },
    });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('STAY_DECLARED');
    expect(late.body.details[0]).toMatchObject({ path: 'checkOut', value: '2025-03-04' });
    for (const action of ['submit', 'revoke'] as const) {
      const res2 = await t.request('POST', `/api/declarations/${decl._id}/${action}`, { token: action === 'submit' ? tok.hotelier : tok.city, body: action === 'submit' ? {} : { confirm: true } });
      expect(res2.status, action).toBe(409);
    }
  });

  it('the comune sends it back with a reason; the hotelier resubmits with fresh figures', async () => {
    const { w, tok, decl } = await declarationAt('submitted');
    await insertStay(t.db, { structureId: w.hotel.id, cityId: w.rome.id, checkIn: '2025-03-01', checkOut: '2025-03-02' });
    const noReason = await t.request('POST', `/api/declarations/${decl._id}/return`, { token: tok.city, body: { reason: ' ' } });
    expect(noReason.status).toBe(400);
    const returned = await t.request('POST', `/api/declarations/${decl._id}/return`, { token: tok.city, body: { reason: 'Manca il soggiorno del 1 marzo' } });
    expect(returned.status).toBe(200);
    expect(returned.body).toMatchObject({ status: 'returned', returnReason: 'Manca il soggiorno del 1 marzo', availableActions: ['submit'] });
    expect(await t.db.select().from(stays).where(eq(stays.declarationId, decl._id))).toHaveLength(0);
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, w.hotelier.id), eq(notifications.event, 'declaration.return')));
    expect(told[0].body).toContain('Manca il soggiorno');
    for (const [action, body] of [
      ['validate', { confirm: true }],
      ['return', { reason: 'x' }],
      ['revoke', { confirm: true }],
    ] as const) {
      expect((await t.request('POST', `/api/declarations/${decl._id}/${action}`, { token: tok.city, body })).status, action).toBe(409);
    }
    const resubmitted = await t.request('POST', `/api/declarations/${decl._id}/submit`, { token: tok.hotelier, body: {} });
    expect(resubmitted.status).toBe(200);
    expect(resubmitted.body).toMatchObject({ status: 'submitted', numberOfStays: 4, totalAmount: 24, returnReason: null });
  });

  it('validation needs the confirmation, can be revoked, and refuses the rest', async () => {
    const { w, tok, decl } = await declarationAt('resubmitted');
    expect((await t.request('POST', `/api/declarations/${decl._id}/validate`, { token: tok.city, body: {} })).status).toBe(400);
    const validated = await t.request('POST', `/api/declarations/${decl._id}/validate`, { token: tok.city, body: { confirm: true } });
    expect(validated.status).toBe(200);
    expect(validated.body).toMatchObject({ status: 'validated', availableActions: ['revoke'] });
    expect(validated.body.validatedAt).toBeTruthy();
    for (const [action, token, body] of [
      ['submit', tok.hotelier, {}],
      ['validate', tok.city, { confirm: true }],
      ['return', tok.city, { reason: 'x' }],
    ] as const) {
      const res = await t.request('POST', `/api/declarations/${decl._id}/${action}`, { token, body });
      expect(res.status, action).toBe(409);
      expect(res.body.code).toBe('INVALID_TRANSITION');
    }
    const revoked = await t.request('POST', `/api/declarations/${decl._id}/revoke`, { token: tok.city, body: { confirm: true } });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ status: 'submitted', validatedAt: null });
    expect((await t.request('POST', `/api/declarations/${decl._id}/revoke`, { token: tok.city, body: { confirm: true } })).status).toBe(409);
    expect((await t.request('POST', `/api/declarations/${decl._id}/validate`, { token: tok.city, body: { confirm: true } })).status).toBe(200);
    const revokes = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, w.hotelier.id), eq(notifications.event, 'declaration.revoke')));
    expect(revokes).toHaveLength(1);
  });

  it('the hotelier records the payment; overdue payment shows until then', async () => {
    const { tok, decl } = await declarationAt('validated');
    const before = await t.request('GET', '/api/declarations?overdue=payment&year=2025', { token: tok.city });
    expect(before.body.map((d: any) => d._id)).toContain(decl._id);
    expect((await t.request('POST', `/api/declarations/${decl._id}/payment`, { token: tok.hotelier, body: { paymentDate: '2999-01-01', trn: 'X' } })).status).toBe(400);
    expect((await t.request('POST', `/api/declarations/${decl._id}/payment`, { token: tok.city, body: { paymentDate: '2025-05-10', trn: 'X' } })).status).toBe(403);
    const paid = await t.request('POST', `/api/declarations/${decl._id}/payment`, { token: tok.hotelier, body: { paymentDate: '2025-05-10', trn: '0306909606A12345' } });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ paymentDate: '2025-05-10', trn: '0306909606A12345', paidAmount: 20, isPaymentOverdue: false });
    const after = await t.request('GET', '/api/declarations?overdue=payment&year=2025', { token: tok.city });
    expect(after.body.map((d: any) => d._id)).not.toContain(decl._id);
  });

  it('several payments per declaration: each kept with its date, amount, TRN and treasury references', async () => {
    const { tok, decl } = await declarationAt('validated');
    const pay = (body: object) => t.request('POST', `/api/declarations/${decl._id}/payment`, { token: tok.hotelier, body });
    // 20.00 due: 12.00 first, then the rest (the default amount is what is still due)
    const first = await pay({ paymentDate: '2025-05-02', trn: 'TRN-FIRST', paidAmount: 12, treasuryReference: 'REV-118', receiptNumber: 'Q-77' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ paidAmount: 12, trn: 'TRN-FIRST', paymentDate: '2025-05-02' });
    const second = await pay({ paymentDate: '2025-05-09', trn: 'TRN-SECOND' });
    expect(second.body).toMatchObject({ paidAmount: 20, trn: 'TRN-SECOND', paymentDate: '2025-05-09' });
    // paid in full: a further payment must say its amount
    const third = await pay({ paymentDate: '2025-05-10', trn: 'TRN-THIRD' });
    expect([third.status, third.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const list = await t.request('GET', `/api/declarations/${decl._id}/payments`, { token: tok.city });
    expect(list.status).toBe(200);
    expect(list.body.map((p: any) => [p.paymentDate, p.amount, p.trn, p.treasuryReference, p.receiptNumber])).toEqual([
      ['2025-05-02', 12, 'TRN-FIRST', 'REV-118', 'Q-77'],
      ['2025-05-09', 8, 'TRN-SECOND', null, null],
    ]);
    expect((await t.request('GET', `/api/declarations/${decl._id}/payments`, { token: tok.otherCity })).status).toBe(404);
  });

  it('prints the receipt of a submitted declaration', async () => {
    const { tok, decl } = await declarationAt('paid');
    const res = await fetch(`${t.baseUrl}/api/declarations/${decl._id}/receipt`, { headers: { authorization: `Bearer ${tok.hotelier}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    if (process.env.FILINGS_PDF_DIR) fs.writeFileSync(`${process.env.FILINGS_PDF_DIR}/receipt.pdf`, bytes);
    // In the reader's language: the request's, else Italian (the hotelier's profile keeps it).
    const titleOf = async (headers: Record<string, string>) => {
      const response = await fetch(`${t.baseUrl}/api/declarations/${decl._id}/receipt`, { headers: { authorization: `Bearer ${tok.hotelier}`, ...headers } });
      return (await PDFDocument.load(new Uint8Array(await response.arrayBuffer()), { updateMetadata: false })).getTitle();
    };
    expect(await titleOf({})).toBe(`Ricevuta dichiarazione ${decl.code}`);
    expect(await titleOf({ 'accept-language': 'en-GB,en;q=0.9' })).toBe(`Declaration receipt ${decl.code}`);
  });

  it('attachments: an uploaded identity document is attached and visible to the comune', async () => {
    const { tok, decl } = await declarationAt('paid');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await makePdf())]), 'carta-identita.pdf');
    form.append('data', JSON.stringify({ purpose: 'pdf', linkedEntityType: 'declarations', linkedEntityId: decl._id }));
    const up = await fetch(`${t.baseUrl}/api/uploads`, { method: 'POST', headers: { authorization: `Bearer ${tok.hotelier}` }, body: form });
    expect(up.status).toBe(201);
    const uploadId = ((await up.json()) as { _id: string })._id;
    const bad = await t.request('POST', `/api/declarations/${decl._id}/attachments`, { token: tok.hotelier, body: { uploadId, fileName: 'ci.pdf', documentType: 'tessera' } });
    expect(bad.status).toBe(400);
    // Validated declarations are closed; the comune revokes, the hotelier attaches, the comune validates again.
    expect((await t.request('POST', `/api/declarations/${decl._id}/attachments`, { token: tok.hotelier, body: { uploadId, fileName: 'ci.pdf' } })).status).toBe(409);
    await t.request('POST', `/api/declarations/${decl._id}/revoke`, { token: tok.city, body: { confirm: true } });
    const added = await t.request('POST', `/api/declarations/${decl._id}/attachments`, {
      token: tok.hotelier,
      body: { uploadId, fileName: 'carta-identita.pdf', fileDescription: 'Ospite che ha rifiutato il pagamento', documentType: 'identity_card' },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ documentType: 'identity_card', isReBindable: false, uploadId });
    const list = await t.request('GET', `/api/declarations/${decl._id}/attachments`, { token: tok.city });
    expect(list.body.map((a: any) => a.fileName)).toEqual(['carta-identita.pdf']);
    expect((await fetch(`${t.baseUrl}/api/uploads/${uploadId}/download`, { headers: { authorization: `Bearer ${tok.city}` } })).status).toBe(200);
    expect((await fetch(`${t.baseUrl}/api/uploads/${uploadId}/download`, { headers: { authorization: `Bearer ${tok.otherHotelier}` } })).status).toBe(404);
    expect((await t.request('POST', `/api/declarations/${decl._id}/attachments`, { token: tok.city, body: { uploadId, fileName: 'x.pdf' } })).status).toBe(403);
    expect((await t.request('POST', `/api/declarations/${decl._id}/validate`, { token: tok.city, body: { confirm: true } })).status).toBe(200);
  });

  it('scope: another hotelier or another comune gets 404; admins see everything', async () => {
    const { tok, decl } = await declarationAt('paid');
    for (const token of [tok.otherHotelier, tok.otherCity]) {
      expect((await t.request('GET', `/api/declarations/${decl._id}`, { token })).status).toBe(404);
      expect((await t.request('PUT', `/api/declarations/${decl._id}`, { token, body: { notes: 'x' } })).status).toBe(token === tok.otherCity ? 403 : 404);
      expect((await t.request('POST', `/api/declarations/${decl._id}/payment`, { token, body: { paymentDate: '2025-05-10', trn: 'X' } })).status).toBe(token === tok.otherCity ? 403 : 404);
      expect((await t.request('GET', `/api/declarations/${decl._id}/receipt`, { token })).status).toBe(404);
      expect((await t.request('GET', `/api/declarations/${decl._id}/attachments`, { token })).status).toBe(404);
    }
    expect((await t.request('POST', `/api/declarations/${decl._id}/submit`, { token: tok.otherHotelier, body: {} })).status).toBe(404);
    expect((await t.request('POST', `/api/declarations/${decl._id}/revoke`, { token: tok.otherCity, body: { confirm: true } })).status).toBe(404);
    const otherList = await t.request('GET', '/api/declarations?count=true', { token: tok.otherCity });
    expect(otherList.headers.get('x-total-count')).toBe('0');
    expect((await t.request('GET', `/api/declarations/${decl._id}`, { token: tok.admin })).status).toBe(200);
    expect((await t.request('GET', `/api/declarations/${decl._id}`, { token: tok.city })).status).toBe(200);
  });
});

describe('manual and no-guest declarations', () => {
  it('manual totals must add up; a period without guests is declared as such', async () => {
    const { w, tok, q1, q2 } = await worldWithPeriods();
    const bad = await t.request('POST', '/api/declarations', {
      token: tok.otherHotelier,
      body: {
        structureId: w.otherHotel.id,
        declarationTemplateId: q1._id,
        type: 'manual',
        figures: { numberOfStays: 10, nightsNumber: 30, totalAmount: 100, toPayAmount: 90, unpaidAmount: 5, rejectedPayments: 1 },
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: any) => d.path)).toEqual(['figures.totalAmount']);
    const good = await t.request('POST', '/api/declarations', {
      token: tok.otherHotelier,
      body: {
        structureId: w.otherHotel.id,
        declarationTemplateId: q1._id,
        type: 'manual',
        figures: { numberOfStays: 10, nightsNumber: 30, totalAmount: 100, toPayAmount: 95, unpaidAmount: 5, rejectedPayments: 1 },
      },
    });
    expect(good.status).toBe(201);
    expect(good.body).toMatchObject({ type: 'manual', numberOfStays: 10, totalAmount: 100, toPayAmount: 95, unpaidAmount: 5, tariff: 100 });
    const overdue = await t.request('GET', '/api/declarations?overdue=submission', { token: tok.city });
    expect(overdue.body.map((d: any) => d._id)).toEqual([good.body._id]);
    const edited = await t.request('PUT', `/api/declarations/${good.body._id}`, { token: tok.otherHotelier, body: { notes: 'solo note' } });
    expect(edited.status).toBe(200);
    expect(edited.body.totalAmount).toBe(100);

    const none = await t.request('POST', '/api/declarations', { token: tok.otherHotelier, body: { structureId: w.otherHotel.id, declarationTemplateId: q2._id, noGuests: true } });
    expect(none.status).toBe(201);
    expect(none.body).toMatchObject({ noGuests: true, numberOfStays: 0, totalAmount: 0 });
    const submitted = await t.request('POST', `/api/declarations/${none.body._id}/submit`, { token: tok.otherHotelier, body: {} });
    expect(submitted.body).toMatchObject({ status: 'submitted', isPaymentOverdue: false });
    // Declaring "no guests" while stays exist is refused.
    const q3 = (await t.request('GET', '/api/declaration-templates?year=2025&periodName=Trim 3 2025', { token: tok.hotelier })).body[0];
    await insertStay(t.db, { structureId: w.hotel.id, cityId: w.rome.id, checkIn: '2025-08-01', checkOut: '2025-08-05' });
    const lying = await t.request('POST', '/api/declarations', { token: tok.hotelier, body: { structureId: w.hotel.id, declarationTemplateId: q3._id, noGuests: true } });
    expect(lying.status).toBe(400);
    expect(lying.body.details[0].path).toBe('noGuests');
    // A draft can be deleted by its hotelier.
    expect((await t.request('DELETE', `/api/declarations/${good.body._id}`, { token: tok.otherHotelier })).status).toBe(200);
  });

  it('a period with declarations keeps its dates; its deadlines move on the declarations', async () => {
    const { tok, q1 } = await declarationAt('paid');
    const moveDates = await t.request('PUT', `/api/declaration-templates/${q1._id}`, { token: tok.city, body: { dateTo: '2025-03-30' } });
    expect(moveDates.status).toBe(409);
    expect(moveDates.body.code).toBe('TEMPLATE_IN_USE');
    const extend = await t.request('PUT', `/api/declaration-templates/${q1._id}`, { token: tok.city, body: { submitBy: '2025-05-31' } });
    expect(extend.status).toBe(200);
    const decls = await t.request('GET', `/api/declarations?declarationTemplateId=${q1._id}`, { token: tok.city });
    expect(decls.body.every((d: any) => d.submitBy === '2025-05-31')).toBe(true);
    expect((await t.request('DELETE', `/api/declaration-templates/${q1._id}`, { token: tok.city })).status).toBe(409);
    const locked = await t.db.select().from(stays).where(isNotNull(stays.lockedAt));
    expect(locked.length).toBeGreaterThan(0);
  });
});

describe('ids that are not UUIDs', () => {
  // 36 hex digits: the old shape check let it through and PostgreSQL failed on the uuid cast (500).
  const notUuid = '0'.repeat(36);
  it('answer 404 on every declaration route that takes an id', async () => {
    const { tok } = await freshWorld();
    expect((await t.request('GET', `/api/declarations/${notUuid}/attachments`, { token: tok.hotelier })).status).toBe(404);
    expect((await t.request('POST', `/api/declarations/${notUuid}/attachments`, { token: tok.hotelier, body: { uploadId: '00000000-0000-4000-8000-000000000000', fileName: 'x' } })).status).toBe(404);
    expect((await t.request('DELETE', `/api/declarations/${notUuid}/attachments/${notUuid}`, { token: tok.hotelier })).status).toBe(404);
    expect((await t.request('POST', `/api/declarations/${notUuid}/submit`, { token: tok.hotelier, body: {} })).status).toBe(404);
    expect((await t.request('GET', `/api/declarations/${notUuid}/receipt`, { token: tok.hotelier })).status).toBe(404);
  });
});
