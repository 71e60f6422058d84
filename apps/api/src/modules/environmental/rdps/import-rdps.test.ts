// exceljs (a devDependency) reads the template we serve: an independent reader, as the user's spreadsheet program would.
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RDP_IMPORT_COLUMNS } from '@app/domain/environmental/rdp/index';
import { rdps } from '../../../db/schema/index.ts';
import { startTestApp, type TSession, type TTestApp } from '../../../test/harness.ts';
import { workbookOf } from '../../../test/xlsx-files.ts';

let t: TTestApp;
let consortium: TSession;
let lab: TSession;

beforeAll(async () => {
  t = await startTestApp();
  [consortium, lab] = await Promise.all([t.signedIn('consortium' as never), t.signedIn('lab')]);
});
afterAll(() => t?.close());

const HEADERS = RDP_IMPORT_COLUMNS.map((c) => c.header);
const LAB = 'Laboratorio Analisi Ambientali Lazio S.r.l.';

function xlsx(rows: Record<string, unknown>[]): Promise<Buffer> {
  return workbookOf(
    HEADERS,
    rows.map((row) => RDP_IMPORT_COLUMNS.map((c) => row[c.key] ?? null)),
    'RDP',
  );
}

function send(session: TSession, bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), 'rdp.xlsx');
  return t.request('POST', '/api/rdps/import', { token: session.token, raw: form });
}

const report = (code: string, extra: Record<string, unknown> = {}) => ({
  code,
  laboratory: LAB,
  lot: 'L01',
  matrix: 'Terre e rocce da scavo',
  sampleDate: '02/11/2026',
  cer: '170504',
  analyticPackages: 'Metalli pesanti',
  ...extra,
});

describe('RDP mass import', () => {
  it('groups rows into reports, flags out-of-limit values, and a re-import changes nothing', async () => {
    const file = await xlsx([
      { ...report('IMP-1'), activity: 'Piombo', unit: 'mg/kg', upperLimit: 100, value: '35,2' },
      { ...report('IMP-1'), activity: 'Cadmio', unit: 'mg/kg', upperLimit: 2, value: '< LOQ' },
      { ...report('IMP-2', { lat: 41.25, long: 13.6 }), activity: 'Zinco', unit: 'mg/kg', upperLimit: 150, value: 151 },
    ]);
    const first = await send(consortium, file);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ created: 2, updated: 0, unchanged: 0, reports: 2, rows: 3, outOfLimits: 1 });
    const [one] = await t.db.select().from(rdps).where(eq(rdps.code, 'IMP-1'));
    expect(one.analyticData.map((r) => r.activity)).toEqual(['Piombo', 'Cadmio']);
    expect(one).toMatchObject({ status: 'processing', outOfLimits: false, totalPriceCents: 9500, sampleDate: '2026-11-02' });
    const [two] = await t.db.select().from(rdps).where(eq(rdps.code, 'IMP-2'));
    expect(two).toMatchObject({ outOfLimits: true, outOfLimitsCount: 1, lat: 41.25 });

    const again = await send(consortium, file);
    expect(again.body).toEqual({ created: 0, updated: 0, unchanged: 2, reports: 2, rows: 3, outOfLimits: 0 });
    expect(await t.db.select({ id: rdps.id }).from(rdps).where(eq(rdps.code, 'IMP-1'))).toHaveLength(1);

    // a changed row updates the report still in processing
    const changed = await send(
      consortium,
      await xlsx([
        { ...report('IMP-1'), activity: 'Piombo', unit: 'mg/kg', upperLimit: 100, value: '99' },
        { ...report('IMP-1'), activity: 'Cadmio', unit: 'mg/kg', upperLimit: 2, value: '< LOQ' },
      ]),
    );
    expect(changed.body).toMatchObject({ created: 0, updated: 1 });
  });

  it('reports every bad row with row, field and value, and writes nothing', async () => {
    const before = await t.db.select({ id: rdps.id }).from(rdps);
    const res = await send(
      consortium,
      await xlsx([
        { ...report('BAD-1'), activity: 'Piombo', value: '12' },
        { ...report('BAD-1', { laboratory: 'Laboratorio Inesistente' }), activity: 'Rame', value: '3' },
        { ...report('BAD-2', { sampleDate: '31/02/2026' }), activity: 'Zinco', value: 'molto' },
        { ...report('BAD-3', { analyticPackages: 'Pacchetto ignoto' }), activity: 'Nichel', lowerLimit: 10, upperLimit: 1, value: '4' },
        { ...report('BAD-1', { wbs: 'diverso' }), activity: 'Cromo', value: '1' },
        { ...report('BAD-4', { cer: '1705' }), activity: '', value: '1' },
      ]),
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('IMPORT_INVALID');
    const details = res.body.details.map((d: { row: number; path: string; value: string }) => [d.row, d.path, d.value]);
    expect(details).toEqual(
      expect.arrayContaining([
        [3, 'laboratory', 'Laboratorio Inesistente'],
        [4, 'sampleDate', '31/02/2026'],
        [4, 'value', 'molto'],
        [5, 'analyticPackages', 'Pacchetto ignoto'],
        [6, 'wbs', 'diverso'],
        [7, 'activity', ''],
      ]),
    );
    expect(details.some(([row, path]: [number, string]) => row === 5 && path === 'lowerLimit')).toBe(true);
    expect(await t.db.select({ id: rdps.id }).from(rdps)).toHaveLength(before.length);
  });

  it('refuses to change a report already approved, and refuses non-consortium callers; template download', async () => {
    const created = await send(consortium, await xlsx([{ ...report('LOCK-1'), activity: 'Piombo', upperLimit: 100, value: '1' }]));
    expect(created.body.created).toBe(1);
    await t.db.update(rdps).set({ status: 'approved' }).where(eq(rdps.code, 'LOCK-1'));
    const res = await send(consortium, await xlsx([{ ...report('LOCK-1'), activity: 'Piombo', upperLimit: 100, value: '2' }]));
    expect(res.status).toBe(400);
    expect(res.body.details[0]).toMatchObject({ row: 2, path: 'code', value: 'LOCK-1' });
    expect((await send(lab, await xlsx([{ ...report('LAB-1'), activity: 'Piombo', value: '1' }]))).status).toBe(403);
    const template = await fetch(`${t.baseUrl}/api/rdps/import-template.xlsx`, { headers: { authorization: `Bearer ${consortium.token}` } });
    expect(template.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await template.arrayBuffer());
    expect(workbook.worksheets[0].getRow(1).values).toEqual([undefined, ...HEADERS]);
    // the template's example rows import as they are
    const example = await send(consortium, Buffer.from(await (await fetch(`${t.baseUrl}/api/rdps/import-template.xlsx`, { headers: { authorization: `Bearer ${consortium.token}` } })).arrayBuffer()));
    expect(example.status, JSON.stringify(example.body)).toBe(200);
    expect(example.body.reports).toBe(1);
    // An English reader's template: English sheet and headers, and the import reads it as it reads the Italian one.
    const english = await fetch(`${t.baseUrl}/api/rdps/import-template.xlsx`, { headers: { authorization: `Bearer ${consortium.token}`, 'accept-language': 'en' } });
    expect(english.headers.get('content-disposition')).toContain('rdp-import-template.xlsx');
    const englishBytes = await english.arrayBuffer();
    const englishBook = new ExcelJS.Workbook();
    await englishBook.xlsx.load(englishBytes);
    expect(englishBook.worksheets.map((s) => s.name)).toEqual(['RDP', 'Instructions']);
    expect((englishBook.worksheets[0].getRow(1).values as unknown[]).slice(1, 4)).toEqual(['RDP code', 'Laboratory', 'Lot']);
    const fromEnglish = await send(consortium, Buffer.from(englishBytes));
    expect(fromEnglish.status, JSON.stringify(fromEnglish.body)).toBe(200);
    expect(fromEnglish.body).toMatchObject({ reports: 1, unchanged: 1 });
  });
});
