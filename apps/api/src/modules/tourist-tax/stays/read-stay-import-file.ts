import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { parseAlloggiatiFile, type TAlloggiatiGuest } from '@app/domain/tourist-tax/alloggiati';
import { findMissingStayImportHeaders, stayImportFingerprint, validateStayImportRow } from '@app/domain/tourist-tax/stay-import';
import type { TGuest } from '../../../db/schema/index.ts';
import { AppError } from '../../../lib/errors.ts';
import { parseCsv } from '../../../lib/csv.ts';

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

/** Spreadsheet-like rows (header row first) to stays, validating every row with the domain rules. */
function readTemplateRows(rows: { row: number; cells: unknown[] }[], headers: string[]) {
  const stays: TImportedStay[] = [];
  const errors: TImportRowError[] = [];
  const missing = findMissingStayImportHeaders(headers);
  if (missing.length) {
    throw new AppError('IMPORT_INVALID', `Missing columns: ${missing.join(', ')}. Use the import template.`, {
      details: missing.map((header) => ({ path: 'header', row: 1, message: `Missing column "${header}"`, value: header })),
    });
  }
  for (const { row, cells } of rows) {
    if (cells.every((c) => c === null || c === undefined || String(c).trim() === '')) continue;
    const record: Record<string, unknown> = {};
    headers.forEach((header, i) => {
      if (header) record[header] = cells[i];
    });
    const result = validateStayImportRow(record, row);
    if (!result.ok) {
      errors.push(...result.errors.map((e) => ({ row: e.row, field: e.field, value: e.value, message: e.message })));
      continue;
    }
    const v = result.value;
    stays.push({
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
  }
  return { stays, errors };
}

/**
 * Reads the first sheet with exceljs' streaming reader, so the row limit is enforced while reading:
 * loading a whole oversized workbook first would cost hundreds of megabytes before refusing it.
 */
async function readXlsx(bytes: Buffer) {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'emit',
  });
  const headers: string[] = [];
  const rows: { row: number; cells: unknown[] }[] = [];
  let sawSheet = false;
  try {
    for await (const sheet of reader) {
      sawSheet = true;
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        if (row.number > MAX_IMPORT_ROWS + 1) throw unreadable(`At most ${MAX_IMPORT_ROWS} rows per file`);
        if (row.number === 1) {
          row.eachCell({ includeEmpty: true }, (cell, col) => {
            headers[col - 1] = cell.text?.trim() ?? '';
          });
          continue;
        }
        if (!row.hasValues) continue;
        const cells: unknown[] = [];
        for (let col = 1; col <= headers.length; col++) cells.push(row.getCell(col).value);
        rows.push({ row: row.number, cells });
      }
      break; // only the first sheet holds stays
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable('The file is not a readable xlsx workbook');
  }
  if (!sawSheet) throw unreadable('The workbook has no sheet');
  return readTemplateRows(rows, headers);
}

function readCsv(bytes: Buffer) {
  const table = parseCsv(decodeText(bytes));
  if (table.length === 0) throw unreadable('The file is empty');
  if (table.length > MAX_IMPORT_ROWS + 1) throw unreadable(`At most ${MAX_IMPORT_ROWS} rows per file`);
  const [headers, ...body] = table;
  return readTemplateRows(
    body.map((cells, i) => ({ row: i + 2, cells })),
    headers.map((h) => h.trim()),
  );
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

/** Reads a whole import file; every bad row is in `errors`, every good one in `stays`. */
export async function readStayImportFile(format: TImportFormat, bytes: Buffer, options: TImportOptions = {}): Promise<{ stays: TImportedStay[]; errors: TImportRowError[] }> {
  if (bytes.length === 0) throw unreadable('The file is empty');
  if (format === 'xlsx') return readXlsx(bytes);
  if (format === 'csv') return readCsv(bytes);
  return readAlloggiati(bytes, options);
}
