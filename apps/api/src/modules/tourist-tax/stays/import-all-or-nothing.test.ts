import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stays } from '../../../db/schema/index.ts';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';
import { workbookOf } from '../../../test/xlsx-files.ts';
import { demoFixtures } from '../registry/test-fixtures.ts';
import { countStays as countStaysOf, importStays, STAY_IMPORT_HEADERS } from './test-imports.ts';

/**
 * A stays import writes in batches inside one transaction: a bad row after several inserted batches
 * leaves nothing behind. Apart from import-bounds.test.ts (bounds checked before any row is read)
 * because this part runs on PostgreSQL too (test/postgres-pass.ts: transaction).
 */
let t: TTestApp;
let f: Awaited<ReturnType<typeof demoFixtures>>;
beforeAll(async () => {
  t = await startTestApp();
  f = await demoFixtures(t);
});
afterAll(() => t?.close());

const HEADERS = STAY_IMPORT_HEADERS;
const importRequest = (structureId: string, format: string, bytes: Buffer | string, language?: 'it' | 'en') => importStays(t, f.tokens.hotelier, structureId, format, bytes, language);
const countStays = (structureId: string) => countStaysOf(t, f.tokens.admin, structureId);

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
