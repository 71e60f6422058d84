import { createDeflateRaw } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hugeCellWorkbook, sharedStringsBomb, zipOf, type TPart } from '../../../test/hostile-xlsx.ts';
import { whileHealthPolled } from '../../../test/health-poll.ts';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';
import { demoFixtures } from '../registry/test-fixtures.ts';
import { XLSX_IMPORT_LIMITS } from './read-stay-import-file.ts';
import { countStays as countStaysOf, importStays, STAY_IMPORT_HEADERS } from './test-imports.ts';

let t: TTestApp;
let f: Awaited<ReturnType<typeof demoFixtures>>;
beforeAll(async () => {
  t = await startTestApp();
  f = await demoFixtures(t);
});
afterAll(() => t?.close());

const HEADERS = STAY_IMPORT_HEADERS;

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

const importRequest = (structureId: string, format: string, bytes: Buffer | string, language?: 'it' | 'en') => importStays(t, f.tokens.hotelier, structureId, format, bytes, language);
const countStays = (structureId: string) => countStaysOf(t, f.tokens.admin, structureId);

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
