import { parseAlloggiatiFile } from '@app/domain/tourist-tax/alloggiati';
import { findMissingStayImportHeaders, stayImportFingerprint, validateStayImportRow } from '@app/domain/tourist-tax/stay-import';
import type { TGuest } from '../../../db/schema/index.ts';
import { AppError } from '../../../lib/errors.ts';
import { parseCsv } from '../../../lib/csv.ts';
import { readFirstSheetRows, tooLarge, type TXlsxLimits } from '../../../lib/xlsx-read.ts';

export type TImportFormat = 'xlsx' | 'csv' | 'alloggiati';

/** One bad cell (or record) of an import file. `row` is the spreadsheet row / text line, 1-based. */
export type TImportRowError = { row: number; field: string; value: string; message: string };

/** A stay read from a file, before the comune's exemptions and reductions are resolved. */
export type TImportedStay = {
  rows: number[];
  fingerprint: string;
  checkIn: string;
  checkOut: string;
  componentsNumber: number;
  guest: TGuest;
  paymentStatus: 'paid' | 'not_paid';
  noPaymentReason: string | null;
  exemptCount: number;
  exemptionName: string | null;
  reducedCount: number;
  reductionName: string | null;
  accommodationAmountCents: number | null;
};

export const MAX_IMPORT_ROWS = 100_000;

function unreadable(message: string): AppError {
  return new AppError('IMPORT_UNREADABLE', message, { details: [{ path: 'file', message }] });
}

/** Police files are often Windows-1252/Latin-1; UTF-8 is tried first because it fails loudly. */
function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

/**
 * Bounds of an xlsx import: what the template needs with a wide margin. A file beyond any of them is
 * refused (400 IMPORT_TOO_LARGE) before its rows are read, or as soon as reading reaches the bound.
 */
export const XLSX_IMPORT_LIMITS: TXlsxLimits = {
  maxColumns: 64,
  maxRows: MAX_IMPORT_ROWS + 1,
  maxSharedStrings: 1_000_000,
  maxSharedStringChars: 32 * 1024 * 1024,
  maxPartBytes: 256 * 1024 * 1024,
};

/** One batch of a file read in order: the good rows as stays, the bad ones as errors. */
export type TStayImportBatch = { stays: TImportedStay[]; errors: TImportRowError[]; rowsRead: number };

/** Spreadsheet-like rows (header row first) to stays, validating every row with the domain rules. */
function templateRowReader(headers: string[]) {
  const missing = findMissingStayImportHeaders(headers);
  if (missing.length) {
    throw new AppError('IMPORT_INVALID', `Missing columns: ${missing.join(', ')}. Use the import template.`, {
      details: missing.map((header) => ({ path: 'header', row: 1, message: `Missing column "${header}"`, value: header })),
    });
  }
  return (row: number, cells: unknown[], into: TStayImportBatch) => {
    into.rowsRead++;
    if (cells.every((c) => c === null || c === undefined || String(c).trim() === '')) return;
    const record: Record<string, unknown> = {};
    headers.forEach((header, i) => {
      if (header) record[header] = cells[i];
    });
    const result = validateStayImportRow(record, row);
    if (!result.ok) {
      into.errors.push(...result.errors.map((e) => ({ row: e.row, field: e.field, value: e.value, message: e.message })));
      return;
    }
    const v = result.value;
    into.stays.push({
      rows: [row],
      fingerprint: stayImportFingerprint(v),
      checkIn: v.checkIn,
      checkOut: v.checkOut,
      componentsNumber: v.componentsNumber,
      guest: { name: v.name, surname: v.surname, taxCode: v.taxCode, birthDate: v.birthDate, citizenship: v.citizenship },
      paymentStatus: v.paymentStatus === 'notPaid' ? 'not_paid' : 'paid',
      noPaymentReason: v.noPaymentReason,
      exemptCount: v.exemptCount,
      exemptionName: v.exemptionName,
      reducedCount: v.reducedCount,
      reductionName: v.reductionName,
      accommodationAmountCents: v.accommodationAmountCents,
    });
  };
}

const emptyBatch = (): TStayImportBatch => ({ stays: [], errors: [], rowsRead: 0 });

/**
 * Reads the first sheet a row at a time with the bounded reader (lib/xlsx-read.ts): columns, rows,
 * shared strings and the inflated size of each part are checked before or while reading, so an
 * oversized workbook is refused without being expanded.
 */
async function* readXlsx(bytes: Buffer, batchSize: number): AsyncGenerator<TStayImportBatch> {
  let read: ReturnType<typeof templateRowReader> | null = null;
  let batch = emptyBatch();
  for await (const { row, cells } of readFirstSheetRows(bytes, XLSX_IMPORT_LIMITS)) {
    if (!read) {
      // Row 1 is the header row (a sheet starting lower has no headers, hence missing columns).
      read = templateRowReader(row === 1 ? Array.from({ length: cells.length }, (_, i) => cellText(cells[i]).trim()) : []);
      if (row === 1) continue;
    }
    read(row, cells, batch);
    if (batch.rowsRead >= batchSize) {
      yield batch;
      batch = emptyBatch();
    }
  }
  if (!read) templateRowReader([]);
  if (batch.rowsRead) yield batch;
}

/** A header cell as text (exceljs' `cell.text`). */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return 'error' in value ? String((value as { error: unknown }).error) : '';
  return String(value);
}

function* readCsv(bytes: Buffer, batchSize: number): Generator<TStayImportBatch> {
  const table = parseCsv(decodeText(bytes));
  if (table.length === 0) throw unreadable('The file is empty');
  if (table.length > MAX_IMPORT_ROWS + 1) throw tooLarge('rows', `At most ${MAX_IMPORT_ROWS} rows per file`, table.length, MAX_IMPORT_ROWS + 1);
  const [headers, ...body] = table;
  const read = templateRowReader(headers.map((h) => h.trim()));
  for (let i = 0; i < body.length; i += batchSize) {
    const batch = emptyBatch();
    body.slice(i, i + batchSize).forEach((cells, k) => read(i + k + 2, cells, batch));
    yield batch;
  }
}

function readAlloggiati(bytes: Buffer) {
  const { stays, errors } = parseAlloggiatiFile(decodeText(bytes));
  if (stays.length === 0 && errors.length === 0) throw unreadable('The file has no records');
  return {
    errors: errors.map((e) => ({ row: e.row, field: e.field, value: e.value, message: e.message })),
    stays: stays.map((s): TImportedStay => ({
      rows: s.rows,
      fingerprint: s.fingerprint,
      checkIn: s.checkIn,
      checkOut: s.checkOut,
      componentsNumber: s.componentsNumber,
      guest: {
        name: s.guest.name,
        surname: s.guest.surname,
        sex: s.guest.sex,
        birthDate: s.guest.birthDate,
        birthPlace: s.guest.birthPlace,
        birthProvince: s.guest.birthProvince,
        birthCountry: s.guest.birthCountry,
        citizenship: s.guest.citizenship,
        documentType: s.guest.documentType,
        documentNumber: s.guest.documentNumber,
      },
      paymentStatus: 'paid',
      noPaymentReason: null,
      exemptCount: 0,
      exemptionName: null,
      reducedCount: 0,
      reductionName: null,
      accommodationAmountCents: null,
    })),
  };
}

/**
 * Reads an import file in batches of about `batchSize` rows, in file order; every bad row is in a
 * batch's `errors`, every good one in its `stays`. Problems with the file as a whole (unreadable,
 * missing columns, too large) are thrown.
 */
export async function* readStayImportBatches(format: TImportFormat, bytes: Buffer, batchSize = 5000): AsyncGenerator<TStayImportBatch> {
  if (bytes.length === 0) throw unreadable('The file is empty');
  if (format === 'xlsx') yield* readXlsx(bytes, batchSize);
  else if (format === 'csv') yield* readCsv(bytes, batchSize);
  else {
    const all = readAlloggiati(bytes);
    for (let i = 0; i < Math.max(all.stays.length, 1); i += batchSize) {
      yield { stays: all.stays.slice(i, i + batchSize), errors: i === 0 ? all.errors : [], rowsRead: Math.min(batchSize, all.stays.length - i) };
    }
  }
}

/** Reads a whole import file; every bad row is in `errors`, every good one in `stays`. */
export async function readStayImportFile(format: TImportFormat, bytes: Buffer): Promise<{ stays: TImportedStay[]; errors: TImportRowError[] }> {
  const result: { stays: TImportedStay[]; errors: TImportRowError[] } = { stays: [], errors: [] };
  for await (const batch of readStayImportBatches(format, bytes)) {
    result.stays.push(...batch.stays);
    result.errors.push(...batch.errors);
  }
  return result;
}
