import { PassThrough } from 'node:stream';
// exceljs (a devDependency) reads what we write: an independent reader, so a file only our own reader accepts fails here.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { writeXlsx, xlsxBuffer } from './xlsx-write.ts';

const COLUMNS = [
  { header: 'Testo', key: 'text' },
  { header: 'Numero', key: 'number' },
  { header: 'Importo', key: 'money', numFmt: '#,##0.00' },
  { header: 'Data', key: 'date' },
  { header: 'Giorno', key: 'day', numFmt: 'dd/mm/yyyy' },
  { header: 'Sì/No', key: 'flag' },
];

/** The workbook writeXlsx produces for these rows, and its sheet XML as text. */
async function written(rows: (Record<string, unknown> | unknown[])[]) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeXlsx(out, { sheetName: 'Foglio', columns: COLUMNS }, async (add, flush) => {
    for (const row of rows) add(row);
    await flush();
  });
  out.end();
  const bytes = Buffer.concat(chunks);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return wb.worksheets[0];
}

describe('writeXlsx', () => {
  it('writes every kind of value as exceljs reads it back, from keyed values or arrays in column order', async () => {
    const awkward = 'D\'Amico & <Figli> "quoted"';
    const unicode = 'Zoë · € · 日本 · 😀 · ok';
    const ws = await written([
      { text: awkward, number: -42, money: 1234.56, date: new Date(Date.UTC(2025, 0, 31)), day: 45_688, flag: true },
      [unicode, 2 ** 40, 0.1 + 0.2, null, undefined, false],
      { text: '  leading and trailing  ', number: 0, money: 1e21, flag: null },
      ['riga\ncon a capo\te tab', 1.5e-7, -0.5, new Date('invalid'), '', undefined],
      { text: 'bell\u0007 and \ufffe gone, lone \ud800 surrogate' },
    ]);
    expect(ws.name).toBe('Foglio');
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(COLUMNS.map((c) => c.header));
    const row = (n: number) => (ws.getRow(n).values as unknown[]).slice(1);
    // A day number in a date-formatted column reads back as that date.
    expect(row(2)).toEqual([awkward, -42, 1234.56, new Date(Date.UTC(2025, 0, 31)), new Date(Date.UTC(2025, 0, 31)), true]);
    expect(row(3)).toEqual([unicode, 2 ** 40, 0.1 + 0.2, undefined, undefined, false]);
    expect(row(4)).toEqual(['  leading and trailing  ', 0, 1e21]);
    expect(row(5)).toEqual(['riga\ncon a capo\te tab', 1.5e-7, -0.5]);
    expect(row(6)).toEqual(['bell and  gone, lone \ufffd surrogate']);
    expect(ws.getRow(2).getCell(3).numFmt).toBe('#,##0.00');
    expect(ws.getRow(2).getCell(5).numFmt).toBe('dd/mm/yyyy');
    expect(ws.getRow(2).getCell(2).numFmt).toBeUndefined();
  });

  it('keeps rows whole across its buffers, however long a text is', async () => {
    const long = 'é&'.repeat(400_000);
    const rows = Array.from({ length: 30_000 }, (_, i) => ({ text: i === 12_345 ? long : `riga ${i}`, number: i }));
    const ws = await written(rows);
    expect(ws.rowCount).toBe(30_001);
    expect(ws.getRow(12_347).getCell(1).value).toBe(long);
    expect(ws.getRow(30_001).values).toEqual([undefined, 'riga 29999', 29_999]);
    for (const n of [2, 9_999, 12_346, 12_348, 25_000]) expect(ws.getRow(n).getCell(2).value).toBe(n - 2);
  });

  it("writes several sheets in order, bold rows keeping their columns' formats, and each column's format for cells typed in later", async () => {
    const bytes = await xlsxBuffer([
      { sheetName: 'Dati', columns: COLUMNS, writeRows: async () => {} },
      {
        sheetName: 'Istruzioni & note',
        columns: COLUMNS,
        writeRows: async (add) => {
          add(['normale', 1, 2.5, new Date(Date.UTC(2026, 6, 1)), 45_000, true]);
          add({});
          add(['in grassetto', 1, 2.5, new Date(Date.UTC(2026, 6, 1)), 45_000, false], { bold: true });
        },
      },
    ]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(wb.worksheets.map((ws) => ws.name)).toEqual(['Dati', 'Istruzioni & note']);
    const [data, help] = wb.worksheets;
    expect((data.getRow(1).values as unknown[]).slice(1)).toEqual(COLUMNS.map((c) => c.header));
    expect(data.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(data.rowCount).toBe(1);
    expect(data.getColumn(3).numFmt).toBe('#,##0.00');
    expect(data.getColumn(5).numFmt).toBe('dd/mm/yyyy');
    expect(data.getColumn(5).width).toBe(16);
    expect(data.getColumn(1).numFmt).toBeUndefined();
    expect(help.rowCount).toBe(4);
    expect(help.getRow(3).cellCount).toBe(0);
    const plain = help.getRow(2);
    const bold = help.getRow(4);
    expect((bold.values as unknown[]).slice(1)).toEqual(['in grassetto', 1, 2.5, new Date(Date.UTC(2026, 6, 1)), new Date(Date.UTC(2023, 2, 15)), false]);
    for (let c = 1; c <= COLUMNS.length; c++) {
      expect(plain.getCell(c).font?.bold, `plain, column ${c}`).toBeFalsy();
      expect(bold.getCell(c).font?.bold, `bold, column ${c}`).toBe(true);
      expect(bold.getCell(c).numFmt, `bold, column ${c}`).toBe(plain.getCell(c).numFmt);
    }
    expect(bold.getCell(4).numFmt).toMatch(/d/);
    expect(bold.getCell(5).numFmt).toBe('dd/mm/yyyy');
  });
});
