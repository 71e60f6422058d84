// exceljs (a devDependency) reads what the API exports: an independent reader, not ours reading what ours wrote.
import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { notifications, orders, rdps, users, wasteForms } from '../../../db/schema/index.ts';
import { makeP7mDer, makePdf } from '../../platform/index.ts';
import { startTestApp, type TSession, type TTestApp } from '../../../test/harness.ts';
import { TEST_PARTY, wasteFormBody } from '../../../test/waste-form-fixture.ts';

// Signed files made with openssl by the verifier's make-fixtures.sh.
const fixture = (name: string) => readFileSync(new URL(`../../../../fixtures/signed-files/${name}`, import.meta.url));

let t: TTestApp;
let admin: TSession;
let consortium: TSession;
let edil: TSession; // agency@demo.test, Edil Strade Tirrenia
let eco: TSession; // agency3@demo.test, Ecologia Garigliano
let lab: TSession;
let edilOrder: string;
let ecoOnlyOrder: string;

const orderId = async (name: string) => (await t.db.select({ id: orders.id }).from(orders).where(eq(orders.name, name)))[0].id;
const formId = async (code: string) => (await t.db.select({ id: wasteForms.id }).from(wasteForms).where(eq(wasteForms.code, code)))[0].id;

const party = TEST_PARTY;
const newForm = (overrides: Record<string, unknown> = {}) => wasteFormBody(edilOrder, overrides);

async function upload(bytes: Buffer, token: string, fileName: string, data: Record<string, unknown>) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
  form.append('data', JSON.stringify(data));
  const res = await fetch(`${t.baseUrl}/api/uploads`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: await res.json() };
}

beforeAll(async () => {
  t = await startTestApp();
  [admin, consortium, edil, eco, lab] = await Promise.all(['admin', 'consortium', 'agency', 'agency3', 'lab'].map((a) => t.signedIn(a as never)));
  edilOrder = await orderId('ODL 01/2025 - Scavo galleria Monte Altino');
  ecoOnlyOrder = await orderId('ODL 03/2025 - Gestione rifiuti di cantiere');
});
afterAll(() => t?.close());

describe('scope', () => {
  it('a supplier lists and reads only its own agency’s forms; the consortium all of them', async () => {
    const mine = await t.request('GET', '/api/forms?count=true', { token: edil.token });
    expect(mine.status).toBe(200);
    expect(mine.body.every((f: any) => f.targetAgencyId === edil.user.agencyId)).toBe(true);
    expect(mine.body.map((f: any) => f.code).sort()).toEqual(['XRBC 000101 HF', 'XRBC 000102 HF', 'XRBC 000103 HF']);
    const all = await t.request('GET', '/api/forms?count=true', { token: consortium.token });
    expect(all.headers.get('x-total-count')).toBe('6');
    const others = await formId('XRBC 000104 HF');
    expect((await t.request('GET', `/api/forms/${others}`, { token: edil.token })).status).toBe(404);
    expect((await t.request('PUT', `/api/forms/${others}`, { token: edil.token, body: { notes: 'x' } })).status).toBe(404);
    expect((await t.request('DELETE', `/api/forms/${others}`, { token: edil.token })).status).toBe(404);
    expect((await t.request('GET', `/api/forms/${others}/pdf`, { token: edil.token })).status).toBe(404);
    expect((await t.request('GET', '/api/forms', { token: lab.token })).status).toBe(403);
  });

  it('a supplier registers forms for its own agency on the orders given to it, and for no other', async () => {
    const created = await t.request('POST', '/api/forms', { token: edil.token, body: newForm() });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ targetAgencyId: edil.user.agencyId, status: 'pending', rentriState: 'compiled', cer: '170504', cerDisplay: '17 05 04', mirror: true, hazardous: false });
    const otherAgency = await t.request('POST', '/api/forms', { token: edil.token, body: newForm({ targetAgencyId: eco.user.agencyId }) });
    expect(otherAgency.status).toBe(400);
    expect(otherAgency.body.details).toContainEqual(expect.objectContaining({ path: 'targetAgencyId' }));
    const notItsOrder = await t.request('POST', '/api/forms', { token: edil.token, body: newForm({ orderId: ecoOnlyOrder }) });
    expect(notItsOrder.status).toBe(400);
    expect(notItsOrder.body.details).toEqual([expect.objectContaining({ path: 'orderId', message: 'the order is not given to this agency' })]);
    // The consortium names the agency.
    const byConsortium = await t.request('POST', '/api/forms', { token: consortium.token, body: newForm({ orderId: ecoOnlyOrder, targetAgencyId: eco.user.agencyId }) });
    expect(byConsortium.status).toBe(201);
    expect((await t.request('GET', `/api/forms/${byConsortium.body._id}`, { token: eco.token })).status).toBe(200);
    expect((await t.request('GET', `/api/forms/${byConsortium.body._id}`, { token: edil.token })).status).toBe(404);
  });
});

describe('the EER code picker (GET /api/forms/eer-codes)', () => {
  it('finds codes by Italian or English words and by code, each with its Italian text; a laboratory, outside the forms, may not ask', async () => {
    const codes = async (q: string) => {
      const res = await t.request('GET', `/api/forms/eer-codes?q=${encodeURIComponent(q)}`, { token: edil.token });
      expect(res.status).toBe(200);
      return (res.body as { data: { code: string; display: string; it: string | null; en: string }[] }).data;
    };
    const mixed = await codes('imballaggi misti');
    expect(mixed.map((e) => e.code)).toEqual(['150106']);
    expect(mixed[0]).toMatchObject({ display: '15 01 06', it: 'imballaggi in materiali misti', en: 'Mixed packaging' });
    expect((await codes('mixed packaging')).map((e) => e.code)).toEqual(['150106']);
    expect((await codes('15 01 10*')).map((e) => e.code)).toEqual(['150110']);
    expect((await codes('urbani non differenziati')).map((e) => e.code)).toEqual(['200301']);
    expect(await codes('nessun rifiuto del genere')).toEqual([]);
    // Italian-only words: "fanghi" (sludges) finds the sludges of every chapter, not only 20 03 04.
    const sludges = await codes('fanghi');
    expect(sludges).toHaveLength(50);
    expect(sludges[0]).toMatchObject({ code: '010309', it: 'fanghi rossi derivanti dalla produzione di allumina, diversi da quelli di cui alla voce 01 03 10' });
    expect((await codes('fanghi fosse settiche')).map((e) => e.code)).toEqual(['200304']);
    expect((await codes('segatura trucioli')).map((e) => e.code)).toEqual(['030104', '030105']);
    // Every code of the list has its Italian description, and its chapter and sub-chapter too.
    const all = await t.request('GET', '/api/forms/eer-codes?limit=842', { token: consortium.token });
    const list = (all.body as { data: { code: string; it: string | null; chapter: { it: string | null }; subChapter: { it: string | null } }[] }).data;
    expect(list).toHaveLength(842);
    expect(list.filter((e) => !e.it?.trim() || !e.chapter.it?.trim() || !e.subChapter.it?.trim()).map((e) => e.code)).toEqual([]);
    expect((await t.request('GET', '/api/forms/eer-codes?limit=0', { token: edil.token })).status).toBe(400);
    expect((await t.request('GET', '/api/forms/eer-codes?q=x', { token: lab.token })).status).toBe(403);
  });
});

describe('RENTRI checks, each a 400 naming the field', () => {
  const refusal = async (body: Record<string, unknown>) => {
    const res = await t.request('POST', '/api/forms', { token: edil.token, body });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    return res.body.details.map((d: any) => d.path).sort();
  };
  it('refuses unknown codes, undescribed 99 codes, HP rules, mirror codes without analysis', async () => {
    expect(await refusal(newForm({ cer: '999999' }))).toEqual(['cer']);
    expect(await refusal(newForm({ cer: '020199', certificate: null }))).toEqual(['cerDescription']);
    expect(await refusal(newForm({ cer: '170503' }))).toEqual(['dangerClass']);
    expect(await refusal(newForm({ cer: '150106', dangerClass: ['HP14'], certificate: null }))).toEqual(['dangerClass']);
    expect(await refusal(newForm({ certificate: null }))).toEqual(['certificate']);
    expect(await refusal(newForm({ dangerClass: ['HP16'] }))).toEqual(['dangerClass']);
  });
  it('refuses a bad FIR number, quantity, tax code, operation and ADR data', async () => {
    expect(await refusal(newForm({ code: 'ABCD 12 HF' }))).toEqual(['code']);
    expect(await refusal(newForm({ quantity: { value: '1.00001', unit: 'kg' } }))).toEqual(['quantity.value']);
    expect(await refusal(newForm({ quantity: { value: '12345678901', unit: 'kg' } }))).toEqual(['quantity.value']);
    expect(await refusal(newForm({ producer: { ...party, taxCode: '00743110158' } }))).toEqual(['producer.taxCode']);
    expect(await refusal(newForm({ receiver: { ...party, taxCode: 'RCCMNL83S18D969X' } }))).toEqual(['receiver.taxCode']);
    expect(await refusal(newForm({ wasteDestination: 'R14' }))).toEqual(['wasteDestination']);
    expect(await refusal(newForm({ adr: true }))).toEqual(['adrData.class', 'adrData.unNumber']);
    expect(await refusal(newForm({ acceptance: { type: 'R' } }))).toEqual(['acceptance.rejectionCause', 'acceptance.rejectionReason']);
  });
  it('keeps the largest quantity exactly and refuses a duplicate FIR number', async () => {
    const body = newForm({ quantity: { value: '9999999999.9999', unit: 'l' } });
    const created = await t.request('POST', '/api/forms', { token: edil.token, body });
    expect(created.status).toBe(201);
    expect(created.body.quantity).toEqual({ value: '9999999999.9999', unit: 'l' });
    const again = await t.request('POST', '/api/forms', { token: edil.token, body: { ...body, code: body.code.toLowerCase() } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('DUPLICATE');
  });
  it('checks an update on the form as it will be saved', async () => {
    const created = (await t.request('POST', '/api/forms', { token: edil.token, body: newForm() })).body;
    const res = await t.request('PUT', `/api/forms/${created._id}`, { token: edil.token, body: { cer: '170503' } });
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: any) => d.path)).toEqual(['dangerClass']);
    const fixed = await t.request('PUT', `/api/forms/${created._id}`, { token: edil.token, body: { cer: '170503', dangerClass: ['hp7'] } });
    expect(fixed.status).toBe(200);
    expect(fixed.body).toMatchObject({ cerDisplay: '17 05 03*', dangerClass: ['HP07'], hazardous: true });
  });
});

describe('review transitions', () => {
  it('the consortium approves; the form is then read-only; a supplier cannot approve', async () => {
    const created = (await t.request('POST', '/api/forms', { token: edil.token, body: newForm() })).body;
    const byAgency = await t.request('POST', `/api/forms/${created._id}/approve`, { token: edil.token, body: {} });
    expect(byAgency.status).toBe(403);
    const approved = await t.request('POST', `/api/forms/${created._id}/approve`, { token: consortium.token, body: {} });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', rentriState: 'producerSigned', approvedById: consortium.user._id });
    expect(approved.body.approvedAt).toBeTruthy();
    const edit = await t.request('PUT', `/api/forms/${created._id}`, { token: edil.token, body: { notes: 'modifica' } });
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe('FORM_LOCKED');
    expect((await t.request('PUT', `/api/forms/${created._id}`, { token: admin.token, body: { notes: 'modifica' } })).body.code).toBe('FORM_LOCKED');
    expect((await t.request('DELETE', `/api/forms/${created._id}`, { token: edil.token })).body.code).toBe('FORM_LOCKED');
    const twice = await t.request('POST', `/api/forms/${created._id}/approve`, { token: consortium.token, body: {} });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('INVALID_TRANSITION');
  });

  it('a rejection needs a reason, leaves the form pending with it, and notifies the agency', async () => {
    const created = (await t.request('POST', '/api/forms', { token: edil.token, body: newForm() })).body;
    expect((await t.request('POST', `/api/forms/${created._id}/reject`, { token: consortium.token, body: {} })).status).toBe(400);
    expect((await t.request('POST', `/api/forms/${created._id}/reject`, { token: edil.token, body: { reason: 'x' } })).status).toBe(403);
    const rejected = await t.request('POST', `/api/forms/${created._id}/reject`, { token: consortium.token, body: { reason: 'Targa del rimorchio mancante' } });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'pending', rentriState: 'compiled', rejectionReason: 'Targa del rimorchio mancante' });
    const colleagues = await t.db.select({ id: users.id }).from(users).where(eq(users.agencyId, edil.user.agencyId));
    for (const { id } of colleagues) {
      const rows = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, id), eq(notifications.event, 'form.reject')));
      expect(rows.some((n) => n.data?.formId === created._id)).toBe(true);
    }
    // Corrected by the supplier, then approved: the reason is cleared.
    expect((await t.request('PUT', `/api/forms/${created._id}`, { token: edil.token, body: { notes: 'targa rimorchio AB123CD' } })).status).toBe(200);
    const approved = await t.request('POST', `/api/forms/${created._id}/approve`, { token: consortium.token, body: {} });
    expect(approved.body).toMatchObject({ status: 'approved', rentriState: 'producerSigned', rejectionReason: null });
  });

  it('only an administrator revokes an approval, with a reason; the form is pending again', async () => {
    const id = await formId('XRBC 000102 HF');
    expect((await t.request('POST', `/api/forms/${id}/revoke`, { token: consortium.token, body: { reason: 'x' } })).status).toBe(403);
    expect((await t.request('POST', `/api/forms/${id}/revoke`, { token: admin.token, body: {} })).status).toBe(400);
    const revoked = await t.request('POST', `/api/forms/${id}/revoke`, { token: admin.token, body: { reason: 'Quantità da rettificare' } });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ status: 'pending', rentriState: 'compiled', revokeReason: 'Quantità da rettificare', approvedAt: null });
    expect((await t.request('PUT', `/api/forms/${id}`, { token: edil.token, body: { notes: 'rettifica' } })).status).toBe(200);
  });

  it('refuses to approve a saved form that no longer passes the checks', async () => {
    const created = (await t.request('POST', '/api/forms', { token: edil.token, body: newForm() })).body;
    await t.db.update(wasteForms).set({ certificate: null }).where(eq(wasteForms.id, created._id));
    const res = await t.request('POST', `/api/forms/${created._id}/approve`, { token: consortium.token, body: {} });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'FORM_CHECKS_FAILED', details: [expect.objectContaining({ path: 'certificate' })] });
  });
});

describe('link to an RDP', () => {
  it('takes one of the agency’s test reports as the analysis, its code filling an empty reference', async () => {
    const [rdp] = await t.db.select({ id: rdps.id, code: rdps.code, sampleDate: rdps.sampleDate }).from(rdps).where(eq(rdps.code, 'RDP-2026-0081'));
    const created = await t.request('POST', '/api/forms', { token: edil.token, body: newForm({ certificate: null, analysisRdpId: rdp.id }) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ analysisRdpId: rdp.id, certificate: { type: 'Analisi', number: 'RDP-2026-0081', date: rdp.sampleDate } });
    // Another agency's form cannot point at it; an unknown id is refused.
    const other = await t.request('POST', '/api/forms', { token: eco.token, body: newForm({ orderId: ecoOnlyOrder, certificate: null, analysisRdpId: rdp.id }) });
    expect(other.status).toBe(400);
    expect(other.body.details).toContainEqual(expect.objectContaining({ path: 'analysisRdpId', message: "not a test report of the form's agency" }));
    const unknown = await t.request('POST', '/api/forms', { token: edil.token, body: newForm({ certificate: null, analysisRdpId: '6f0c8a52-0000-4000-8000-000000000001' }) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toContainEqual(expect.objectContaining({ path: 'analysisRdpId', message: 'does not exist' }));
  });
});

describe('NCA from a form rejected at destination', () => {
  it('the consortium opens one prefilled pending NCA report per form rejected for non-conformity', async () => {
    const id = await formId('XRBC 000104 HF');
    expect((await t.request('POST', `/api/forms/${id}/openNca`, { token: eco.token, body: {} })).status).toBe(403);
    const opened = await t.request('POST', `/api/forms/${id}/openNca`, { token: consortium.token, body: {} });
    expect(opened.status).toBe(201);
    const [form] = await t.db.select().from(wasteForms).where(eq(wasteForms.id, id));
    expect(opened.body).toMatchObject({ status: 'pending', lotId: form.lotId, orderId: form.orderId, targetAgencyId: form.targetAgencyId, origin: 'other' });
    expect(opened.body.description).toContain('XRBC 000104 HF');
    expect(opened.body.description).toContain('Presenza di materiale isolante non dichiarato');
    expect(form.ncaReportId).toBe(opened.body._id);
    const report = await t.request('GET', `/api/nca-reports/${opened.body._id}`, { token: consortium.token });
    expect(report.status).toBe(200);
    expect((await t.request('GET', `/api/forms/${id}`, { token: eco.token })).body.ncaReportId).toBe(opened.body._id);
    const again = await t.request('POST', `/api/forms/${id}/openNca`, { token: consortium.token, body: {} });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('DUPLICATE');
  });
  it('refuses a form that was not rejected for non-conformity', async () => {
    const res = await t.request('POST', `/api/forms/${await formId('XRBC 000105 HF')}/openNca`, { token: consortium.token, body: {} });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'CONFLICT', details: [expect.objectContaining({ path: 'acceptance' })] });
  });
});

describe('totals, export, PDF and the signed document', () => {
  it('totals the quantity per EER code, unit and month exactly, within the caller’s scope', async () => {
    const res = await t.request('GET', `/api/forms/totals?targetAgencyId=${eco.user.agencyId}&periodFrom=2026-10-01&periodTo=2026-10-31`, { token: consortium.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { cer: '130205', cerDisplay: '13 02 05*', unit: 'l', period: '2026-10', quantity: '420.25', forms: 1 },
      { cer: '170904', cerDisplay: '17 09 04', unit: 'kg', period: '2026-10', quantity: '9800', forms: 1 },
    ]);
    const sums = await t.request('GET', '/api/forms/totals?cer=170504&periodTo=2026-10-31', { token: edil.token });
    expect(sums.body).toEqual([{ cer: '170504', cerDisplay: '17 05 04', unit: 'kg', period: '2026-10', quantity: '25000.5', forms: 1 }]);
    // A supplier's totals never include another agency's forms.
    const own = await t.request('GET', `/api/forms/totals?targetAgencyId=${eco.user.agencyId}`, { token: edil.token });
    expect(own.body).toEqual([]);
    expect((await t.request('GET', '/api/forms/totals?periodFrom=31-10-2026', { token: edil.token })).status).toBe(400);
  });

  // The collection contract's /export and the older /export.xlsx are one export.
  it.each(['/api/forms/export.xlsx', '/api/forms/export'])('%s exports the forms the caller may list as xlsx', async (path) => {
    const res = await fetch(`${t.baseUrl}${path}?lotId=`, { headers: { authorization: `Bearer ${eco.token}` } });
    expect(res.status).toBe(400);
    const ok = await fetch(`${t.baseUrl}${path}?rentriState=accepted`, { headers: { authorization: `Bearer ${eco.token}` } });
    expect(ok.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await ok.arrayBuffer()) as never);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('Numero FIR');
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe('XRBC 000105 HF');
    expect(sheet.getRow(2).getCell(8).value).toBe('13 02 05*');
    expect(sheet.getRow(2).getCell(11).value).toBe(420.25);
  });

  it("exports in the reader's language: headers, status, EER description and file name", async () => {
    const res = await fetch(`${t.baseUrl}/api/forms/export?rentriState=accepted`, { headers: { authorization: `Bearer ${eco.token}`, 'accept-language': 'en-GB,en;q=0.9' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('waste-forms-');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe('Waste forms');
    expect(sheet.getRow(1).getCell(1).value).toBe('FIR number');
    expect(sheet.getRow(2).getCell(2).value).toBe('Accepted');
    expect(String(sheet.getRow(2).getCell(9).value)).toMatch(/^[A-Za-z]/);
  });

  it('prints the form as a PDF', async () => {
    const res = await fetch(`${t.baseUrl}/api/forms/${await formId('XRBC 000105 HF')}/pdf`, { headers: { authorization: `Bearer ${eco.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('attaches a signed PDF, or a .p7m whose signature verifies; refuses a tampered one and other files', async () => {
    const id = await formId('XRBC 000106 HF');
    const pdf = await upload(await makePdf(), eco.token, 'fir-firmato.pdf', { purpose: 'pdf', linkedEntityType: 'forms', linkedEntityId: id });
    expect(pdf.status).toBe(201);
    const attached = await t.request('POST', `/api/forms/${id}/document`, { token: eco.token, body: { uploadId: pdf.body._id } });
    expect(attached.status).toBe(200);
    expect(attached.body.document).toMatchObject({ uploadId: pdf.body._id, format: 'pdf', signature: null });
    const p7m = await upload(fixture('doc.pdf.p7m'), eco.token, 'fir.pdf.p7m', { purpose: 'p7m', linkedEntityType: 'forms', linkedEntityId: id });
    expect(p7m.status).toBe(201);
    const signed = await t.request('POST', `/api/forms/${id}/document`, { token: eco.token, body: { uploadId: p7m.body._id } });
    expect(signed.status).toBe(200);
    expect(signed.body.document).toMatchObject({ uploadId: p7m.body._id, format: 'p7m' });
    expect(signed.body.document.signature.signers.length).toBeGreaterThan(0);
    expect(signed.body.document.signature.contentSha256).toMatch(/^[0-9a-f]{64}$/);
    const tampered = await upload(fixture('doc.tampered.pdf.p7m'), eco.token, 'fir2.pdf.p7m', { purpose: 'p7m', linkedEntityType: 'forms', linkedEntityId: id });
    const refused = await t.request('POST', `/api/forms/${id}/document`, { token: eco.token, body: { uploadId: tampered.body._id } });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('SIGNATURE_INVALID');
    // Not a fake signed file either (bytes shaped like CMS, no real signature).
    const fake = await upload(makeP7mDer(), eco.token, 'fake.p7m', { purpose: 'p7m', linkedEntityType: 'forms', linkedEntityId: id });
    expect((await t.request('POST', `/api/forms/${id}/document`, { token: eco.token, body: { uploadId: fake.body._id } })).status).toBe(422);
    // Another agency's form is not there for the supplier.
    expect((await t.request('POST', `/api/forms/${await formId('XRBC 000101 HF')}/document`, { token: eco.token, body: { uploadId: pdf.body._id } })).status).toBe(404);
  });
});

describe("RENTRI body and RENTRI's states", () => {
  it('GET /api/forms/{id}/rentri: each role that reads the form, no other; an incomplete form lists what RENTRI needs', async () => {
    const edilForm = await formId('XRBC 000101 HF');
    for (const session of [admin, consortium, edil]) {
      const res = await t.request('GET', `/api/forms/${edilForm}/rentri`, { token: session.token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ num_iscr_sito: 'OP0058ABC000123-LT0001', dati_partenza: { numero_fir: 'XRBC 000101 HF', rifiuto: { codice_eer: '170504' } } });
    }
    expect((await t.request('GET', `/api/forms/${edilForm}/rentri`, { token: eco.token })).status).toBe(404);
    expect((await t.request('GET', `/api/forms/${edilForm}/rentri`, { token: lab.token })).status).toBe(403);
    const created = (await t.request('POST', '/api/forms', { token: edil.token, body: newForm() })).body;
    const incomplete = await t.request('GET', `/api/forms/${created._id}/rentri`, { token: edil.token });
    expect(incomplete.status).toBe(409);
    expect(incomplete.body.code).toBe('FORM_RENTRI_INCOMPLETE');
    // Each missing field carries the code of its rule, which the web translates.
    expect(incomplete.body.details).toContainEqual(expect.objectContaining({ path: 'producer.siteRegistrationNumber', code: 'siteNumber' }));
  });

  it('signed, in transport, accepted in part with the quantity taken; refused outcomes name the fields; cancel before transport only', async () => {
    const created = (await t.request('POST', '/api/forms', { token: edil.token, body: newForm({ quantity: { value: '1000', unit: 'kg' } }) })).body;
    const go = (action: string, token: string, body: object = {}) => t.request('POST', `/api/forms/${created._id}/${action}`, { token, body });
    expect((await go('startTransport', edil.token)).status).toBe(409);
    expect((await go('approve', consortium.token)).body.rentriState).toBe('producerSigned');
    expect((await go('cancel', edil.token, { reason: 'x' })).status).toBe(403);
    const left = await go('startTransport', edil.token);
    expect(left.body).toMatchObject({ status: 'approved', rentriState: 'inTransport' });
    expect(left.body.transportStartedAt).toBeTruthy();
    expect((await go('cancel', consortium.token, { reason: 'x' })).status).toBe(409);
    const tooMuch = await go('acceptInPart', edil.token, { acceptedQuantity: '1000', rejectionCause: 'NC', reason: 'umido' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.details.map((d: any) => d.path)).toContain('acceptedQuantity');
    const part = await go('acceptInPart', edil.token, { acceptedQuantity: '750,5', rejectionCause: 'NC', reason: 'materiale estraneo' });
    expect(part.status).toBe(200);
    expect(part.body).toMatchObject({
      status: 'approved',
      rentriState: 'partiallyAccepted',
      acceptance: { type: 'P', acceptedQuantity: '750.5', rejectionCause: 'NC', rejectionReason: 'materiale estraneo' },
    });
    expect((await t.request('PUT', `/api/forms/${created._id}`, { token: edil.token, body: { notes: 'x' } })).body.code).toBe('FORM_LOCKED');
    const other = (await t.request('POST', '/api/forms', { token: edil.token, body: newForm() })).body;
    const cancelled = await t.request('POST', `/api/forms/${other._id}/cancel`, { token: consortium.token, body: { reason: 'FIR doppio' } });
    // Cancelled before the consortium signed it: still `pending` for a client of the specification's statuses.
    expect(cancelled.body).toMatchObject({ status: 'pending', rentriState: 'cancelled', cancelReason: 'FIR doppio' });
    const pending = await t.request('GET', `/api/forms?status=pending&limit=500`, { token: consortium.token });
    expect(pending.status).toBe(200);
    const pendingIds = pending.body.map((f: any) => f._id);
    // The filter means what the record says: the unsigned cancelled form is pending, the signed one is not.
    expect(pendingIds).toContain(other._id);
    expect(pendingIds).not.toContain(created._id);
    expect(pending.body.every((f: any) => f.status === 'pending' && ['compiled', 'cancelled'].includes(f.rentriState))).toBe(true);
    const approved = await t.request('GET', `/api/forms?status=approved&limit=500`, { token: consortium.token });
    expect(approved.body.map((f: any) => f._id)).toContain(created._id);
    expect(approved.body.every((f: any) => f.status === 'approved')).toBe(true);
    const byState = await t.request('GET', `/api/forms?rentriState=cancelled`, { token: consortium.token });
    expect(byState.body.map((f: any) => f._id)).toEqual([other._id]);
    const bad = await t.request('GET', `/api/forms?status=compiled`, { token: consortium.token });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0]).toMatchObject({ path: 'status' });
  });

  it('prints the form PDF in the reader’s language', async () => {
    const id = await formId('XRBC 000105 HF');
    const read = async (language: string) =>
      Buffer.from(await (await fetch(`${t.baseUrl}/api/forms/${id}/pdf`, { headers: { authorization: `Bearer ${eco.token}`, 'accept-language': language } })).arrayBuffer());
    const [it_, en] = [await read('it'), await read('en')];
    expect(it_.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await PDFDocument.load(en)).getTitle()).toBe('Waste form XRBC 000105 HF');
    expect((await PDFDocument.load(it_)).getTitle()).toBe('Formulario XRBC 000105 HF');
  });
});
