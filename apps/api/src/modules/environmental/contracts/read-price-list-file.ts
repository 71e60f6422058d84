/**
 * The price-list import's reading and row checks, run as a document job (lib/document-jobs.ts) off the request
 * thread. Nothing here touches the database or starts anything at load.
 */
import { validatePriceListRows, type TPriceListCatalogue, type TPriceListResult } from '@app/domain/environmental/price-list';
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

/**
 * What a price list may expand to; beyond, 400 IMPORT_TOO_LARGE before or while its rows are read (lib/xlsx-read.ts).
 * A full file (10,000 lines of seven cells, descriptions of up to 500 characters) has at most 70,000 texts of about
 * 8 M characters, in a sheet of about 10 MB.
 */
export const PRICE_LIST_XLSX_LIMITS: TXlsxLimits = {
  maxColumns: 64,
  maxRows: MAX_PRICE_LIST_ROWS + 1,
  maxSharedStrings: 100_000,
  maxSharedStringChars: 8 * 1024 * 1024,
  maxPartBytes: 32 * 1024 * 1024,
};

/**
 * Reads the first sheet of an xlsx price list with the bounded streaming reader, so the size, row,
 * column and shared-string limits are enforced before and while reading, never after expanding a
 * whole oversized workbook.
 */
export async function readPriceListFile(bytes: Uint8Array): Promise<TPriceListSheet> {
  if (bytes.byteLength === 0) throw unreadable('The file is empty');
  if (bytes.byteLength > MAX_PRICE_LIST_BYTES) throw unreadable(`The file is larger than ${MAX_PRICE_LIST_BYTES / 1024 / 1024} MB`);
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let headers: unknown[] = [];
  const rows: TPriceListSheet['rows'] = [];
  let first = true;
  for await (const { row, cells } of readFirstSheetRows(file, PRICE_LIST_XLSX_LIMITS)) {
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

/** The job: reads the file and checks every line against the lab analysis settings it may name. */
export async function readPriceList(bytes: Uint8Array, catalogue: TPriceListCatalogue): Promise<TPriceListResult> {
  return validatePriceListRows(await readPriceListFile(bytes), catalogue);
}
