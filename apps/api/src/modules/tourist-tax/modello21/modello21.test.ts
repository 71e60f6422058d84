import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { italianDateOf } from '@app/domain/tourist-tax/filings/deadlines';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';
import { filingWorld, insertStay } from '../declarations/test-fixtures.ts';

let t: TTestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/**
 * Each test's own filing world with a 2025 of paid stays and two paid quarterly declarations, so
 * no test depends on the Modello 21 another one created or changed.
 */
let worlds = 0;
async function paidYear(tag = `m21-${++worlds}`) {
  const w = await filingWorld(t.db, tag);
  const tok = {
    city: (await t.login(w.cityUser.email)).token,
    otherCity: (await t.login(w.otherCityUser.email)).token,
    hotelier: (await t.login(w.hotelier.email)).token,
    otherHotelier: (await t.login(w.otherHotelier.email)).token,
  };

  // Paid stays: January 30.00 (2 receipts), March 10.00, April 12.00; February one unpaid stay (not collected).
  const base = { structureId: w.hotel.id, cityId: w.rome.id };
  await insertStay(t.db, { ...base, checkIn: '2025-01-05', checkOut: '2025-01-10', rateCents: 200 }); // 10.00
  await insertStay(t.db, { ...base, checkIn: '2025-01-20', checkOut: '2025-01-25', guests: 2, rateCents: 200 }); // 20.00
  await insertStay(t.db, { ...base, checkIn: '2025-02-01', checkOut: '2025-02-03', paid: false }); // 4.00 not paid
  await insertStay(t.db, { ...base, checkIn: '2025-03-10', checkOut: '2025-03-15', rateCents: 200 }); // 10.00
  await insertStay(t.db, { ...base, checkIn: '2025-04-01', checkOut: '2025-04-04', guests: 2, rateCents: 200 }); // 12.00

  const periods = (await t.request('POST', '/api/declaration-templates/generate', { token: tok.city, body: { year: 2025, frequency: 'quarterly', submitOffsetDays: 30, payOffsetDays: 30 } })).body;
  for (const [period, payment] of [
    [periods[0], { paymentDate: '2025-04-20', trn: 'TRN-Q1', paidAmount: 40 }],
    [periods[1], { paymentDate: '2025-07-10', trn: 'TRN-Q2', paidAmount: 10 }],
  ] as const) {
    const d = await t.request('POST', '/api/declarations', { token: tok.hotelier, body: { structureId: w.hotel.id, declarationTemplateId: period._id } });
    expect((await t.request('POST', `/api/declarations/${d.body._id}/submit`, { token: tok.hotelier, body: {} })).status).toBe(200);
    expect((await t.request('POST', `/api/declarations/${d.body._id}/payment`, { token: tok.hotelier, body: payment })).status).toBe(200);
  }
  return { w, tok };
}

/** The hotel's 2025 Modello 21 as created; `reconciled`: with the corrections, notes and signature that settle it. */
async function modelOf(world: Awaited<ReturnType<typeof paidYear>>, options: { reconciled?: boolean } = {}) {
  const { w, tok } = world;
  const created = await t.request('POST', '/api/twenty-one-models', { token: tok.hotelier, body: { structureId: w.hotel.id, year: 2025 } });
  if (created.status !== 201) throw new Error(`Modello 21 not created: ${created.status} ${JSON.stringify(created.body)}`);
  if (!options.reconciled) return created.body;
  const edit = async (body: unknown) => {
    const res = await t.request('PUT', `/api/twenty-one-models/${created.body._id}`, { token: tok.hotelier, body });
    if (res.status !== 200) throw new Error(`Modello 21 not updated: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  await edit({ months: [{ number: 2, collectedImport: 4 }] });
  return edit({
    signatureDate: '2026-01-20',
    months: [
      { number: 2, note: 'Ospite che ha rifiutato il pagamento, poi saldato in contanti: da versare' },
      { number: 4, trn: 'TRN-Q2', note: 'Versamento parziale del secondo trimestre; saldo di 2,00 € con il terzo' },
    ],
  });
}

describe('Modello 21', () => {
  it('is created prefilled: collected per month, payments spread over their period, owner from the hotelier', async () => {
    const { w, tok } = await paidYear('m21'); // the hotelier is albergo-m21
    const res = await t.request('POST', '/api/twenty-one-models', { token: tok.hotelier, body: { structureId: w.hotel.id, year: 2025 } });
    expect(res.status).toBe(201);
    const model = res.body;
    expect(model.months.slice(0, 5).map((m: any) => [m.name, m.receiptsCount, m.collectedImport, m.paidImport, m.trn, m.paymentDate])).toEqual([
      ['Gennaio', 2, 30, 30, 'TRN-Q1', '2025-04-20'],
      ['Febbraio', 0, 0, 0, null, null],
      ['Marzo', 1, 10, 10, 'TRN-Q1', '2025-04-20'],
      ['Aprile', 1, 12, 10, 'TRN-Q2', '2025-07-10'],
      ['Maggio', 0, 0, 0, null, null],
    ]);
    expect(model).toMatchObject({
      status: 'draft',
      tax: 52,
      totalPaid: 50,
      due: 2,
      receiptsCount: 4,
      deadline: '2026-01-30',
      ownerTaxCode: 'RCCMNL83S18D969H',
      ownerVatNumber: '00743110157',
      ownerName: 'albergo-m21',
    });
    const dup = await t.request('POST', '/api/twenty-one-models', { token: tok.hotelier, body: { structureId: w.hotel.id, year: 2025 } });
    expect(dup.status).toBe(409);
  });

  it('scope: other hoteliers and comuni get 404', async () => {
    const world = await paidYear();
    const { w, tok } = world;
    const model = await modelOf(world);
    expect((await t.request('GET', `/api/twenty-one-models/${model._id}`, { token: tok.otherHotelier })).status).toBe(404);
    expect((await t.request('GET', `/api/twenty-one-models/${model._id}/info`, { token: tok.otherCity })).status).toBe(404);
    expect((await t.request('POST', '/api/twenty-one-models', { token: tok.otherHotelier, body: { structureId: w.hotel.id, year: 2025 } })).status).toBe(404);
    expect((await t.request('GET', `/api/twenty-one-models/${model._id}`, { token: tok.city })).status).toBe(200);
    expect((await t.request('GET', '/api/twenty-one-models?count=true', { token: tok.otherCity })).headers.get('x-total-count')).toBe('0');
  });

  it('cannot be submitted nor printed until every difference is explained and it is signed', async () => {
    const world = await paidYear();
    const { tok } = world;
    const model = await modelOf(world);
    const info = await t.request('GET', `/api/twenty-one-models/${model._id}/info`, { token: tok.hotelier });
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ required: true, deadline: '2026-01-30', reconciled: false, canSubmit: false });
    expect(info.body.issues.map((i: any) => i.path)).toEqual(['months.3.note', 'signatureDate']);
    const submit = await t.request('POST', `/api/twenty-one-models/${model._id}/submit`, { token: tok.hotelier, body: {} });
    expect(submit.status).toBe(409);
    expect(submit.body.code).toBe('MODELLO21_NOT_RECONCILED');
    expect(submit.body.details.map((d: any) => d.path)).toEqual(['months.3.note', 'signatureDate']);
    expect((await t.request('GET', `/api/twenty-one-models/${model._id}/pdf`, { token: tok.hotelier })).status).toBe(409);
  });

  it('the hotelier corrects a month (it must then be explained too) and a refresh keeps the correction', async () => {
    const world = await paidYear();
    const { tok } = world;
    const model = await modelOf(world);
    const corrected = await t.request('PUT', `/api/twenty-one-models/${model._id}`, { token: tok.hotelier, body: { months: [{ number: 2, collectedImport: 4 }] } });
    expect(corrected.status).toBe(200);
    expect(corrected.body.months[1]).toMatchObject({ collectedImport: 4, paidImport: 0, corrected: true, prefill: { collectedImport: 0 } });
    const refreshed = await t.request('POST', `/api/twenty-one-models/${model._id}/refresh`, { token: tok.hotelier, body: {} });
    expect(refreshed.body.months[1]).toMatchObject({ collectedImport: 4, corrected: true });
    const info = await t.request('GET', `/api/twenty-one-models/${model._id}/info`, { token: tok.hotelier });
    expect(info.body.issues.map((i: any) => i.path)).toEqual(['months.1.note', 'months.3.note', 'signatureDate']);
    const noTrn = await t.request('PUT', `/api/twenty-one-models/${model._id}`, { token: tok.hotelier, body: { months: [{ number: 4, trn: '' }] } });
    expect(noTrn.status).toBe(200);
    const info2 = await t.request('GET', `/api/twenty-one-models/${model._id}/info`, { token: tok.hotelier });
    expect(info2.body.issues.map((i: any) => i.path)).toContain('months.3.trn');

    const fixed = await t.request('PUT', `/api/twenty-one-models/${model._id}`, {
      token: tok.hotelier,
      body: {
        signatureDate: '2026-01-20',
        months: [
          { number: 2, note: 'Ospite che ha rifiutato il pagamento, poi saldato in contanti: da versare' },
          { number: 4, trn: 'TRN-Q2', note: 'Versamento parziale del secondo trimestre; saldo di 2,00 € con il terzo' },
        ],
      },
    });
    expect(fixed.status).toBe(200);
    const info3 = await t.request('GET', `/api/twenty-one-models/${model._id}/info`, { token: tok.hotelier });
    expect(info3.body).toMatchObject({ reconciled: true, canSubmit: true, issues: [] });
  });

  it('prints the PDF once reconciled, then is submitted and validated by the comune', async () => {
    const world = await paidYear();
    const { tok } = world;
    const model = await modelOf(world, { reconciled: true });
    const pdf = await fetch(`${t.baseUrl}/api/twenty-one-models/${model._id}/pdf`, { headers: { authorization: `Bearer ${tok.hotelier}` } });
    expect(pdf.status).toBe(200);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    if (process.env.FILINGS_PDF_DIR) fs.writeFileSync(`${process.env.FILINGS_PDF_DIR}/modello21.pdf`, bytes);

    expect((await t.request('POST', `/api/twenty-one-models/${model._id}/validate`, { token: tok.city, body: { validationNumber: '1' } })).status).toBe(409);
    const submitted = await t.request('POST', `/api/twenty-one-models/${model._id}/submit`, { token: tok.hotelier, body: {} });
    expect(submitted.status).toBe(200);
    expect(submitted.body.status).toBe('submitted');
    expect((await t.request('POST', `/api/twenty-one-models/${model._id}/submit`, { token: tok.hotelier, body: {} })).status).toBe(409);
    const locked = await t.request('PUT', `/api/twenty-one-models/${model._id}`, { token: tok.hotelier, body: { notes: 'x' } });
    expect(locked.status).toBe(409);
    expect((await t.request('POST', `/api/twenty-one-models/${model._id}/validate`, { token: tok.hotelier, body: { validationNumber: '1' } })).status).toBe(403);
    const validated = await t.request('POST', `/api/twenty-one-models/${model._id}/validate`, { token: tok.city, body: { validationNumber: 'PROT-2026-118', cityNotes: 'Conto regolare' } });
    expect(validated.status).toBe(200);
    expect(validated.body).toMatchObject({ status: 'validated', validationNumber: 'PROT-2026-118', cityNotes: 'Conto regolare', isLate: italianDateOf(new Date()) > '2026-01-30' });
    expect((await t.request('POST', `/api/twenty-one-models/${model._id}/return`, { token: tok.city, body: { reason: 'x' } })).status).toBe(409);
  });
});

describe('Modello 21 as the treasury reads it', () => {
  it('receipts dal n. al n. per month, every payment with its date and treasury references, opening balance, company as agente contabile', async () => {
    const world = await paidYear();
    const { w, tok } = world;
    // A second payment on the second quarter, with the treasury's references.
    const list = await t.request('GET', `/api/declarations?structureId=${w.hotel.id}&year=2025`, { token: tok.hotelier });
    const q2 = (list.body as any[]).find((d) => d.dateFrom === '2025-04-01');
    const extra = await t.request('POST', `/api/declarations/${q2._id}/payment`, {
      token: tok.hotelier,
      body: { paymentDate: '2025-07-20', trn: 'TRN-Q2-BIS', paidAmount: 2, treasuryReference: 'REV-77', receiptNumber: 'Q-912' },
    });
    expect(extra.status, JSON.stringify(extra.body)).toBe(200);
    const created = await t.request('POST', '/api/twenty-one-models', {
      token: tok.hotelier,
      body: { structureId: w.hotel.id, year: 2025, ownerCompanyName: 'Albergo Roma S.r.l.', ownerLegalRepresentative: 'Mario Rossi', ownerRole: 'legale rappresentante', openingBalance: 15 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const m = created.body.months;
    // Paid stays numbered through the year: January 1-2, March 3, April 4.
    expect([m[0].prefill.receipts, m[1].prefill.receipts, m[2].prefill.receipts, m[3].prefill.receipts]).toEqual([
      { from: 1, to: 2, dateFrom: '2025-01-10', dateTo: '2025-01-25' },
      null,
      { from: 3, to: 3, dateFrom: '2025-03-15', dateTo: '2025-03-15' },
      { from: 4, to: 4, dateFrom: '2025-04-04', dateTo: '2025-04-04' },
    ]);
    // April holds both payments of the second quarter, each with its own date and references.
    expect(m[3].prefill.payments.map((p: any) => [p.paymentDate, p.trn, p.treasuryReference, p.receiptNumber])).toEqual([
      ['2025-07-10', 'TRN-Q2', null, null],
      ['2025-07-20', 'TRN-Q2-BIS', 'REV-77', 'Q-912'],
    ]);
    expect(created.body).toMatchObject({ ownerCompanyName: 'Albergo Roma S.r.l.', openingBalance: 15, carico: 15 + 52, scarico: 15 + 52 });

    // The draft preview prints before the model reconciles; the final copy does not.
    expect((await t.request('GET', `/api/twenty-one-models/${created.body._id}/pdf`, { token: tok.hotelier })).status).toBe(409);
    const draft = await fetch(`${t.baseUrl}/api/twenty-one-models/${created.body._id}/pdf?draft=true`, { headers: { authorization: `Bearer ${tok.hotelier}` } });
    expect(draft.status).toBe(200);
    expect(
      Buffer.from(await draft.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it("the demo's Modello 21 (Hotel Serapo 2025) prints as a draft, and validated once reconciled", async () => {
    const hotelier = (await t.signedIn('hotelier')).token;
    const city = (await t.signedIn('city')).token;
    const [model] = (await t.request('GET', '/api/twenty-one-models?year=2025', { token: hotelier })).body;
    const pdfOf = async (query: string) => {
      const res = await fetch(`${t.baseUrl}/api/twenty-one-models/${model._id}/pdf${query}`, { headers: { authorization: `Bearer ${hotelier}` } });
      expect(res.status).toBe(200);
      return Buffer.from(await res.arrayBuffer());
    };
    const draft = await pdfOf('?draft=true');
    // Explain every difference, sign, submit; the comune validates.
    const notes = model.months.filter((x: any) => x.collectedImport !== x.paidImport).map((x: any) => ({ number: x.number, note: 'Versato con la dichiarazione del 4° trimestre' }));
    const edited = await t.request('PUT', `/api/twenty-one-models/${model._id}`, { token: hotelier, body: { months: notes, signatureDate: '2026-01-20' } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await t.request('POST', `/api/twenty-one-models/${model._id}/submit`, { token: hotelier, body: {} })).status).toBe(200);
    expect((await t.request('POST', `/api/twenty-one-models/${model._id}/validate`, { token: city, body: { validationNumber: 'PROT-2026-204' } })).status).toBe(200);
    const validated = await pdfOf('');
    if (process.env.FILINGS_PDF_DIR) {
      fs.writeFileSync(`${process.env.FILINGS_PDF_DIR}/modello21-demo-bozza.pdf`, draft);
      fs.writeFileSync(`${process.env.FILINGS_PDF_DIR}/modello21-demo-validato.pdf`, validated);
    }
  });
});

describe('ids that are not UUIDs', () => {
  // 36 hex digits: the old shape check let it through and PostgreSQL failed on the uuid cast (500).
  const notUuid = '0'.repeat(36);
  it('answer 404', async () => {
    const { tok } = await paidYear();
    expect((await t.request('GET', `/api/twenty-one-models/${notUuid}/info`, { token: tok.hotelier })).status).toBe(404);
    expect((await t.request('POST', `/api/twenty-one-models/${notUuid}/refresh`, { token: tok.hotelier, body: {} })).status).toBe(404);
    expect((await t.request('GET', `/api/twenty-one-models/${notUuid}/pdf`, { token: tok.hotelier })).status).toBe(404);
  });
});
