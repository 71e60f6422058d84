import ExcelJS from 'exceljs';
import { parseAlloggiatiFile } from '@app/domain/tourist-tax/alloggiati';
import { findMissingStayImportHeaders, stayImportFingerprint, validateStayImportRow } from '@app/domain/tourist-tax/stay-import';
import type { TGuest } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { parseCsv } from './csv.ts';

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

export const MAX_IMPORT_ROWS = 20_000;

function unreadable(message: string): AppError {
  return new AppError('IMPORT_UNREADABLE', message, { statusCode: 400, details: [{ path: 'file', message }] });
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
      statusCode: 400,
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

async function readXlsx(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw unreadable('The file is not a readable xlsx workbook');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw unreadable('The workbook has no sheet');
  if (sheet.rowCount > MAX_IMPORT_ROWS + 1) throw unreadable(`At most ${MAX_IMPORT_ROWS} rows per file`);
  const headerRow = sheet.getRow(1);
  const headers: string[] = [];
  headerRow.eachCell({ includeEmpty: true }, (cell, col) => {
    headers[col - 1] = cell.text?.trim() ?? '';
  });
  const rows: { row: number; cells: unknown[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    const cells: unknown[] = [];
    for (let col = 1; col <= headers.length; col++) cells.push(row.getCell(col).value);
    rows.push({ row: rowNumber, cells });
  });
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

function readAlloggiati(bytes: Buffer) {
  const { stays, errors } = parseAlloggiatiFile(decodeText(bytes));
  if (stays.length === 0 && errors.length === 0) throw unreadable('The file has no records');
  return {
    errors: errors.map((e) => ({ row: e.row, field: e.field, value: e.value, message: e.message })),
    stays: stays.map(
      (s): TImportedStay => ({
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
      }),
    ),
  };
}

/** Reads a whole import file; every bad row is in `errors`, every good one in `stays`. */
export async function readStayImportFile(format: TImportFormat, bytes: Buffer): Promise<{ stays: TImportedStay[]; errors: TImportRowError[] }> {
  if (bytes.length === 0) throw unreadable('The file is empty');
  if (format === 'xlsx') return readXlsx(bytes);
  if (format === 'csv') return readCsv(bytes);
  return readAlloggiati(bytes);
}
