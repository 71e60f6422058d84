/**
 * The comune's two small imports, read as document jobs (lib/document-jobs.ts) off the request thread: the
 * list of pagoPA payments received and the SIATEL file. Either is CSV (";" or ",", UTF-8 or Latin-1) or
 * xlsx (first sheet, read by the bounded reader); the first row holds the headers. Nothing here touches
 * the database or starts anything at load.
 */
import type { TImportSheet } from '@app/domain/tourist-tax/import-sheet';
import { MAX_PAYMENT_IMPORT_ROWS, readPaymentImportRows, type TPaymentImportRead } from '@app/domain/tourist-tax/pagopa-payments';
import { MAX_SIATEL_ROWS, readSiatelRows, type TSiatelRead } from '@app/domain/tourist-tax/siatel';
import { parseCsv } from '../../../lib/csv.ts';
import { AppError } from '../../../lib/errors.ts';
import { readFirstSheetRows, type TXlsxLimits } from '../../../lib/xlsx-read.ts';

/** Either file is a few thousand lines; 5 MB holds far more than any honest one. */
export const MAX_COMUNE_SHEET_BYTES = 5 * 1024 * 1024;
/** Columns read per row: the files have about ten. */
const MAX_COLUMNS = 40;

function unreadable(message: string): AppError {
  return new AppError('IMPORT_UNREADABLE', message, { details: [{ path: 'file', message }] });
}

function tooLarge(maxRows: number): AppError {
  return new AppError('IMPORT_TOO_LARGE', `The file has more than ${maxRows} rows`, { params: { rows: maxRows }, details: [{ path: 'rows', message: `at most ${maxRows} rows` }] });
}

const xlsxLimits = (maxRows: number): TXlsxLimits => ({
  maxColumns: 64,
  maxRows: maxRows + 1,
  maxSharedStrings: maxRows * 12,
  maxSharedStringChars: 16 * 1024 * 1024,
  maxPartBytes: 48 * 1024 * 1024,
});

function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** The header row and the data rows (numbered as a spreadsheet shows them) of a CSV or xlsx file. */
export async function readComuneSheet(bytes: Uint8Array, maxRows: number): Promise<TImportSheet> {
  if (bytes.byteLength === 0) throw unreadable('The file is empty');
  if (bytes.byteLength > MAX_COMUNE_SHEET_BYTES) throw unreadable(`The file is larger than ${MAX_COMUNE_SHEET_BYTES / 1024 / 1024} MB`);
  const rows: { row: number; cells: unknown[] }[] = [];
  let headers: unknown[] = [];
  if (isZip(bytes)) {
    let first = true;
    for await (const { row, cells } of readFirstSheetRows(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), xlsxLimits(maxRows))) {
      if (first) {
        first = false;
        headers = cells.slice(0, MAX_COLUMNS);
        continue;
      }
      rows.push({ row, cells: cells.slice(0, MAX_COLUMNS) });
    }
  } else {
    const text = decodeText(bytes);
    if (text.includes('\u0000')) throw unreadable('The file is neither CSV nor xlsx');
    const lines = parseCsv(text);
    if (lines.length - 1 > maxRows) throw tooLarge(maxRows);
    headers = (lines[0] ?? []).slice(0, MAX_COLUMNS);
    lines.slice(1).forEach((cells, index) => rows.push({ row: index + 2, cells: cells.slice(0, MAX_COLUMNS) }));
  }
  if (headers.length === 0) throw unreadable('The first row must hold the column headers');
  if (rows.length > maxRows) throw tooLarge(maxRows);
  return { headers, rows };
}

/** The job of the payment import: every row read and checked (`today`: the comune's date, no payment after it). */
export async function readPaymentList(bytes: Uint8Array, today: string): Promise<TPaymentImportRead> {
  return readPaymentImportRows(await readComuneSheet(bytes, MAX_PAYMENT_IMPORT_ROWS), today);
}

/** The job of the SIATEL cross-check: every row read and checked. */
export async function readSiatelFile(bytes: Uint8Array): Promise<TSiatelRead> {
  return readSiatelRows(await readComuneSheet(bytes, MAX_SIATEL_ROWS));
}
