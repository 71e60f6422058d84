import fs from 'node:fs';
import { parseAlloggiatiFile, type TAlloggiatiGuest } from '@app/domain/tourist-tax/alloggiati';
import { findMissingStayImportHeaders, stayImportFingerprint, validateStayImportRow } from '@app/domain/tourist-tax/stay-import';
import type { TGuest } from '../../../db/schema/index.ts';
import { AppError } from '../../../lib/errors.ts';
import { csvRowReader } from '../../../lib/csv.ts';
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
  /** The other guests (Alloggiati family or group members). */
  guests?: TGuest[];
  /** Alloggiati files: a family (17/19) or a group (18/20), so the day's file writes them back as they came. */
  partyKind?: 'family' | 'group' | null;
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

/** An import file: its bytes, or the path of the temporary file an upload was streamed to. */
export type TImportFile = Buffer | string;

const CHUNK_BYTES = 256 * 1024;

/** The raw chunks of an import file, read from disk a chunk at a time (or the bytes in one go). */
function* fileChunks(file: TImportFile): Generator<Buffer> {
  if (typeof file !== 'string') {
    yield file;
    return;
  }
  const fd = fs.openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(CHUNK_BYTES);
    for (let read = fs.readSync(fd, buffer); read > 0; read = fs.readSync(fd, buffer)) yield buffer.subarray(0, read);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * One pass over a text file without keeping it: whether it is UTF-8 (else it is read as Latin-1),
 * and how many line breaks it has (the rows to expect, for the progress bar).
 */
function scanText(file: TImportFile): { encoding: 'utf-8' | 'latin1'; lines: number } {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let encoding: 'utf-8' | 'latin1' = 'utf-8';
  let lines = 0;
  let last = 10;
  for (const chunk of fileChunks(file)) {
    for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) lines++;
    if (chunk.length) last = chunk[chunk.length - 1];
    if (encoding === 'utf-8') {
      try {
        decoder.decode(chunk, { stream: true });
      } catch {
        encoding = 'latin1';
      }
    }
  }
  if (encoding === 'utf-8') {
    try {
      decoder.decode();
    } catch {
      encoding = 'latin1';
    }
  }
  // A last line without a line break is a line too.
  return { encoding, lines: last === 10 ? lines : lines + 1 };
}

function fileSize(file: TImportFile): number {
  return typeof file === 'string' ? fs.statSync(file).size : file.length;
}

/**
 * Bounds of an xlsx import: what the template needs with a wide margin. A file beyond any of them is
 * refused (400 IMPORT_TOO_LARGE) before its rows are read, or as soon as reading reaches the bound.
 * 100,000 rows of the template hold at most about 9 M characters of distinct text (surname, name, tax
 * code, a reason for not paying), so the shared strings get about twice that: the bound is also how much
 * a crafted table is read before it is refused.
 */
export const XLSX_IMPORT_LIMITS: TXlsxLimits = {
  maxColumns: 64,
  maxRows: MAX_IMPORT_ROWS + 1,
  maxSharedStrings: 1_000_000,
  maxSharedStringChars: 16 * 1024 * 1024,
  maxPartBytes: 256 * 1024 * 1024,
};

/** One batch of a file read in order: the good rows as stays, the bad ones as errors. */
export type TStayImportBatch = { stays: TImportedStay[]; errors: TImportRowError[]; rowsRead: number; rowsExpected?: number };

/** Spreadsheet-like rows (header row first) to stays, validating every row with the domain rules. */
function templateRowReader(headers: string[], language: 'it' | 'en') {
  const missing = findMissingStayImportHeaders(headers, language);
  if (missing.length) {
    const it = language === 'it';
    throw new AppError('IMPORT_INVALID', it ? `Colonne mancanti: ${missing.join(', ')}. Usare il modello di importazione.` : `Missing columns: ${missing.join(', ')}. Use the import template.`, {
      details: missing.map((header) => ({ path: 'header', row: 1, message: it ? `Manca la colonna "${header}"` : `Missing column "${header}"`, value: header })),
    });
  }
  return (row: number, cells: unknown[], into: TStayImportBatch) => {
    into.rowsRead++;
    if (cells.every((c) => c === null || c === undefined || String(c).trim() === '')) return;
    const record: Record<string, unknown> = {};
    headers.forEach((header, i) => {
      if (header) record[header] = cells[i];
    });
    const result = validateStayImportRow(record, row, { language });
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
async function* readXlsx(file: TImportFile, batchSize: number, language: 'it' | 'en'): AsyncGenerator<TStayImportBatch> {
  let read: ReturnType<typeof templateRowReader> | null = null;
  let batch = emptyBatch();
  // The rows the sheet declares (its dimension, header row left out), when it declares them.
  const declared = (lastRow: number) => (batch.rowsExpected = Math.max(0, lastRow - 1));
  for await (const { row, cells } of readFirstSheetRows(file, XLSX_IMPORT_LIMITS, declared)) {
    if (!read) {
      // Row 1 is the header row (a sheet starting lower has no headers, hence missing columns).
      read = templateRowReader(row === 1 ? Array.from({ length: cells.length }, (_, i) => cellText(cells[i]).trim()) : [], language);
      if (row === 1) continue;
    }
    read(row, cells, batch);
    if (batch.rowsRead >= batchSize) {
      yield batch;
      batch = { ...emptyBatch(), rowsExpected: batch.rowsExpected };
    }
  }
  if (!read) templateRowReader([], language);
  if (batch.rowsRead) yield batch;
}

/** A header cell as text (exceljs' `cell.text`). */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return 'error' in value ? String(value.error) : '';
  return String(value);
}

/**
 * Reads a CSV a chunk at a time (one pass first for the encoding and the line count), handing out
 * batches as their rows complete: the file is never held whole as text.
 */
function* readCsv(file: TImportFile, batchSize: number, language: 'it' | 'en'): Generator<TStayImportBatch> {
  const { encoding, lines } = scanText(file);
  const decoder = new TextDecoder(encoding);
  const csv = csvRowReader();
  const rowsExpected = Math.max(0, lines - 1);
  let read: ReturnType<typeof templateRowReader> | null = null;
  let line = 0;
  let batch: TStayImportBatch = { ...emptyBatch(), rowsExpected };
  const take = (rows: string[][]) => {
    for (const cells of rows) {
      line++;
      if (line > MAX_IMPORT_ROWS + 1) throw tooLarge('rows', `At most ${MAX_IMPORT_ROWS} rows per file`, line, MAX_IMPORT_ROWS + 1);
      if (!read)
        read = templateRowReader(
          cells.map((h) => h.trim()),
          language,
        );
      else read(line, cells, batch);
    }
  };
  for (const chunk of fileChunks(file)) {
    take(csv.push(decoder.decode(chunk, { stream: true })));
    if (batch.rowsRead >= batchSize) {
      yield batch;
      batch = { ...emptyBatch(), rowsExpected };
    }
  }
  take(csv.push(decoder.decode()));
  take(csv.end());
  if (!read) throw unreadable('The file is empty');
  if (batch.rowsRead) yield batch;
}

/** What the police file does not say and the import asks: did the guests pay the tax? In which language to answer? */
export type TImportOptions = { paymentStatus?: 'paid' | 'not_paid'; noPaymentReason?: string | null; language?: 'it' | 'en' };

function alloggiatiGuest(g: TAlloggiatiGuest): TGuest {
  return {
    name: g.name,
    surname: g.surname,
    sex: g.sex,
    birthDate: g.birthDate,
    birthPlace: g.birthPlace,
    birthProvince: g.birthProvince,
    birthCountry: g.birthCountry,
    citizenship: g.citizenship,
    documentType: g.documentType,
    documentNumber: g.documentNumber,
    documentIssuePlace: g.documentIssuePlace,
  };
}

function readAlloggiati(bytes: Buffer, options: TImportOptions) {
  const { stays, errors } = parseAlloggiatiFile(decodeText(bytes), { language: options.language ?? 'it' });
  if (stays.length === 0 && errors.length === 0) throw unreadable('The file has no records');
  return {
    errors: errors.map((e) => ({ row: e.row, field: e.field, value: e.value, message: e.message })),
    stays: stays.map((s): TImportedStay => ({
      rows: s.rows,
      fingerprint: s.fingerprint,
      checkIn: s.checkIn,
      checkOut: s.checkOut,
      componentsNumber: s.componentsNumber,
      // Every member of the family or group is kept: the comune's age rules apply to each of them.
      guest: alloggiatiGuest(s.guest),
      guests: s.members.map(alloggiatiGuest),
      partyKind: s.kind === 'group' ? 'group' : s.kind === 'family' ? 'family' : null,
      paymentStatus: options.paymentStatus ?? 'paid',
      noPaymentReason: options.paymentStatus === 'not_paid' ? (options.noPaymentReason ?? null) : null,
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
export async function* readStayImportBatches(format: TImportFormat, file: TImportFile, batchSize = 5000, options: TImportOptions = {}): AsyncGenerator<TStayImportBatch> {
  if (fileSize(file) === 0) throw unreadable('The file is empty');
  const language = options.language ?? 'it';
  if (format === 'xlsx') yield* readXlsx(file, batchSize, language);
  else if (format === 'csv') yield* readCsv(file, batchSize, language);
  else {
    // A police file is read whole (at most the upload limit): a family's records are grouped across lines.
    const all = readAlloggiati(typeof file === 'string' ? fs.readFileSync(file) : file, options);
    for (let i = 0; i < Math.max(all.stays.length, 1); i += batchSize) {
      yield { stays: all.stays.slice(i, i + batchSize), errors: i === 0 ? all.errors : [], rowsRead: Math.min(batchSize, all.stays.length - i), rowsExpected: all.stays.length };
    }
  }
}

/** Reads a whole import file; every bad row is in `errors`, every good one in `stays`. */
export async function readStayImportFile(format: TImportFormat, bytes: TImportFile, options: TImportOptions = {}): Promise<{ stays: TImportedStay[]; errors: TImportRowError[] }> {
  const result: { stays: TImportedStay[]; errors: TImportRowError[] } = { stays: [], errors: [] };
  for await (const batch of readStayImportBatches(format, bytes, undefined, options)) {
    result.stays.push(...batch.stays);
    result.errors.push(...batch.errors);
  }
  return result;
}
