import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { AppError } from '../../../lib/errors.ts';

/** A price list is a few hundred lines; anything far larger is not one. */
export const MAX_PRICE_LIST_ROWS = 10_000;
export const MAX_PRICE_LIST_BYTES = 10 * 1024 * 1024;
/** Columns read per row: the template has seven, extra ones are ignored. */
const MAX_COLUMNS = 50;

export type TPriceListSheet = { headers: unknown[]; rows: { row: number; cells: unknown[] }[] };

function unreadable(message: string): AppError {
  return new AppError('IMPORT_UNREADABLE', message, { details: [{ path: 'file', message }] });
}

/**
 * Reads the first sheet of an xlsx price list with exceljs' streaming reader, so the size and row
 * limits are enforced while reading instead of after loading a whole oversized workbook.
 */
export async function readPriceListFile(bytes: Buffer): Promise<TPriceListSheet> {
  if (bytes.length === 0) throw unreadable('The file is empty');
  if (bytes.length > MAX_PRICE_LIST_BYTES) throw unreadable(`The file is larger than ${MAX_PRICE_LIST_BYTES / 1024 / 1024} MB`);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'emit',
  });
  const headers: unknown[] = [];
  const rows: TPriceListSheet['rows'] = [];
  let sawSheet = false;
  try {
    for await (const sheet of reader) {
      sawSheet = true;
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        if (row.number > MAX_PRICE_LIST_ROWS + 1) throw unreadable(`At most ${MAX_PRICE_LIST_ROWS} rows per price list`);
        if (row.number === 1) {
          row.eachCell({ includeEmpty: true }, (cell, col) => {
            if (col <= MAX_COLUMNS) headers[col - 1] = cell.value;
          });
          continue;
        }
        if (!row.hasValues) continue;
        const cells: unknown[] = [];
        for (let col = 1; col <= headers.length; col++) cells.push(row.getCell(col).value);
        rows.push({ row: row.number, cells });
      }
      break; // the price list is the first sheet
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable('The file is not a readable xlsx workbook');
  }
  if (!sawSheet) throw unreadable('The workbook has no sheet');
  if (headers.length === 0) throw unreadable('The first row must hold the column headers');
  return { headers, rows };
}
