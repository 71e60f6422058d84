import { AppError } from '../../../lib/errors.ts';
import { readFirstSheetRows, type TXlsxLimits } from '../../../lib/xlsx-read.ts';

/** A price list is a few hundred lines; anything far larger is not one. */
export const MAX_PRICE_LIST_ROWS = 10_000;
export const MAX_PRICE_LIST_BYTES = 10 * 1024 * 1024;
/** Columns read per row: the template has seven, extra ones are ignored. */
const MAX_COLUMNS = 50;

export type TPriceListSheet = { headers: unknown[]; rows: { row: number; cells: unknown[] }[] };

function unreadable(message: string): AppError {
  return new AppError('IMPORT_UNREADABLE', message, { details: [{ path: 'file', message }] });
}

/** What a price list may expand to; beyond, 400 IMPORT_TOO_LARGE before its rows are read (lib/xlsx-read.ts). */
export const PRICE_LIST_XLSX_LIMITS: TXlsxLimits = {
  maxColumns: 64,
  maxRows: MAX_PRICE_LIST_ROWS + 1,
  maxSharedStrings: 200_000,
  maxSharedStringChars: 8 * 1024 * 1024,
  maxPartBytes: 64 * 1024 * 1024,
};

/**
 * Reads the first sheet of an xlsx price list with the bounded streaming reader, so the size, row,
 * column and shared-string limits are enforced before and while reading, never after expanding a
 * whole oversized workbook.
 */
export async function readPriceListFile(bytes: Buffer): Promise<TPriceListSheet> {
  if (bytes.length === 0) throw unreadable('The file is empty');
  if (bytes.length > MAX_PRICE_LIST_BYTES) throw unreadable(`The file is larger than ${MAX_PRICE_LIST_BYTES / 1024 / 1024} MB`);
  let headers: unknown[] = [];
  const rows: TPriceListSheet['rows'] = [];
  let first = true;
  for await (const { row, cells } of readFirstSheetRows(bytes, PRICE_LIST_XLSX_LIMITS)) {
    if (first) {
      first = false;
      if (row === 1) {
        headers = Array.from({ length: Math.min(cells.length, MAX_COLUMNS) }, (_, i) => cells[i] ?? null);
        continue;
      }
    }
    rows.push({ row, cells: Array.from({ length: headers.length }, (_, i) => cells[i] ?? null) });
  }
  if (headers.length === 0) throw unreadable('The first row must hold the column headers');
  return { headers, rows };
}
