// exceljs (a devDependency) reads what the API writes: an independent reader, not ours reading what ours wrote.
import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencies, orders, wasteForms } from '../../../../db/schema/index.ts';
import { startTestApp, type TSession, type TTestApp } from '../../../../test/harness.ts';

let t: TTestApp;
let consortium: TSession;
let edil: TSession; // agency@demo.test, Edil Strade Tirrenia
let eco: TSession; // agency3@demo.test, Ecologia Garigliano
let lab: TSession;

const SITE = 'OP0099XYZ000999-RM0001';
const OTHER_SITE = 'OP0099XYZ000998-RM0002';
const party = { name: 'Consorzio Autostrade Tirreniche', taxCode: '00743110157', address: { city: 'Roma', street: 'Via Cristoforo Colombo', streetNumber: '440', postalCode: '00145' } };
const codes = { e: 'XRBC 000901 HF', a: 'XRBC 000902 HF', b: 'XRBC 000903 HF', compiled: 'XRBC 000904 HF', cancelled: 'XRBC 000905 HF', other: 'XRBC 000906 HF' };

async function download(token: string, query: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${t.baseUrl}/api/forms/register?${query}`, { headers: { authorization: `Bearer ${token}`, ...headers } });
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The register sheet's rows as [number, movement, FIR, load reference, EER, quantity]. */
async function registerRows(bytes: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  const rows: unknown[][] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) rows.push((row.values as unknown[]).slice(1));
  });
  const col = (name: string) => header.indexOf(name);
  return { header, rows: rows.map((r) => [r[col('N. registrazione')], r[col('Movimento')], r[col('N. FIR')], r[col('Rif. carico')] ?? null, r[col('Codice EER')], r[col('Quantità')]]) };
}

beforeAll(async () => {
  t = await startTestApp();
  [consortium, edil, eco, lab] = await Promise.all(['consortium', 'agency', 'agency3', 'lab'].map((a) => t.signedIn(a as never)));
  const agencyId = async (name: string) => (await t.db.select({ id: agencies.id }).from(agencies).where(eq(agencies.businessName, name)))[0].id;
  const orderId = async (name: string) => (await t.db.select({ id: orders.id }).from(orders).where(eq(orders.name, name)))[0].id;
  const edilAgency = { targetAgencyId: await agencyId('Edil Strade Tirrenia S.p.A.'), orderId: await orderId('ODL 01/2025 - Scavo galleria Monte Altino') };
  const ecoAgency = { targetAgencyId: await agencyId('Ecologia Garigliano S.r.l.'), orderId: await orderId('ODL 03/2025 - Gestione rifiuti di cantiere') };
  const create = async (code: string, place: typeof edilAgency, site = SITE) => {
    const res = await t.request('POST', '/api/forms', {
      token: consortium.token,
      body: {
        code,
        ...place,
        referencePeriodFrom: '2026-01-01',
        referencePeriodTo: '2026-01-31',
        origin: 'S',
        cer: '17 05 04',
        physicalState: 'S',
        quantity: { value: '1000.5', unit: 'kg' },
        certificate: { type: 'Analisi', number: 'RDP-1' },
        producer: { ...party, siteRegistrationNumber: site, productionSite: 'Cantiere di prova' },
        transporters: [{ ...party, name: 'Autotrasporti Formia S.r.l.' }],
        receiver: { ...party, name: 'Recuperi Inerti Lazio S.r.l.' },
        wasteDestination: 'R5',
      },
    });
    expect(res.status).toBe(201);
    return res.body._id as string;
  };
  const act = async (id: string, action: string, body: Record<string, unknown> = {}) =>
    expect((await t.request('POST', `/api/forms/${id}/${action}`, { token: consortium.token, body })).status).toBe(200);
  // Signed (loaded) and left (unloaded) on the given instants: the transitions stamp "now", so the history is set after them.
  const history = async (id: string, approvedAt: string, transportStartedAt: string | null) =>
    t.db
      .update(wasteForms)
      .set({ approvedAt: new Date(approvedAt), transportStartedAt: transportStartedAt ? new Date(transportStartedAt) : null })
      .where(eq(wasteForms.id, id));

  const e = await create(codes.e, edilAgency);
  await act(e, 'approve');
  await act(e, 'startTransport');
  await act(e, 'refuse', { rejectionCause: 'NC', reason: 'Materiale non conforme' });
  await history(e, '2025-12-30T09:00:00Z', '2026-01-02T09:00:00Z');
  const a = await create(codes.a, edilAgency);
  await act(a, 'approve');
  await act(a, 'startTransport');
  await act(a, 'accept', { acceptedQuantity: '1000.5' });
  await history(a, '2026-03-02T08:00:00Z', '2026-03-04T08:00:00Z');
  const b = await create(codes.b, ecoAgency);
  await act(b, 'approve');
  await act(b, 'startTransport');
  await history(b, '2026-03-03T08:00:00Z', '2026-03-04T09:00:00Z');
  await create(codes.compiled, edilAgency);
  const cancelled = await create(codes.cancelled, edilAgency);
  await act(cancelled, 'approve');
  await act(cancelled, 'cancel', { reason: 'FIR sbagliato' });
  await history(cancelled, '2026-03-01T08:00:00Z', null);
  const other = await create(codes.other, ecoAgency, OTHER_SITE);
  await act(other, 'approve');
  await history(other, '2026-03-05T08:00:00Z', null);
});
afterAll(() => t?.close());

describe('GET /api/forms/register', () => {
  it('numbers the movements of a site per year, loads and unloads in order, from the signed forms only', async () => {
    const res = await download(consortium.token, `producerSite=${SITE}&from=2026-01-01&to=2026-12-31&format=xlsx`);
    expect(res.status).toBe(200);
    expect(res.type).toContain('spreadsheetml');
    const { header, rows } = await registerRows(res.bytes);
    expect(header).toEqual(expect.arrayContaining(['N. registrazione', 'Data', 'Causale', 'Codice EER', 'Caratteristiche di pericolo', 'Stato fisico', 'Destinato a (R/D)', 'N. FIR']));
    expect(rows).toEqual([
      // The unload of a form signed in 2025 points to its load of 2025; the compiled and the cancelled forms make no movement.
      ['1/2026', 'Scarico', codes.e, '1/2025', '17 05 04', 1000.5],
      ['2/2026', 'Carico', codes.a, null, '17 05 04', 1000.5],
      ['3/2026', 'Carico', codes.b, null, '17 05 04', 1000.5],
      ['4/2026', 'Scarico', codes.a, '2/2026', '17 05 04', 1000.5],
      ['5/2026', 'Scarico', codes.b, '3/2026', '17 05 04', 1000.5],
    ]);
  });

  it('keeps the numbers of the year when the period starts later', async () => {
    const { rows } = await registerRows((await download(consortium.token, `producerSite=${SITE}&from=2026-03-03&to=2026-03-31`)).bytes);
    expect(rows.map((r) => r[0])).toEqual(['3/2026', '4/2026', '5/2026']);
  });

  it("gives an agency the rows of its own forms only, with the register's numbers", async () => {
    const own = await registerRows((await download(edil.token, `producerSite=${SITE}&from=2026-01-01&to=2026-12-31`)).bytes);
    expect(own.rows.map((r) => [r[0], r[2]])).toEqual([
      ['1/2026', codes.e],
      ['2/2026', codes.a],
      ['4/2026', codes.a],
    ]);
    const theirs = await registerRows((await download(eco.token, `producerSite=${SITE}&from=2026-01-01&to=2026-12-31`)).bytes);
    expect(theirs.rows.map((r) => r[2])).toEqual([codes.b, codes.b]);
    // A site where the agency has no form: an empty register, nothing of the others'.
    expect((await registerRows((await download(edil.token, `producerSite=${OTHER_SITE}&from=2026-01-01&to=2026-12-31`)).bytes)).rows).toEqual([]);
    // A laboratory may not list forms, so it gets no register.
    expect((await download(lab.token, `producerSite=${SITE}`)).status).toBe(403);
  });

  it('refuses a bad period with 400 naming the field', async () => {
    for (const query of ['from=2026-03-01&to=2026-02-01', 'from=2026-01-01&to=2027-01-02', 'from=2026-02-30&to=2026-03-01', 'from=yesterday']) {
      const res = await t.request('GET', `/api/forms/register?producerSite=${SITE}&${query}`, { token: consortium.token });
      expect(res.status, query).toBe(400);
      expect(res.body.code, query).toBe('VALIDATION_FAILED');
      expect(res.body.details.length, query).toBeGreaterThan(0);
    }
    expect((await t.request('GET', '/api/forms/register', { token: consortium.token })).status).toBe(400);
  });

  it('renders the PDF, and the English version for an English reader', async () => {
    const pdf = await download(consortium.token, `producerSite=${SITE}&from=2026-01-01&to=2026-12-31&format=pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    const doc = await PDFDocument.load(pdf.bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe(`Registro cronologico di carico e scarico – ${SITE}`);
    const en = await download(consortium.token, `producerSite=${SITE}&from=2026-01-01&to=2026-12-31`, { 'accept-language': 'en' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(en.bytes as unknown as ArrayBuffer);
    expect((book.worksheets[0].getRow(1).values as unknown[]).slice(1, 4)).toEqual(['Registration no.', 'Date', 'Movement']);
    expect(book.worksheets[0].getRow(2).getCell(3).value).toBe('Unload');
  });
});

describe('GET /api/forms/register/sites and /api/forms/rentri-transmission', () => {
  it('lists the sites of the forms the caller may list', async () => {
    const all = await t.request('GET', '/api/forms/register/sites', { token: consortium.token });
    expect(all.status).toBe(200);
    expect(all.body.map((s: { siteRegistrationNumber: string }) => s.siteRegistrationNumber)).toEqual(expect.arrayContaining([SITE, OTHER_SITE, 'OP0058ABC000123-LT0001']));
    const edilSites = await t.request('GET', '/api/forms/register/sites', { token: edil.token });
    expect(edilSites.body.map((s: { siteRegistrationNumber: string }) => s.siteRegistrationNumber)).not.toContain(OTHER_SITE);
    expect(edilSites.body.find((s: { siteRegistrationNumber: string }) => s.siteRegistrationNumber === SITE)).toMatchObject({ producerName: party.name, forms: 4 });
  });

  it('says that nothing is sent to RENTRI', async () => {
    const res = await t.request('GET', '/api/forms/rentri-transmission', { token: edil.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ configured: false, sends: false, endpoint: null, message: 'notConfigured' });
  });
});
