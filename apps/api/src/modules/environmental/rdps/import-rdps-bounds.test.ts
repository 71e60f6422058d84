import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RDP_IMPORT_COLUMNS } from '@app/domain/environmental/rdp/index';
import { rdps } from '../../../db/schema/index.ts';
import { hugeCellWorkbook, sharedStringsBomb } from '../../../test/hostile-xlsx.ts';
import { whileHealthPolled } from '../../../test/health-poll.ts';
import { startTestApp, type TSession, type TTestApp } from '../../../test/harness.ts';
import { workbookOf } from '../../../test/xlsx-files.ts';
import { MAX_RDP_IMPORT_BYTES, RDP_IMPORT_XLSX_LIMITS } from './read-rdp-import.ts';

let t: TTestApp;
let consortium: TSession;

const HEADERS = RDP_IMPORT_COLUMNS.map((c) => c.header);

beforeAll(async () => {
  t = await startTestApp();
  consortium = await t.signedIn('consortium' as never);
  // An honest file first: it proves the bounds let a real import through, and it starts the document-job worker,
  // which from the TypeScript sources compiles its modules (seconds on a loaded machine; a built server starts it
  // in milliseconds), so the timings below measure the bounds, not that compilation.
  const row: Record<string, unknown> = {
    code: 'BOUNDS-1',
    laboratory: 'Laboratorio Analisi Ambientali Lazio S.r.l.',
    lot: 'L01',
    matrix: 'Terre e rocce da scavo',
    sampleDate: '02/11/2026',
    cer: '170504',
    analyticPackages: 'Metalli pesanti',
    activity: 'Piombo',
    unit: 'mg/kg',
    upperLimit: 100,
    value: '35,2',
  };
  const control = await send(await workbookOf(HEADERS, [RDP_IMPORT_COLUMNS.map((c) => row[c.key] ?? null)], 'RDP'));
  expect(control.status, JSON.stringify(control.body)).toBe(200);
  expect(control.body).toMatchObject({ created: 1, reports: 1, rows: 1 });
});
afterAll(() => t?.close());

function send(bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), 'rdp.xlsx');
  return t.request('POST', '/api/rdps/import', { token: consortium.token, raw: form });
}

/** Sends `bytes` while health is polled: the refusal comes within 5 s, and no health answer waited 1 s. */
async function expectRefusedPromptly(bytes: Buffer, bound: string) {
  const before = (await t.db.select({ id: rdps.id }).from(rdps)).length;
  const { result: res, elapsedMs, worstHealthMs, healthChecks } = await whileHealthPolled(t.baseUrl, () => send(bytes));
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.code).toBe('IMPORT_TOO_LARGE');
  expect(res.body.details.map((d: { path: string }) => d.path)).toEqual([bound]);
  expect(elapsedMs).toBeLessThan(5000);
  expect(healthChecks).toBeGreaterThan(0);
  expect(worstHealthMs).toBeLessThan(1000);
  expect((await t.db.select({ id: rdps.id }).from(rdps)).length).toBe(before);
}

describe('RDP import bounds: a crafted workbook is refused promptly, off the request thread', () => {
  it('refuses a shared-strings bomb of long strings (2.5 MB of zip, a GB of text) by the characters bound, within 5 s, while health answers within 1 s', async () => {
    const bomb = sharedStringsBomb(HEADERS, { itemChars: 1000, inflatedMb: 1024 });
    expect(bomb.length).toBeLessThan(MAX_RDP_IMPORT_BYTES);
    await expectRefusedPromptly(bomb, 'sharedStringsSize');
  });

  it('refuses a shared-strings bomb of many short strings by the count bound, within 5 s, while health answers within 1 s', async () => {
    const bomb = sharedStringsBomb(HEADERS, { itemChars: 1, inflatedMb: 1024 });
    expect(bomb.length).toBeLessThan(MAX_RDP_IMPORT_BYTES);
    await expectRefusedPromptly(bomb, 'sharedStrings');
  });

  it('refuses a 600 MB cell (600 KB of zip) by the cell bound before holding it, within 5 s, while health answers within 1 s', async () => {
    const file = hugeCellWorkbook(HEADERS, 600);
    expect(file.length).toBeLessThan(1024 * 1024);
    await expectRefusedPromptly(file, 'cellSize');
  });

  it('refuses more rows than an import takes, and a file over the size limit before reading it (413)', async () => {
    const rows = `<row r="${RDP_IMPORT_XLSX_LIMITS.maxRows + 1}"><c r="A${RDP_IMPORT_XLSX_LIMITS.maxRows + 1}" t="inlineStr"><is><t>x</t></is></c></row>`;
    const { zipOf } = await import('../../../test/hostile-xlsx.ts');
    const tooManyRows = zipOf([
      { name: 'xl/workbook.xml', text: '<workbook xmlns:r="r"><sheets><sheet name="RDP" sheetId="1" r:id="rId1"/></sheets></workbook>' },
      { name: 'xl/_rels/workbook.xml.rels', text: '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>' },
      { name: 'xl/worksheets/sheet1.xml', text: `<worksheet><sheetData>${rows}</sheetData></worksheet>` },
    ]);
    await expectRefusedPromptly(tooManyRows, 'rows');
    const tooLarge = await send(Buffer.alloc(MAX_RDP_IMPORT_BYTES + 1));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.code).toBe('PAYLOAD_TOO_LARGE');
  });
});
