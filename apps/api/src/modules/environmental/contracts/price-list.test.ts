import { buffer } from 'node:stream/consumers';
// exceljs (a devDependency) reads the exported price list: an independent reader, not ours reading what ours wrote.
import ExcelJS from 'exceljs';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_LIST_COLUMNS } from '@app/domain/environmental/price-list';
import { contracts, laboratories, users } from '../../../db/schema/index.ts';
import { AppError } from '../../../lib/errors.ts';
import { hugeCellWorkbook, sharedStringsBomb } from '../../../test/hostile-xlsx.ts';
import { whileHealthPolled } from '../../../test/health-poll.ts';
import { startTestApp, type TSession, type TTestApp } from '../../../test/harness.ts';
import { workbookOf } from '../../../test/xlsx-files.ts';
import { exportPriceList } from './export-price-list.ts';
import { importPriceList } from './import-price-list.ts';
import { MAX_PRICE_LIST_BYTES } from './read-price-list-file.ts';

let t: TTestApp;
let labId: string;
let otherLabId: string;
const log = { error: () => {} };

beforeAll(async () => {
  t = await startTestApp();
  const [labUser] = await t.db.select({ laboratoryId: users.laboratoryId }).from(users).where(eq(users.email, 'lab@demo.test'));
  labId = labUser.laboratoryId!;
  const [other] = await t.db.insert(laboratories).values({ businessName: 'Laboratorio Prove S.r.l.', vatNumber: '01234560587', managerEmail: 'prove@example.test' }).returning({ id: laboratories.id });
  otherLabId = other.id;
});
afterAll(() => t?.close());

function xlsx(rows: unknown[][], headers: string[] = PRICE_LIST_COLUMNS.map((c) => c.header)): Promise<Buffer> {
  return workbookOf(headers, rows, 'Listino');
}

const linesOf = (laboratoryId: string) => t.db.select().from(contracts).where(eq(contracts.laboratoryId, laboratoryId)).orderBy(asc(contracts.code), asc(contracts.articleCode));

async function importing(laboratoryId: string, file: Buffer) {
  return t.db.transaction((tx) => importPriceList(tx, laboratoryId, file));
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('price list import', () => {
  it('creates new lines and updates existing ones by contract and article code, leaving the others alone', async () => {
    const before = await linesOf(otherLabId);
    expect(before).toHaveLength(0);
    const first = await importing(
      otherLabId,
      await xlsx([
        ['CTR-9', 'A1', 'Metalli su terreno', 'P1', 'Terre e rocce da scavo', 'Metalli pesanti', 45.5],
        ['CTR-9', 'A2', 'Idrocarburi', null, 'acque-sotterranee', null, '12,30'],
        ['CTR-9', 'A3', 'Prelievo', null, null, null, 60],
      ]),
    );
    expect(first).toEqual({ created: 3, updated: 0, total: 3 });
    const second = await importing(
      otherLabId,
      await xlsx([
        ['CTR-9', 'A2', 'Idrocarburi C>12', null, 'Acque sotterranee', null, 13],
        ['CTR-9', 'A4', 'Trasferta', null, null, null, 40],
      ]),
    );
    expect(second).toEqual({ created: 1, updated: 1, total: 2 });
    const lines = await linesOf(otherLabId);
    expect(lines.map((l) => [l.articleCode, l.articleName, l.priceCents, l.matrixSettingId !== null])).toEqual([
      ['A1', 'Metalli su terreno', 4550, true],
      ['A2', 'Idrocarburi C>12', 1300, true],
      ['A3', 'Prelievo', 6000, false],
      ['A4', 'Trasferta', 4000, false],
    ]);
  });

  it('refuses the whole file when any row is wrong, listing every bad cell, and writes nothing', async () => {
    const before = await linesOf(otherLabId);
    const error = await refusal(
      importing(
        otherLabId,
        await xlsx([
          ['CTR-9', 'A1', 'Nuovo nome che non deve arrivare', null, null, null, 99],
          ['CTR-9', 'A5', 'Senza prezzo', null, 'Fanghi', null, null],
          ['CTR-9', null, 'Senza codice', null, null, 'Sconosciuto', '1,234'],
          ['CTR-9', 'A1', 'Doppio', null, null, null, 1],
        ]),
      ),
    );
    expect(error.code).toBe('IMPORT_INVALID');
    expect(error.statusCode).toBe(400);
    expect(error.details!.map((d) => [d.row, d.path, d.value])).toEqual([
      [3, 'price', ''],
      [3, 'matrix', 'Fanghi'],
      [4, 'articleCode', ''],
      [4, 'analyticPackage', 'Sconosciuto'],
      [4, 'price', '1,234'],
      [5, 'articleCode', 'A1'],
    ]);
    expect(await linesOf(otherLabId)).toEqual(before);
  });

  it('refuses files that are not price lists, and unknown laboratories', async () => {
    expect((await refusal(importing(otherLabId, Buffer.from('not a workbook')))).code).toBe('IMPORT_UNREADABLE');
    expect((await refusal(importing(otherLabId, Buffer.alloc(0)))).code).toBe('IMPORT_UNREADABLE');
    const noColumns = await refusal(importing(otherLabId, await xlsx([['x', 'y']], ['Nome', 'Valore'])));
    expect(noColumns.code).toBe('IMPORT_INVALID');
    expect(noColumns.details!.map((d) => d.path)).toEqual(['code', 'articleCode', 'articleName', 'price']);
    expect((await refusal(importing(crypto.randomUUID(), await xlsx([['C', 'A', 'N', null, null, null, 1]])))).code).toBe('NOT_FOUND');
  });
});

describe('price list export', () => {
  it('streams the laboratory price list in the import layout, and imports back unchanged', async () => {
    const before = await linesOf(labId);
    expect(before.length).toBeGreaterThanOrEqual(20);
    const { fileName, stream } = await exportPriceList(t.db, labId, log);
    expect(fileName).toBe('listino-laboratorio-analisi-ambientali-lazio-s-r-l.xlsx');
    const bytes = await buffer(stream);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(PRICE_LIST_COLUMNS.map((c) => c.header));
    expect(sheet.rowCount).toBe(before.length + 1);
    const tr01 = before.find((l) => l.articleCode === 'TR01')!;
    const row = (sheet.getRows(2, before.length) ?? []).find((r) => r.getCell(2).value === 'TR01')!;
    expect(row.getCell(5).value).toBe('Terre e rocce da scavo');
    expect(row.getCell(7).value).toBe(tr01.priceCents / 100);

    const reimported = await importing(labId, bytes);
    expect(reimported).toEqual({ created: 0, updated: before.length, total: before.length });
    const after = await linesOf(labId);
    expect(after.map(({ updatedAt: _u, ...l }) => l)).toEqual(before.map(({ updatedAt: _u, ...l }) => l));
  });

  it('writes English headers for an English reader, and the import reads them back as the Italian ones', async () => {
    const before = await linesOf(labId);
    const { stream } = await exportPriceList(t.db, labId, log, 'en');
    const bytes = await buffer(stream);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe('Price list');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Contract code', 'Article code', 'Article description', 'Packet code', 'Matrix', 'Analytic package', 'Price (€)']);
    expect(await importing(labId, bytes)).toEqual({ created: 0, updated: before.length, total: before.length });
    expect((await linesOf(labId)).map(({ updatedAt: _u, ...l }) => l)).toEqual(before.map(({ updatedAt: _u, ...l }) => l));
  });

  it('refuses an unknown laboratory', async () => {
    await expect(exportPriceList(t.db, crypto.randomUUID(), log)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('price list import bounds over HTTP: a crafted workbook is refused promptly, off the request thread', () => {
  const HEADERS = PRICE_LIST_COLUMNS.map((c) => c.header);
  let consortium: TSession;

  function upload(bytes: Buffer) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), 'listino.xlsx');
    return t.request('POST', `/api/laboratories/${otherLabId}/price-list`, { token: consortium.token, raw: form });
  }

  beforeAll(async () => {
    consortium = await t.signedIn('consortium' as never);
    // An honest file first: the bounds let it through, and the document-job worker is started (from the TypeScript
    // sources it compiles its modules first), so the timings below measure the bounds.
    const control = await upload(await xlsx([['CTR-B', 'B1', 'Controllo', null, null, null, 10]]));
    expect(control.status, JSON.stringify(control.body)).toBe(200);
  });

  /** The refusal comes within 5 s, no health answer waited 1 s meanwhile, and the price list is unchanged. */
  async function expectRefusedPromptly(bytes: Buffer, bound: string) {
    const before = await linesOf(otherLabId);
    const { result: res, elapsedMs, worstHealthMs, healthChecks } = await whileHealthPolled(t.baseUrl, () => upload(bytes));
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.code).toBe('IMPORT_TOO_LARGE');
    expect(res.body.details.map((d: { path: string }) => d.path)).toEqual([bound]);
    expect(elapsedMs).toBeLessThan(5000);
    expect(healthChecks).toBeGreaterThan(0);
    expect(worstHealthMs).toBeLessThan(1000);
    expect(await linesOf(otherLabId)).toEqual(before);
  }

  it('refuses a shared-strings bomb of long strings (2.5 MB of zip, a GB of text) by the characters bound, within 5 s, while health answers within 1 s', async () => {
    const bomb = sharedStringsBomb(HEADERS, { itemChars: 1000, inflatedMb: 1024 });
    expect(bomb.length).toBeLessThan(MAX_PRICE_LIST_BYTES);
    await expectRefusedPromptly(bomb, 'sharedStringsSize');
  });

  it('refuses a shared-strings bomb of many short strings by the count bound, within 5 s, while health answers within 1 s', async () => {
    await expectRefusedPromptly(sharedStringsBomb(HEADERS, { itemChars: 1, inflatedMb: 1024 }), 'sharedStrings');
  });

  it('refuses a 600 MB cell (600 KB of zip) by the cell bound before holding it, within 5 s, while health answers within 1 s', async () => {
    await expectRefusedPromptly(hugeCellWorkbook(HEADERS, 600), 'cellSize');
  });

  it('refuses a file over the size limit before reading it (413)', async () => {
    const res = await upload(Buffer.alloc(MAX_PRICE_LIST_BYTES + 1));
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });
});
