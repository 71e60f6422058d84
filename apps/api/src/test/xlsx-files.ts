import { xlsxBuffer } from '../lib/xlsx-write.ts';

/**
 * A one-sheet workbook for a test, written by the API's own writer (lib/xlsx-write.ts): `headers` as its first row,
 * then `rows` in column order (null or undefined: an empty cell; a Date: a date cell).
 */
export function workbookOf(headers: readonly string[], rows: readonly (readonly unknown[])[], sheetName = 'Foglio1'): Promise<Buffer> {
  return xlsxBuffer([
    {
      sheetName,
      columns: headers.map((header, i) => ({ header, key: String(i) })),
      writeRows: async (add) => {
        for (const row of rows) add(row);
      },
    },
  ]);
}
