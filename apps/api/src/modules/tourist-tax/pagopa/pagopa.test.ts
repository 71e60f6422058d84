import { and, eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composePagopaNotice } from '@app/domain/tourist-tax/pagopa';
import { declarationPayments, declarations, stays } from '../../../db/schema/index.ts';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';
import { workbookOf } from '../../../test/xlsx-files.ts';
import { demoFixtures } from '../registry/test-fixtures.ts';

let t: TTestApp;
let f: Awaited<ReturnType<typeof demoFixtures>>;
let others: Record<'consortium' | 'agency' | 'lab', string>;
/** Gaeta's demo declarations by state: submitted and unpaid ones take a notice, a validated one is paid. */
let unpaid: { _id: string; structureId: string; toPayAmount: number; code: string }[];
let paid: { _id: string };

beforeAll(async () => {
  t = await startTestApp();
  f = await demoFixtures(t);
  others = { consortium: (await t.login('consortium@demo.test')).token, agency: (await t.signedIn('agency')).token, lab: (await t.signedIn('lab')).token };
  const list = (await t.request('GET', `/api/declarations?cityId=${f.gaeta._id}&allYears=true&limit=500`, { token: f.tokens.admin })).body as any[];
  unpaid = list.filter((d) => d.status === 'submitted' && d.toPayAmount > 0 && !d.paidAmount);
  paid = list.find((d) => d.status === 'validated' && d.paidAmount > 0);
  expect(unpaid.length).toBeGreaterThanOrEqual(3);
});
afterAll(() => t?.close());

const noticeOf = (id: string, token: string) => t.request('GET', `/api/declarations/${id}/pagopa`, { token });

async function upload(url: string, token: string, bytes: Buffer, fileName: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
  const res = await fetch(`${t.baseUrl}${url}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

describe('GET /api/declarations/{id}/pagopa-notice: the notice as a PDF', () => {
  it('answers the PDF notice with its QR code, in a document job', async () => {
    const res = await fetch(`${t.baseUrl}/api/declarations/${unpaid[0]._id}/pagopa-notice`, { headers: { authorization: `Bearer ${f.tokens.city}`, 'accept-language': 'en' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await res.arrayBuffer());
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toMatch(/^PAYMENT NOTICE 301\d{15}$/);
    const pdfOf = (id: string, token: string) => fetch(`${t.baseUrl}/api/declarations/${id}/pagopa-notice`, { headers: { authorization: `Bearer ${token}` } });
    expect((await pdfOf(paid._id, f.tokens.city)).status).toBe(409);
    // Who reads the declaration: its hotelier yes; another comune 404; the environmental roles 403.
    const serapo = unpaid.find((d) => d.structureId === f.structure('Hotel Serapo')._id)!;
    expect((await pdfOf(serapo._id, f.tokens.hotelier)).status).toBe(200);
    expect((await pdfOf(serapo._id, f.tokens.admin)).status).toBe(200);
    expect((await pdfOf(serapo._id, f.tokens.city2)).status).toBe(404);
    expect((await pdfOf(serapo._id, f.tokens.hotelier2)).status).toBe(404);
    for (const token of Object.values(others)) expect((await pdfOf(serapo._id, token)).status).toBe(403);
  });
});

describe("POST /api/cities/{id}/pagopa-payments: the comune's list of payments received", () => {
  const csv = (rows: string[][]) => Buffer.from(['Numero avviso;Importo;Data pagamento;TRN', ...rows.map((r) => r.join(';'))].join('\r\n'), 'utf8');
  const paymentsOf = (declarationId: string) => t.db.select().from(declarationPayments).where(eq(declarationPayments.declarationId, declarationId));

  it('refuses hoteliers, environmental roles and another comune; a bad row anywhere records nothing and names every bad row', async () => {
    const file = csv([['301000000000000145', '1', '2026-01-01', 'X']]);
    expect((await upload(`/api/cities/${f.gaeta._id}/pagopa-payments`, f.tokens.hotelier, file, 'p.csv')).status).toBe(403);
    expect((await upload(`/api/cities/${f.gaeta._id}/pagopa-payments`, others.consortium, file, 'p.csv')).status).toBe(403);
    expect((await upload(`/api/cities/${f.gaeta._id}/pagopa-payments`, f.tokens.city2, file, 'p.csv')).status).toBe(403);
    const notice = (await noticeOf(unpaid[2]._id, f.tokens.city)).body;
    const before = await paymentsOf(unpaid[2]._id);
    const bad = await upload(
      `/api/cities/${f.gaeta._id}/pagopa-payments`,
      f.tokens.city,
      csv([
        [notice.noticeNumber, '10,00', '2026-01-10', 'TRN-OK'],
        ['301000000000000145', 'abc', '2099-01-01', ''],
      ]),
      'p.csv',
    );
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('IMPORT_INVALID');
    expect(bad.body.details.map((d: any) => [d.row, d.path])).toEqual([
      [3, 'reference'],
      [3, 'amount'],
      [3, 'paymentDate'],
      [3, 'trn'],
    ]);
    expect(await paymentsOf(unpaid[2]._id)).toHaveLength(before.length);
  });

  it('records the matched rows with their TRN and lists unmatched and duplicated ones; a second import finds them recorded', async () => {
    const target = unpaid[2];
    const notice = (await noticeOf(target._id, f.tokens.city)).body;
    // A notice number Gaeta never issued, and one of another segregation code (Formia's).
    const unknown = composePagopaNotice('01', 999_999);
    const draftNotice = composePagopaNotice('02', 1);
    const rows = [
      [notice.noticeNumber, (notice.amountCents / 100).toFixed(2).replace('.', ','), '15/01/2026', 'TRN-PAGOPA-1'],
      [notice.iuv, (notice.amountCents / 100).toFixed(2), '2026-01-15', 'trn-pagopa-1'],
      [unknown.noticeNumber, '5', '2026-01-16', 'TRN-UNKNOWN'],
      [draftNotice.iuv, '5', '2026-01-16', 'TRN-OTHER-SEGREGATION'],
    ];
    const dry = await upload(`/api/cities/${f.gaeta._id}/pagopa-payments`, f.tokens.city, csv(rows), 'pagamenti.csv', { dryRun: 'true' });
    expect(dry.status).toBe(200);
    expect(dry.body.applied).toBe(false);
    expect(await paymentsOf(target._id)).toHaveLength(0);

    const res = await upload(`/api/cities/${f.gaeta._id}/pagopa-payments`, f.tokens.city, csv(rows), 'pagamenti.csv');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ applied: true, total: 4 });
    expect(res.body.matched.map((m: any) => [m.row, m.declarationId, m.trn, m.amountCents])).toEqual([[2, target._id, 'TRN-PAGOPA-1', notice.amountCents]]);
    expect(res.body.duplicates.map((d: any) => [d.row, d.reason, d.firstRow])).toEqual([[3, 'sameFile', 2]]);
    expect(res.body.unmatched.map((u: any) => [u.row, u.reason])).toEqual([
      [4, 'unknownNotice'],
      [5, 'unknownNotice'],
    ]);
    const payments = await paymentsOf(target._id);
    expect(payments.map((p) => [p.trn, p.amountCents, p.paymentDate])).toEqual([['TRN-PAGOPA-1', notice.amountCents, '2026-01-15']]);
    const [row] = await t.db.select().from(declarations).where(eq(declarations.id, target._id));
    expect([row.paidAmountCents, row.trn, row.paymentDate]).toEqual([notice.amountCents, 'TRN-PAGOPA-1', '2026-01-15']);
    // Paid in full: no notice any more.
    expect((await noticeOf(target._id, f.tokens.city)).body.code).toBe('PAGOPA_NOTHING_DUE');

    const again = await upload(`/api/cities/${f.gaeta._id}/pagopa-payments`, f.tokens.city, csv(rows.slice(0, 1)), 'pagamenti.csv');
    expect(again.body.matched).toEqual([]);
    expect(again.body.duplicates.map((d: any) => [d.row, d.reason])).toEqual([[2, 'alreadyRecorded']]);
    expect(await paymentsOf(target._id)).toHaveLength(1);
  });

  it('reads an xlsx list with English headers, and a notice of a declaration sent back is unmatched (notPayable)', async () => {
    const target = unpaid[0];
    const notice = (await noticeOf(target._id, f.tokens.city)).body;
    // The comune sends the declaration back: its notice stays, but it cannot take a payment now.
    await t.db.execute(sql`update ${declarations} set status = 'returned' where ${declarations.id} = ${target._id}`);
    const file = await workbookOf(['IUV', 'Amount', 'Payment date', 'TRN'], [[notice.iuv, 1.5, '2026-02-01', 'TRN-X']]);
    const res = await upload(`/api/cities/${f.gaeta._id}/pagopa-payments`, f.tokens.admin, file, 'payments.xlsx');
    expect(res.status).toBe(200);
    expect(res.body.unmatched.map((u: any) => u.reason)).toEqual(['notPayable']);
    await t.db.execute(sql`update ${declarations} set status = 'submitted' where ${declarations.id} = ${target._id}`);
  });
});

describe('SIATEL cross-check (/api/cities/{id}/siatel-checks)', () => {
  /** Guest-nights of Hotel Serapo's declared stays arriving in a month (the product's side of the check). */
  async function declaredNights(structureId: string, month: string) {
    const [row] = await t.db
      .select({ nights: sql<number>`coalesce(sum(${stays.componentsNumber} * (${stays.checkOut} - ${stays.checkIn})), 0)::int` })
      .from(stays)
      .innerJoin(declarations, and(eq(declarations.id, stays.declarationId), sql`${declarations.status} in ('submitted', 'validated')`))
      .where(and(eq(stays.structureId, structureId), sql`to_char(${stays.checkIn}, 'YYYY-MM') = ${month}`));
    return row.nights;
  }

  it('lists shortfalls (absolute and %), structures not registered and months not declared, and keeps the result', async () => {
    const serapo = f.structure('Hotel Serapo');
    const ostello = f.structure('Ostello del Golfo');
    const declared = await declaredNights(serapo._id, '2025-02');
    expect(declared).toBeGreaterThan(0);
    const file = Buffer.from(
      [
        'Codice fiscale;Denominazione;Anno;Mese;Numero alloggiati;Giorni di permanenza',
        `${serapo.taxCode};Hotel Serapo;2025;2;20;${declared + 10}`,
        `${ostello.taxCode};Ostello del Golfo;2025;2;3;9`,
        'BNCLRA75E41D843K;Affittacamere Il Molo;2025;2;2;4',
      ].join('\n'),
      'latin1',
    );
    expect((await upload(`/api/cities/${f.gaeta._id}/siatel-checks`, f.tokens.hotelier, file, 's.csv')).status).toBe(403);
    expect((await upload(`/api/cities/${f.gaeta._id}/siatel-checks`, others.agency, file, 's.csv')).status).toBe(403);
    expect((await upload(`/api/cities/${f.gaeta._id}/siatel-checks`, f.tokens.city2, file, 's.csv')).status).toBe(404);
    const res = await upload(`/api/cities/${f.gaeta._id}/siatel-checks`, f.tokens.city, file, 'siatel-2025.csv');
    expect(res.status).toBe(201);
    const { result } = res.body;
    expect(result.months).toEqual(['2025-02']);
    expect(result.shortfalls).toEqual([
      {
        structureId: serapo._id,
        name: 'Hotel Serapo',
        month: '2025-02',
        siatelGuests: 20,
        siatelNights: declared + 10,
        declaredPresences: declared,
        gap: 10,
        gapPercent: Math.round((10 * 1000) / (declared + 10)) / 10,
      },
    ]);
    expect(result.undeclaredMonths).toEqual([{ structureId: ostello._id, name: 'Ostello del Golfo', month: '2025-02', siatelNights: 9 }]);
    expect(result.unregistered.map((u: any) => [u.name, u.months, u.siatelNights])).toEqual([['Affittacamere Il Molo', ['2025-02'], 4]]);

    const list = await t.request('GET', `/api/cities/${f.gaeta._id}/siatel-checks`, { token: f.tokens.city });
    expect(list.body[0]).toMatchObject({ _id: res.body._id, fileName: 'siatel-2025.csv', shortfalls: 1, unregistered: 1, undeclaredMonths: 1 });
    expect(list.body.some((c: any) => c.fileName === 'siatel-gaeta-2025-primo-semestre.csv')).toBe(true);
    const again = await t.request('GET', `/api/cities/${f.gaeta._id}/siatel-checks/${res.body._id}`, { token: f.tokens.admin });
    expect(again.body.result).toEqual(result);
    expect((await t.request('GET', `/api/cities/${f.gaeta._id}/siatel-checks/${res.body._id}`, { token: f.tokens.city2 })).status).toBe(404);
    expect((await t.request('GET', `/api/cities/${f.gaeta._id}/siatel-checks`, { token: f.tokens.hotelier })).status).toBe(403);
  });

  it('reports every bad row of the file and keeps nothing', async () => {
    const file = Buffer.from('Denominazione;Mese;Giorni di permanenza\nHotel Serapo;13/2025;x\n', 'utf8');
    const res = await upload(`/api/cities/${f.gaeta._id}/siatel-checks`, f.tokens.city, file, 'bad.csv');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('IMPORT_INVALID');
    expect(res.body.details.map((d: any) => [d.row, d.path])).toEqual([
      [2, 'month'],
      [2, 'nights'],
    ]);
  });
});

describe("who may call the comune's pagoPA import and SIATEL routes", () => {
  type TWho = 'city' | 'admin' | 'hotelier' | 'hotelier2' | 'city2' | 'consortium' | 'agency' | 'lab';
  const tokenOf = (who: TWho) => (who === 'consortium' || who === 'agency' || who === 'lab' ? others[who] : f.tokens[who]);
  // A readable row that names a notice of another generation point: unmatched, nothing recorded.
  const foreign = composePagopaNotice('99', 1).noticeNumber;
  const payments = () => Buffer.from(`Numero avviso;Importo;Data pagamento;TRN\r\n${foreign};1,00;2026-01-10;TRN-ROLES\r\n`, 'utf8');
  const siatel = () => Buffer.from('Denominazione;Anno;Mese;Giorni di permanenza\nAffittacamere Il Molo;2025;3;4\n', 'utf8');

  it.each([
    ['city', 200, 201, 200],
    ['admin', 200, 201, 200],
    ['hotelier', 403, 403, 403],
    ['hotelier2', 403, 403, 403],
    ['city2', 403, 404, 404],
    ['consortium', 403, 403, 403],
    ['agency', 403, 403, 403],
    ['lab', 403, 403, 403],
  ] as const)('%s: payment import (dry run) %i, SIATEL upload %i, SIATEL list %i', async (who, importStatus, uploadStatus, listStatus) => {
    const imported = await upload(`/api/cities/${f.gaeta._id}/pagopa-payments`, tokenOf(who), payments(), 'p.csv', { dryRun: 'true' });
    expect(imported.status).toBe(importStatus);
    if (importStatus === 200) expect(imported.body.unmatched).toHaveLength(1);
    expect((await upload(`/api/cities/${f.gaeta._id}/siatel-checks`, tokenOf(who), siatel(), 's.csv')).status).toBe(uploadStatus);
    expect((await t.request('GET', `/api/cities/${f.gaeta._id}/siatel-checks`, { token: tokenOf(who) })).status).toBe(listStatus);
  });
});
