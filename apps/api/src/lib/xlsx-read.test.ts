// exceljs (a devDependency) writes the workbooks here as a spreadsheet program does (a shared-strings table, rich text,
// formulas with their results, hyperlinks), which our own writer never produces: what users upload comes from such
// programs, so the reader is checked on their files, not only on ours.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readFirstSheetRows, type TXlsxLimits, type TXlsxRow } from './xlsx-read.ts';
import { xlsxBuffer } from './xlsx-write.ts';

const LIMITS: TXlsxLimits = { maxColumns: 64, maxRows: 1000, maxSharedStrings: 1000, maxSharedStringChars: 100_000, maxPartBytes: 16 * 1024 * 1024 };

async function rowsOf(bytes: Buffer): Promise<TXlsxRow[]> {
  const rows: TXlsxRow[] = [];
  for await (const row of readFirstSheetRows(bytes, LIMITS)) rows.push(row);
  return rows;
}

const awkward = 'D\'Amico & <Figli> "quoted"';
const unicode = 'Zoë · € · 日本 · 😀';

describe('readFirstSheetRows on files another program wrote', () => {
  it('reads shared strings, rich text, hyperlinks, formula results, errors, dates, booleans and gaps as the validators expect', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Soggiorni');
    sheet.addRow(['Cognome', 'Arrivo', 'Ospiti', 'Pagato', 'Nota']);
    sheet.addRow([awkward, new Date(Date.UTC(2026, 6, 1)), 3, true, '  spazi  ']);
    sheet.addRow([
      { richText: [{ text: 'Ros' }, { font: { bold: true }, text: 'si' }] },
      { formula: 'DATE(2026,7,2)', result: new Date(Date.UTC(2026, 6, 2)) },
      { formula: '1+1', result: 2 },
      false,
      { text: 'sito', hyperlink: 'https://example.org' },
    ]);
    sheet.addRow([unicode, null, { error: '#N/A' }]);
    sheet.addRow([]);
    sheet.getCell('E6').value = 'solo in E';
    sheet.getCell('B2').numFmt = 'dd/mm/yyyy';
    workbook.addWorksheet('Altro').addRow(['non letto']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    // A shared-strings table, as spreadsheet programs write them.
    expect(bytes.includes(Buffer.from('xl/sharedStrings.xml'))).toBe(true);

    const rows = await rowsOf(bytes);
    expect(rows.map((r) => r.row)).toEqual([1, 2, 3, 4, 6]);
    expect(rows[0].cells).toEqual(['Cognome', 'Arrivo', 'Ospiti', 'Pagato', 'Nota']);
    expect(rows[1].cells).toEqual([awkward, new Date(Date.UTC(2026, 6, 1)), 3, true, '  spazi  ']);
    expect(rows[2].cells).toEqual(['Rossi', new Date(Date.UTC(2026, 6, 2)), 2, false, 'sito']);
    expect(rows[3].cells).toEqual([unicode, undefined, { error: '#N/A' }]);
    expect(rows[4].cells).toEqual([undefined, undefined, undefined, undefined, 'solo in E']);
  });

  it('reads dates of a workbook on the 1904 date system', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.properties.date1904 = true;
    const sheet = workbook.addWorksheet('Foglio');
    sheet.addRow(['Data']);
    sheet.addRow([new Date(Date.UTC(2026, 0, 31))]);
    const rows = await rowsOf(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(rows[1].cells).toEqual([new Date(Date.UTC(2026, 0, 31))]);
  });

  it('reads what our writer wrote (inline strings) the same way', async () => {
    const bytes = await xlsxBuffer([
      {
        sheetName: 'Soggiorni',
        columns: ['Cognome', 'Arrivo', 'Ospiti', 'Pagato', 'Nota'].map((header, i) => ({ header, key: String(i), numFmt: i === 1 ? 'dd/mm/yyyy' : undefined })),
        writeRows: async (add) => {
          add([awkward, new Date(Date.UTC(2026, 6, 1)), 3, true, '  spazi  ']);
          add([unicode, null, 2.5]);
        },
      },
      { sheetName: 'Altro', columns: [{ header: 'non letto', key: 'x' }], writeRows: async () => {} },
    ]);
    const rows = await rowsOf(bytes);
    expect(rows.map((r) => r.cells)).toEqual([
      ['Cognome', 'Arrivo', 'Ospiti', 'Pagato', 'Nota'],
      [awkward, new Date(Date.UTC(2026, 6, 1)), 3, true, '  spazi  '],
      [unicode, undefined, 2.5],
    ]);
  });
});
