import { createDeflateRaw } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stays } from '../../../db/schema/index.ts';
import { hugeCellWorkbook, sharedStringsBomb, zipOf, type TPart } from '../../../test/hostile-xlsx.ts';
import { whileHealthPolled } from '../../../test/health-poll.ts';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';
import { workbookOf } from '../../../test/xlsx-files.ts';
import { demoFixtures } from '../registry/test-fixtures.ts';
import { XLSX_IMPORT_LIMITS } from './read-stay-import-file.ts';

let t: TTestApp;
let f: Awaited<ReturnType<typeof demoFixtures>>;
beforeAll(async () => {
  t = await startTestApp();
  f = await demoFixtures(t);
});
afterAll(() => t?.close());

const HEADERS = ['Data arrivo', 'Data partenza', 'Numero ospiti', 'Cognome', 'Nome', 'Stato pagamento'];

const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
const headerRow = `<row r="1">${HEADERS.map((h, i) => inline(`${String.fromCharCode(65 + i)}1`, h)).join('')}</row>`;

/** An xlsx with the template headers; `sheet` is the XML inside sheetData, `before` goes before it. */
function workbook(options: { sheet?: string; before?: string; sharedStrings?: TPart; sheetPart?: Partial<TPart> } = {}): Buffer {
  const sheetXml = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${options.before ?? ''}<sheetData>${headerRow}${options.sheet ?? ''}</sheetData></worksheet>`;
  return zipOf([
    {
      name: 'xl/workbook.xml',
      text: '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Soggiorni" sheetId="1" r:id="rId1"/></sheets></workbook>',
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      text: '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    },
    ...(options.sharedStrings ? [options.sharedStrings] : []),
    { name: 'xl/worksheets/sheet1.xml', text: sheetXml, ...options.sheetPart },
  ]);
}

function importRequest(structureId: string, format: string, bytes: Buffer | string, language?: 'it' | 'en') {
  const form = new FormData();
  form.append('structureId', structureId);
  form.append('format', format);
  if (language) form.append('language', language);
  form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), 'soggiorni');
  return t.request('POST', '/api/stays/import', { token: f.tokens.hotelier, raw: form });
}

async function countStays(structureId: string) {
  const res = await t.request('GET', `/api/stays?structureId=${structureId}&count=true&limit=1`, { token: f.tokens.admin });
  return Number(res.headers.get('x-total-count'));
}

async function expectRefused(bytes: Buffer, bound: string) {
  const res = await importRequest(f.structure('Hotel Serapo')._id, 'xlsx', bytes);
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.code).toBe('IMPORT_TOO_LARGE');
  expect(res.body.details.map((d: { path: string }) => d.path)).toEqual([bound]);
}

describe('xlsx import bounds (400 IMPORT_TOO_LARGE before the rows are read)', () => {
  it('a control file within the bounds is read and imported', async () => {
    const res = await importRequest(
      f.structure('Hotel Serapo')._id,
      'xlsx',
      workbook({
        sheet: `<row r="2">${['01/03/2026', '03/03/2026'].map((d, i) => inline(`${'AB'[i]}2`, d)).join('')}<c r="C2"><v>2</v></c>${inline('D2', 'Bounds')}${inline('E2', 'Ada')}${inline('F2', 'Pagato')}</row>`,
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ created: 1, skipped: 0, total: 1 });
  });

  it('refuses a cell in column XFD (a sheet declaring 16,384 columns), and one that only appears in a row', async () => {
    await expectRefused(workbook({ before: '<dimension ref="A1:XFD100001"/>' }), 'columns');
    await expectRefused(workbook({ sheet: `<row r="2">${inline('XFD2', 'x')}</row>` }), 'columns');
  });

  it('refuses more rows than an import takes, declared or found', async () => {
    await expectRefused(workbook({ before: `<dimension ref="A1:F${XLSX_IMPORT_LIMITS.maxRows + 1}"/>` }), 'rows');
    await expectRefused(workbook({ sheet: `<row r="${XLSX_IMPORT_LIMITS.maxRows + 1}">${inline('A1', 'x')}</row>` }), 'rows');
  });

  it('refuses a shared-strings table with too many entries', async () => {
    const text = `<sst>${'<si><t>a</t></si>'.repeat(XLSX_IMPORT_LIMITS.maxSharedStrings + 1)}</sst>`;
    await expectRefused(workbook({ sharedStrings: { name: 'xl/sharedStrings.xml', text } }), 'sharedStrings');
  });

  it('refuses shared strings that expand beyond their size bound (a few KB of zip)', async () => {
    const text = `<sst><si><t>${'a'.repeat(XLSX_IMPORT_LIMITS.maxSharedStringChars + 1)}</t></si></sst>`;
    const bytes = workbook({ sharedStrings: { name: 'xl/sharedStrings.xml', text } });
    expect(bytes.length).toBeLessThan(100_000);
    await expectRefused(bytes, 'sharedStringsSize');
  });

  it('refuses a part whose size is declared beyond the bound, and one that inflates beyond it while claiming less', async () => {
    await expectRefused(workbook({ sheetPart: { size: XLSX_IMPORT_LIMITS.maxPartBytes + 1 } }), 'partSize');
    // Spaces between rows: valid XML, 1 KB of zip per MB, declared as 1 KB.
    const deflate = createDeflateRaw({ level: 9 });
    const chunks: Buffer[] = [];
    deflate.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise((resolve) => deflate.on('end', resolve));
    deflate.write(`<worksheet><sheetData>${headerRow}`);
    const spaces = Buffer.alloc(1024 * 1024, ' ');
    for (let written = 0; written <= XLSX_IMPORT_LIMITS.maxPartBytes; written += spaces.length) {
      if (!deflate.write(spaces)) await new Promise((resolve) => deflate.once('drain', resolve));
    }
    deflate.end('</sheetData></worksheet>');
    await done;
    await expectRefused(workbook({ sheetPart: { compressed: Buffer.concat(chunks), size: 1024 } }), 'partSize');
  });

  /**
   * Refused within 5 s while GET /api/health, polled every 20 ms, never waits 1 s; nothing is written. Each stays
   * import starts a worker of its own, which from the TypeScript sources first compiles its modules (seconds on a
   * loaded machine, milliseconds in a build): the 5 s are counted beyond what an empty import takes just before.
   */
  async function expectRefusedPromptly(bytes: Buffer, bound: string) {
    const structure = f.structure('Hotel Serapo');
    const before = await countStays(structure._id);
    const emptyStarted = performance.now();
    expect((await importRequest(structure._id, 'xlsx', workbook())).body).toEqual({ created: 0, skipped: 0, total: 0 });
    const emptyImportMs = performance.now() - emptyStarted;
    const { result: res, elapsedMs, worstHealthMs, healthChecks } = await whileHealthPolled(t.baseUrl, () => importRequest(structure._id, 'xlsx', bytes));
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.code).toBe('IMPORT_TOO_LARGE');
    expect(res.body.details.map((d: { path: string }) => d.path)).toEqual([bound]);
    expect(elapsedMs - emptyImportMs).toBeLessThan(5000);
    expect(healthChecks).toBeGreaterThan(0);
    expect(worstHealthMs).toBeLessThan(1000);
    expect(await countStays(structure._id)).toBe(before);
  }

  it('refuses a shared-strings bomb of long strings (2.5 MB of zip, a GB of text) by the characters bound, within 5 s, while health answers within 1 s', async () => {
    await expectRefusedPromptly(sharedStringsBomb(HEADERS, { itemChars: 1000, inflatedMb: 1024 }), 'sharedStringsSize');
  });

  it('refuses a shared-strings bomb of many short strings by the count bound, within 5 s, while health answers within 1 s', async () => {
    await expectRefusedPromptly(sharedStringsBomb(HEADERS, { itemChars: 1, inflatedMb: 1024 }), 'sharedStrings');
  });

  it('refuses a 600 MB cell (600 KB of zip) by the cell bound before holding it, within 5 s, while health answers within 1 s', async () => {
    await expectRefusedPromptly(hugeCellWorkbook(HEADERS, 600), 'cellSize');
  });
});

/** Tens of thousands of rows on a shared two-core machine: a timeout that load cannot trip. */
const LARGE_FILE_MS = 300_000;

describe('streamed import stays all or nothing', () => {
  const rowsCsv = (n: number, from: string, bad?: number) => {
    const lines = ['Data arrivo;Data partenza;Numero ospiti;Cognome;Nome;Stato pagamento'];
    for (let i = 1; i <= n; i++) lines.push(`${from};${i === bad ? '31/02/2026' : '12/11/2026'};2;Batch${i};Ospite;Pagato`);
    return lines.join('\r\n');
  };

  it(
    'writes nothing when the only bad row comes after several inserted batches',
    async () => {
      const structure = f.structure('Hotel Serapo');
      const before = await countStays(structure._id);
      const rows = 12_001; // batches of 2,000: the bad row is in the seventh
      const res = await importRequest(structure._id, 'csv', rowsCsv(rows, '10/11/2026', rows));
      expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(400);
      expect(res.body.code).toBe('IMPORT_INVALID');
      expect(res.body.details.map((d: any) => [d.row, d.path])).toEqual([[rows + 1, 'checkOut']]);
      expect(await countStays(structure._id)).toBe(before);

      const ok = await importRequest(structure._id, 'csv', rowsCsv(rows, '10/11/2026'));
      expect(ok.status, JSON.stringify(ok.body).slice(0, 500)).toBe(200);
      expect(ok.body).toEqual({ created: rows, skipped: 0, total: rows });
      expect(await countStays(structure._id)).toBe(before + rows);

      // Time-ordered ids (version 7), increasing in file order across the batches: sorted by id, the rows come back as the file lists them.
      const surname = sql<string>`${stays.guest}->>'surname'`;
      const imported = await t.db
        .select({ id: stays.id, surname })
        .from(stays)
        .where(and(eq(stays.structureId, structure._id), sql`${surname} like 'Batch%'`))
        .orderBy(stays.id);
      expect(imported.map((row) => row.surname)).toEqual(Array.from({ length: rows }, (_, i) => `Batch${i + 1}`));
      expect(imported.filter((row) => !/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab]/.test(row.id))).toEqual([]);
    },
    LARGE_FILE_MS,
  );

  it(
    'writes nothing from a 10,000-row xlsx whose bad rows are in the middle and on the last row, and lists each with row, field and value in the chosen language',
    async () => {
      const structure = f.structure('Hotel Serapo');
      const before = await countStays(structure._id);
      const rows = 10_000; // batches of 2,000: the first two are inserted before the first bad row is read
      const write = async (bad: boolean) => {
        const lines: unknown[][] = [];
        for (let i = 1; i <= rows; i++) {
          if (bad && i === 4_500) lines.push(['10/11/2026', '12/11/2026', 3, `Xlsx${i}`, 'Ospite', 'Pagato', 1, 'Neonati']);
          else if (bad && i === rows) lines.push(['10/11/2026', '31/02/2026', 2, `Xlsx${i}`, 'Ospite', 'Pagato']);
          else lines.push(['10/11/2026', '12/11/2026', 2, `Xlsx${i}`, 'Ospite', 'Pagato']);
        }
        return workbookOf([...HEADERS, 'Esenti', 'Tipo esenzione'], lines, 'Soggiorni');
      };
      const bad = await write(true);
      const res = await importRequest(structure._id, 'xlsx', bad, 'en');
      expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(400);
      expect(res.body.code).toBe('IMPORT_INVALID');
      expect(res.body.message).toBe('2 rows not valid: no stay was imported');
      expect(res.body.details.map((d: any) => [d.row, d.path, d.value])).toEqual([
        [4_501, 'exemptionName', 'Neonati'],
        [rows + 1, 'checkOut', '31/02/2026'],
      ]);
      expect(res.body.details[0].message).toMatch(/^Exemption unknown to this comune; allowed values: /);
      expect(res.body.details[1].message).toBe('Not a valid date (use DD/MM/YYYY)');
      expect(await countStays(structure._id)).toBe(before);

      const italian = await importRequest(structure._id, 'xlsx', bad, 'it');
      expect(italian.body.message).toBe('2 righe non valide: nessun soggiorno è stato importato');
      expect(italian.body.details[1].message).toBe('Data non valida (usare GG/MM/AAAA)');
      expect(await countStays(structure._id)).toBe(before);

      const good = await importRequest(structure._id, 'xlsx', await write(false));
      expect(good.status, JSON.stringify(good.body).slice(0, 500)).toBe(200);
      expect(good.body).toEqual({ created: rows, skipped: 0, total: rows });
      expect(await countStays(structure._id)).toBe(before + rows);
    },
    LARGE_FILE_MS,
  );

  it('writes nothing when a stay of a later batch falls in a period already declared', async () => {
    const declared = (await t.request('GET', '/api/declarations?year=2025&limit=100', { token: f.tokens.hotelier })).body.find((d: any) => d.status === 'submitted' || d.status === 'validated');
    expect(declared).toBeTruthy();
    const before = await countStays(declared.structureId);
    const lines = ['Data arrivo;Data partenza;Numero ospiti;Cognome;Nome;Stato pagamento'];
    for (let i = 1; i <= 6000; i++) lines.push(`10/11/2026;12/11/2026;1;Open${i};Ospite;Pagato`);
    const [y, m, d] = declared.dateTo.split('-');
    const dayBefore = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d) - 1)).toISOString().slice(0, 10).split('-').reverse().join('/');
    lines.push(`${dayBefore};${[d, m, y].join('/')};1;Closed;Ospite;Pagato`);
    const res = await importRequest(declared.structureId, 'csv', lines.join('\r\n'));
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(409);
    expect(res.body.code).toBe('STAY_DECLARED');
    expect(res.body.details).toEqual([{ path: 'checkOut', value: declared.dateTo, message: 'period already declared' }]);
    expect(await countStays(declared.structureId)).toBe(before);
  });
});
