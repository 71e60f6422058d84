// exceljs (a devDependency) reads the exports and the template as another program would, and fills the template in as a
// user's spreadsheet program does (its own writer, shared strings): independent of our reader and writer.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAlloggiatiFile, type TAlloggiatiRecordInput } from '@app/domain/tourist-tax/alloggiati';
import { and, eq, sql } from 'drizzle-orm';
import { stays, structures } from '../../../db/schema/index.ts';
import { loadCityRules } from '../rules/city-rules.ts';
import { priceImportedStay } from './price-imported-stay.ts';
import { readStayImportFile } from './read-stay-import-file.ts';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';
import { workbookOf } from '../../../test/xlsx-files.ts';
import { demoFixtures, VALID_CF } from '../registry/test-fixtures.ts';

let t: TTestApp;
let f: Awaited<ReturnType<typeof demoFixtures>>;
beforeAll(async () => {
  t = await startTestApp();
  f = await demoFixtures(t);
});
afterAll(() => t?.close());

const HEADERS = [
  'Data arrivo',
  'Data partenza',
  'Numero ospiti',
  'Cognome',
  'Nome',
  'Codice fiscale',
  'Stato pagamento',
  'Motivo mancato pagamento',
  'Esenti',
  'Tipo esenzione',
  'Ridotti',
  'Tipo riduzione',
];

function xlsxOf(rows: unknown[][], headers = HEADERS): Promise<Buffer> {
  return workbookOf(headers, rows, 'Soggiorni');
}

async function readXlsx(bytes: ArrayBuffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes);
  const ws = wb.worksheets[0];
  const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, any>[] = [];
  ws.eachRow((row, n) => {
    if (n === 1) return;
    const values = (row.values as unknown[]).slice(1);
    rows.push(Object.fromEntries(header.map((h, i) => [h, values[i]])));
  });
  return { header, rows, sheetName: ws.name };
}

function importRequest(
  token: string,
  structureId: string,
  format: string,
  bytes: Buffer | string,
  fileName = 'soggiorni',
  fields: Record<string, string> = format === 'alloggiati' ? { paymentStatus: 'paid' } : {},
) {
  const form = new FormData();
  form.append('structureId', structureId);
  form.append('format', format);
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), fileName);
  return t.request('POST', '/api/stays/import', { token, raw: form });
}

async function countStays(structureId: string) {
  const res = await t.request('GET', `/api/stays?structureId=${structureId}&count=true&limit=1`, { token: f.tokens.admin });
  return Number(res.headers.get('x-total-count'));
}

async function download(url: string, token: string, language?: string) {
  const res = await fetch(t.baseUrl + url, { headers: { authorization: `Bearer ${token}`, ...(language ? { 'accept-language': language } : {}) } });
  return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), bytes: await res.arrayBuffer() };
}

describe('stays import', () => {
  it('reports every bad row with row, field and value, and writes nothing', async () => {
    const structure = f.structure('Hotel Serapo');
    const before = await countStays(structure._id);
    const file = await xlsxOf([
      ['01/07/2026', '04/07/2026', 2, 'Rossi', 'Mario', '', 'Pagato'], // valid
      ['31/02/2026', '04/07/2026', 2, 'Verdi', 'Luca', '', 'Pagato'], // row 3: bad date
      ['01/07/2026', '04/07/2026', 2, 'Neri', 'Anna', 'RCCMNL83S18D969X', 'Pagato'], // row 4: bad CF
      ['01/07/2026', '04/07/2026', 2, 'Gialli', 'Sara', '', 'Non pagato'], // row 5: no reason
      ['01/07/2026', '04/07/2026', 3, 'Blu', 'Ugo', '', 'Pagato', '', 1, 'Neonati'], // row 6: unknown exemption
      ['30/12/2027', '02/01/2028', 2, 'Viola', 'Ada', '', 'Pagato'], // row 7: no tariff for 2028
    ]);
    const res = await importRequest(f.tokens.hotelier, structure._id, 'xlsx', file);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.code).toBe('IMPORT_INVALID');
    const byRow = res.body.details.map((d: any) => [d.row, d.path, d.value]);
    expect(byRow).toEqual([
      [3, 'checkIn', '31/02/2026'],
      [4, 'taxCode', 'RCCMNL83S18D969X'],
      [5, 'noPaymentReason', ''],
      [6, 'exemptionName', 'Neonati'],
      [7, 'checkIn', '2028-01-01'],
    ]);
    expect(res.body.details.every((d: any) => d.message.length > 0)).toBe(true);
    expect(await countStays(structure._id)).toBe(before);
  });

  it('imports a valid xlsx with the engine amounts, and a re-import creates nothing', async () => {
    const structure = f.structure('Hotel Serapo');
    const before = await countStays(structure._id);
    const file = await xlsxOf([
      [new Date(Date.UTC(2026, 6, 1)), new Date(Date.UTC(2026, 6, 4)), 3, 'Esposito', 'Gennaro', 'RCCMNL83S18D969H', 'Pagato', '', 1, 'minori fino al compimento del 12° anno di età'],
      ['10/08/2026', '12/08/2026', 2, 'Russo', 'Carla', '', 'Non pagato', 'Rifiuto', 0, ''],
      ['2026-09-01', '2026-09-02', 20, 'Liceo Vitruvio', 'Classe 4B', '', 'Pagato', '', 0, '', 18, 'Gite scolastiche'],
    ]);
    const first = await importRequest(f.tokens.hotelier, structure._id, 'xlsx', file);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ created: 3, skipped: 0, total: 3 });
    expect(await countStays(structure._id)).toBe(before + 3);
    const again = await importRequest(f.tokens.hotelier, structure._id, 'xlsx', file);
    expect(again.body).toEqual({ created: 0, skipped: 3, total: 3 });
    expect(await countStays(structure._id)).toBe(before + 3);

    const imported = await t.request('GET', `/api/stays?structureId=${structure._id}&source=xlsx&sort=checkIn`, { token: f.tokens.hotelier });
    // 3 nights x 2 paying x 3.00; 2 nights x 2 x 3.00, unpaid; 1 night: 2 full x 3.00 + 18 x 1.50.
    expect(imported.body.map((s: any) => [s.checkIn, s.payingGuests, s.toPayAmount, s.paymentStatus])).toEqual([
      ['2026-07-01', 2, 18, 'paid'],
      ['2026-08-10', 2, 12, 'not_paid'],
      ['2026-09-01', 20, 33, 'paid'],
    ]);
    expect(imported.body[0].guest).toMatchObject({ surname: 'Esposito', taxCode: 'RCCMNL83S18D969H' });
  });

  it('imports CSV with semicolons and Italian amounts', async () => {
    const structure = f.structure("B&B Sant'Erasmo");
    const csv = ['Data arrivo;Data partenza;Numero ospiti;Cognome;Nome;Stato pagamento', '02/05/2026;05/05/2026;2;"Bianchi; detto ""Bigio""";Pietro;Pagato', ''].join('\r\n');
    const res = await importRequest(f.tokens.hotelier, structure._id, 'csv', csv);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.created).toBe(1);
    const [stay] = (await t.request('GET', `/api/stays?structureId=${structure._id}&source=csv`, { token: f.tokens.hotelier })).body;
    expect(stay.guest.surname).toBe('Bianchi; detto "Bigio"');
    expect(stay.toPayAmount).toBe(6); // low season extra-alberghiero 1.00 x 3 nights x 2
  });

  it('stores every column of an imported stay as the pricing computed it, whatever characters its text holds', async () => {
    // The rows travel to the database as array literals: quotes, backslashes, braces, commas, "NULL"
    // and blanks in the text must come back unchanged, nulls as nulls, jsonb and uuid[] as computed.
    const structure = f.structure("B&B Sant'Erasmo");
    const tricky = ['O\'Brien "Bob"', 'back\\slash {x,y}', 'NULL', ' spazi  dentro ', 'Zoë, "ß" \\"}'];
    const csv = [
      'Data arrivo;Data partenza;Numero ospiti;Cognome;Nome;Stato pagamento;Motivo mancato pagamento;Esenti;Tipo esenzione;Importo soggiorno',
      ...tricky.map(
        (text, i) =>
          `0${i + 1}/03/2026;0${i + 3}/03/2026;3;"${text.replace(/"/g, '""')}";Nome ${i};${i % 2 ? 'Non pagato' : 'Pagato'};"${i % 2 ? text.replace(/"/g, '""') : ''}";${i === 2 ? 1 : ''};${i === 2 ? 'minori fino al compimento del 12° anno di età' : ''};${i === 4 ? '250,50' : ''}`,
      ),
      '',
    ].join('\r\n');
    const res = await importRequest(f.tokens.hotelier, structure._id, 'csv', csv);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.created).toBe(tricky.length);

    const [structureRow] = await t.db.select().from(structures).where(eq(structures.id, structure._id));
    const rules = await loadCityRules(t.db, structureRow.cityId);
    const { stays: read, errors } = await readStayImportFile('csv', Buffer.from(csv));
    expect(errors).toEqual([]);
    const rows = await t.db
      .select()
      .from(stays)
      .where(and(eq(stays.structureId, structure._id), eq(stays.source, 'csv')));
    const byFingerprint = new Map(rows.map((row) => [row.importFingerprint, row]));
    for (const item of read) {
      const priced = priceImportedStay(item, structureRow, rules, 'csv', [])!;
      const row = byFingerprint.get(item.fingerprint);
      expect(row, item.fingerprint).toBeDefined();
      for (const [key, value] of Object.entries(priced)) expect(row![key as keyof typeof row], key).toEqual(value);
    }
    // No invoice is SQL NULL, not a JSON null (which reads back as null too, but is not null to SQL).
    const [{ invoices }] = await t.db
      .select({ invoices: sql<number>`count(${stays.invoice})::int` })
      .from(stays)
      .where(and(eq(stays.structureId, structure._id), eq(stays.source, 'csv')));
    expect(invoices).toBe(0);
    const surnames = rows.map((row) => row.guest.surname);
    expect(surnames).toEqual(expect.arrayContaining(['O\'Brien "Bob"', 'back\\slash {x,y}', 'NULL', 'spazi  dentro', 'Zoë, "ß" \\"}']));
    expect(rows.find((row) => row.guest.surname === 'back\\slash {x,y}')!.noPaymentReason).toBe('back\\slash {x,y}');
    expect(rows.find((row) => row.guest.surname === 'NULL')!.noPaymentReason).toBeNull();
  });

  it('imports an Alloggiati Web file: a family becomes one stay; refuses a bad record; idempotent', async () => {
    const structure = f.structure('Albergo Villa Irlanda');
    const person = { arrivalDate: '2026-08-03', days: 4, birthCountry: '100000100', citizenship: '100000100', birthPlace: '405059009', birthProvince: 'LT' };
    const records: TAlloggiatiRecordInput[] = [
      { ...person, guestKind: 17, surname: 'Ferraro', name: 'Paolo', sex: 'M', birthDate: '1975-04-02', documentType: 'IDELE', documentNumber: 'CA12345AB', documentIssuePlace: '405059009' },
      { ...person, guestKind: 19, surname: 'Ferraro', name: 'Lucia', sex: 'F', birthDate: '1978-09-12' },
      { ...person, guestKind: 19, surname: 'Ferraro', name: 'Marco', sex: 'M', birthDate: '2016-01-20' },
      {
        ...person,
        guestKind: 16,
        arrivalDate: '2026-10-02',
        days: 2,
        surname: 'Schmidt',
        name: 'Hans',
        sex: 'M',
        birthDate: '1960-01-01',
        birthCountry: '100000216',
        citizenship: '100000216',
        birthPlace: null,
        birthProvince: null,
        documentType: 'PASOR',
        documentNumber: 'C01X00T47',
      },
    ];
    const text = formatAlloggiatiFile(records);
    // The police file does not say whether the guests paid the tax: the import asks.
    const unasked = await importRequest(f.tokens.hotelier, structure._id, 'alloggiati', text, 'alloggiati.txt', {});
    expect([unasked.status, unasked.body.details?.map((d: any) => d.path)]).toEqual([400, ['paymentStatus']]);
    const res = await importRequest(f.tokens.hotelier, structure._id, 'alloggiati', text, 'alloggiati.txt');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ created: 2, skipped: 0, total: 2 });
    const list = (await t.request('GET', `/api/stays?structureId=${structure._id}&source=alloggiati&sort=checkIn`, { token: f.tokens.hotelier })).body;
    // Family: Marco (born 20/01/2016) is 10 at arrival, exempt under Gaeta's under-12 age rule: 2 guests x
    // 4 nights x 2.50 (Albergo 3 stelle, high season); Schmidt: 2 nights x 1.50 (low season).
    expect(list.map((s: any) => [s.guest.surname, s.componentsNumber, s.checkOut, s.exemptGuests, s.toPayAmount, s.paymentStatus])).toEqual([
      ['Ferraro', 3, '2026-08-07', 1, 20, 'paid'],
      ['Schmidt', 1, '2026-10-04', 0, 3, 'paid'],
    ]);
    // Every member of the family is kept.
    expect(list[0].guests.map((g: any) => [g.name, g.birthDate])).toEqual([
      ['Lucia', '1978-09-12'],
      ['Marco', '2016-01-20'],
    ]);
    expect(list[0].breakdown.guestLines.map((l: any) => [l.name, l.kind, l.reason])).toEqual([
      ['Paolo Ferraro', 'full', null],
      ['Lucia Ferraro', 'full', null],
      ['Marco Ferraro', 'exempt', 'age'],
    ]);
    expect((await importRequest(f.tokens.hotelier, structure._id, 'alloggiati', text)).body).toEqual({ created: 0, skipped: 2, total: 2 });

    const broken = text.split('\r\n');
    broken[1] = broken[1].slice(0, 94) + '7' + broken[1].slice(95); // sex of Lucia: 7
    const bad = await importRequest(f.tokens.hotelier, structure._id, 'alloggiati', broken.join('\r\n'));
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: any) => [d.row, d.path, d.value])).toEqual([[2, 'sex', '7']]);
    expect(bad.body.details[0].message).toBe('Il sesso deve essere 1 (maschio) o 2 (femmina)');

    // A line cut short is reported as such, in the language the user asked.
    const cut = [broken[0], text.split('\r\n')[1].slice(0, 120)].join('\r\n');
    const short = await importRequest(f.tokens.hotelier, structure._id, 'alloggiati', cut, 'a.txt', { paymentStatus: 'not_paid', noPaymentReason: 'Rifiutato', language: 'en' });
    expect(short.body.details.map((d: any) => [d.row, d.path, d.message])).toEqual([[2, 'record', 'Record shorter than 168 characters (120): the line is cut']]);
  });

  it('refuses imports into a structure out of scope, bad formats and unreadable files', async () => {
    const file = await xlsxOf([['01/07/2026', '04/07/2026', 2, 'Rossi', 'Mario', '', 'Pagato']]);
    expect((await importRequest(f.tokens.hotelier, f.structure('Hotel Summit')._id, 'xlsx', file)).status).toBe(404);
    expect((await importRequest(f.tokens.city, f.structure('Hotel Serapo')._id, 'xlsx', file)).status).toBe(403);
    const badFormat = await importRequest(f.tokens.hotelier, f.structure('Hotel Serapo')._id, 'pdf', file);
    expect(badFormat.status).toBe(400);
    expect(badFormat.body.details.map((d: any) => d.path)).toEqual(['format']);
    const unreadable = await importRequest(f.tokens.hotelier, f.structure('Hotel Serapo')._id, 'xlsx', Buffer.from('not a zip'));
    expect(unreadable.status).toBe(400);
    expect(unreadable.body.code).toBe('IMPORT_UNREADABLE');
    const noColumns = await importRequest(f.tokens.hotelier, f.structure('Hotel Serapo')._id, 'xlsx', await xlsxOf([['x']], ['Qualcosa']));
    expect(noColumns.status).toBe(400);
    expect(noColumns.body.code).toBe('IMPORT_INVALID');
  });

  it('serves the import template with Italian headers that the importer reads back', async () => {
    const res = await download(`/api/stays/import-template.xlsx?structureId=${f.structure('Hotel Serapo')._id}`, f.tokens.hotelier);
    expect(res.status).toBe(200);
    const { header, sheetName } = await readXlsx(res.bytes);
    expect(sheetName).toBe('Soggiorni');
    expect(header.slice(0, 5)).toEqual(['Data arrivo *', 'Data partenza *', 'Numero ospiti *', 'Cognome *', 'Nome *']);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.bytes);
    wb.worksheets[0].addRow([new Date(Date.UTC(2026, 3, 10)), new Date(Date.UTC(2026, 3, 11)), 1, 'Template', 'Prova', '', '', '', 'Pagato']);
    const filled = Buffer.from(await wb.xlsx.writeBuffer());
    const imported = await importRequest(f.tokens.hotelier, f.structure('Hotel Serapo')._id, 'xlsx', filled);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.created).toBe(1);
  });

  it('serves the template in English to an English reader, and imports its English headers', async () => {
    const res = await download(`/api/stays/import-template.xlsx?structureId=${f.structure('Hotel Serapo')._id}`, f.tokens.hotelier, 'en');
    expect(res.status).toBe(200);
    expect(res.disposition).toContain('stays-import-template.xlsx');
    const { header, sheetName } = await readXlsx(res.bytes);
    expect(sheetName).toBe('Stays');
    expect(header.slice(0, 5)).toEqual(['Check-in date *', 'Check-out date *', 'Number of guests *', 'Surname *', 'First name *']);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.bytes);
    expect(wb.worksheets[1].name).toBe('Instructions');
    expect(wb.worksheets[1].getRow(1).getCell(3).value).toBe('How to fill it in');
    wb.worksheets[0].addRow([new Date(Date.UTC(2026, 3, 12)), new Date(Date.UTC(2026, 3, 13)), 1, 'Template', 'English', '', '', '', 'Paid']);
    const imported = await importRequest(f.tokens.hotelier, f.structure('Hotel Serapo')._id, 'xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.created).toBe(1);
  });
});

describe('exports', () => {
  it("exports the stays of one quarter only, inside the caller's scope", async () => {
    const res = await download('/api/stays/export.xlsx?year=2025&quarter=3', f.tokens.hotelier);
    expect(res.status).toBe(200);
    expect(res.type).toContain('spreadsheetml');
    const { rows, sheetName } = await readXlsx(res.bytes);
    expect(sheetName).toBe('Trim 3');
    const expected = (await t.request('GET', '/api/stays?checkOut[gte]=2025-07-01&checkOut[lte]=2025-09-30&limit=500&sort=checkOut', { token: f.tokens.hotelier })).body;
    expect(expected.length).toBeGreaterThan(0);
    expect(rows).toHaveLength(expected.length);
    for (const row of rows) {
      const checkOut = (row['Data partenza'] as Date).toISOString().slice(0, 10);
      expect(checkOut >= '2025-07-01' && checkOut <= '2025-09-30').toBe(true);
      expect(row['Trimestre']).toBe('Trim 3');
    }
    const mine = new Set(['Hotel Serapo', 'Albergo Villa Irlanda', "B&B Sant'Erasmo", 'Ostello del Golfo']);
    expect(rows.every((r) => mine.has(r['Struttura']))).toBe(true);
    const total = rows.reduce((a, r) => a + Math.round(Number(r['Imposta dovuta']) * 100), 0);
    expect(total).toBe(expected.reduce((a: number, s: any) => a + Math.round(s.toPayAmount * 100), 0));

    const adminAll = await readXlsx((await download('/api/stays/export.xlsx?year=2025&quarter=3', f.tokens.admin)).bytes);
    expect(adminAll.rows.length).toBeGreaterThan(rows.length);
    const one = await readXlsx((await download(`/api/stays/export.xlsx?year=2025&structureId=${f.structure('Hotel Serapo')._id}`, f.tokens.hotelier)).bytes);
    expect(one.rows.every((r) => r['Struttura'] === 'Hotel Serapo')).toBe(true);
    expect((await download(`/api/stays/export.xlsx?year=2025&structureId=${f.structure('Hotel Summit')._id}`, f.tokens.hotelier)).status).toBe(404);
    expect((await download('/api/stays/export.xlsx?year=2025&quarter=5', f.tokens.hotelier)).status).toBe(400);
    // In the reader's language: headers, quarter, payment and file name.
    const english = await download('/api/stays/export.xlsx?year=2025&quarter=3', f.tokens.hotelier, 'en-GB,en;q=0.9');
    expect(english.disposition).toContain('stays-2025-q3.xlsx');
    const inEnglish = await readXlsx(english.bytes);
    expect(inEnglish.sheetName).toBe('Q3');
    expect(inEnglish.rows).toHaveLength(rows.length);
    expect(inEnglish.rows.every((r) => r['Quarter'] === 'Q3' && ['Paid', 'Not paid'].includes(String(r['Payment'])))).toBe(true);
  });

  it('writes every cell of a stay as exceljs reads it back: text, counts, dates as dates, money in euros with their formats', async () => {
    const structure = f.structure('Hotel Serapo');
    const created = await t.request('POST', '/api/stays', {
      token: f.tokens.hotelier,
      body: {
        structureId: structure._id,
        checkIn: '2026-09-25',
        checkOut: '2026-10-10',
        componentsNumber: 3,
        guest: { name: 'Zoë', surname: "D'Amico & <Figli>", taxCode: VALID_CF },
        paymentStatus: 'not_paid',
        noPaymentReason: 'Rifiutato "in toto"',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const stay = created.body;
    const res = await download(`/api/stays/export.xlsx?year=2026&quarter=4&structureId=${structure._id}`, f.tokens.hotelier);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.bytes);
    const ws = wb.worksheets[0];
    const { rows } = await readXlsx(res.bytes);
    const index = rows.findIndex((r) => r['Cognome'] === "D'Amico & <Figli>");
    expect(rows[index]).toEqual({
      Struttura: 'Hotel Serapo',
      CIN: structure.cin,
      Trimestre: 'Trim 4',
      'Data arrivo': new Date(Date.UTC(2026, 8, 25)),
      'Data partenza': new Date(Date.UTC(2026, 9, 10)),
      Notti: 15,
      'Notti imponibili': stay.taxableNights,
      Ospiti: 3,
      Esenti: 0,
      Ridotti: 0,
      Paganti: 3,
      Cognome: "D'Amico & <Figli>",
      Nome: 'Zoë',
      'Codice fiscale': VALID_CF,
      'Stato pagamento': 'Non pagato',
      'Motivo mancato pagamento': 'Rifiutato "in toto"',
      'Imposta lorda': stay.tariffImport,
      Riduzioni: stay.reductionImport,
      'Imposta dovuta': stay.toPayAmount,
    });
    expect(stay.taxableNights).toBe(10); // 15 nights, the comune's cap is 10
    expect(stay.toPayAmount).toBeGreaterThan(0);
    const row = ws.getRow(index + 2);
    expect(row.getCell(4).numFmt).toBe('dd/mm/yyyy');
    expect(row.getCell(5).numFmt).toBe('dd/mm/yyyy');
    expect([17, 18, 19].map((c) => row.getCell(c).numFmt)).toEqual(['#,##0.00', '#,##0.00', '#,##0.00']);
  });

  it('pages through many rows (three pages, ties on checkOut included) without losing or repeating any', async () => {
    const [template] = await t.db.select().from(stays).limit(1);
    const { id: _id, ...rest } = template;
    const rows = Array.from({ length: 5123 }, (_, i) => ({ ...rest, checkIn: '2027-01-01', checkOut: `2027-01-0${2 + (i % 3)}`, toPayAmountCents: i, importFingerprint: null }));
    for (let i = 0; i < rows.length; i += 500) await t.db.insert(stays).values(rows.slice(i, i + 500));
    const { rows: exported } = await readXlsx((await download('/api/stays/export.xlsx?year=2027&quarter=1', f.tokens.admin)).bytes);
    expect(exported).toHaveLength(5123);
    const cents = exported.map((r) => Math.round(Number(r['Imposta dovuta']) * 100)).sort((a, b) => a - b);
    expect(cents).toEqual(rows.map((r) => r.toPayAmountCents));
  });

  it('exports the structures in scope', async () => {
    const res = await download('/api/structures/export.xlsx', f.tokens.city);
    expect(res.status).toBe(200);
    const { rows } = await readXlsx(res.bytes);
    const names = rows.map((r) => r['Nome']);
    expect(names).toContain('Hotel Serapo');
    expect(names).not.toContain('Hotel Formia Mare');
    expect(rows.every((r) => r['Comune'] === 'Comune di Gaeta')).toBe(true);
    const serapo = rows.find((r) => r['Nome'] === 'Hotel Serapo')!;
    expect(serapo['Tipologia']).toBe('Albergo');
    expect(String(serapo['Gestori'])).toContain('hotelier@demo.test');
  });
});
