/**
 * The RDP import's reading and row checks, run as a document job (lib/document-jobs.ts) off the request thread: the
 * request loads the catalogue the rows name, hands it over with the file's bytes, and writes what comes back.
 * Nothing here touches the database or starts anything at load.
 */
import { createHash } from 'node:crypto';
import { analyticColumns, MAX_RDP_IMPORT_ROWS, validateRdpImportRows, type TRdpImportCatalogue, type TRdpImportError, type TRdpImportGroup } from '@app/domain/environmental/rdp/index';
import { AppError } from '../../../lib/errors.ts';
import { readFirstSheetRows, type TXlsxLimits } from '../../../lib/xlsx-read.ts';

/** Larger than any RDP import (a 20,000-row export with every column filled is about 2 MB). */
export const MAX_RDP_IMPORT_BYTES = 20 * 1024 * 1024;

/** Columns kept per row: the template has 29; a few more are tolerated (notes beside the data) and ignored. */
const MAX_COLUMNS = 60;

/**
 * What an RDP import may expand to; beyond, 400 IMPORT_TOO_LARGE as soon as reading reaches the bound. A 20,000-row
 * import (the most a file takes) with every column filled has a sheet of about 20 MB (2 MB zipped) and at most a few tens of
 * thousands of distinct texts (report codes, values written as text, names): the bounds leave room for that and no
 * more, so a crafted file is refused after a few MB of inflating, not a GB.
 */
export const RDP_IMPORT_XLSX_LIMITS: TXlsxLimits = {
  maxColumns: 64,
  maxRows: MAX_RDP_IMPORT_ROWS + 1,
  maxSharedStrings: 250_000,
  maxSharedStringChars: 8 * 1024 * 1024,
  maxPartBytes: 96 * 1024 * 1024,
};

export type TRdpImportSheet = { headers: unknown[]; rows: { row: number; cells: unknown[] }[] };

/**
 * What the job answers: the reports to write, each with the hash of its rows and its analytic columns (rows with their
 * limit checks: 20,000 of them took over half a second of the request thread), or every problem of every row.
 */
export type TRdpImportReading = { ok: true; groups: { group: TRdpImportGroup; hash: string; analytic: ReturnType<typeof analyticColumns> }[] } | { ok: false; errors: TRdpImportError[] };

function unreadable(message: string): AppError {
  return new AppError('IMPORT_UNREADABLE', message, { details: [{ path: 'file', message }] });
}

/** The first sheet as header cells and rows of cell values, read with the bounded reader (lib/xlsx-read.ts). */
export async function readRdpImportSheet(bytes: Uint8Array): Promise<TRdpImportSheet> {
  if (bytes.byteLength === 0) throw unreadable('The file is empty');
  let headers: unknown[] = [];
  const rows: TRdpImportSheet['rows'] = [];
  let first = true;
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for await (const { row, cells } of readFirstSheetRows(file, RDP_IMPORT_XLSX_LIMITS)) {
    if (first) {
      first = false;
      if (row === 1) {
        headers = Array.from({ length: Math.min(cells.length, MAX_COLUMNS) }, (_, i) => cells[i] ?? null);
        continue;
      }
    }
    rows.push({ row, cells: cells.length > headers.length ? cells.slice(0, headers.length) : cells });
  }
  if (headers.length === 0) throw unreadable('The first row must hold the column headers');
  return { headers, rows };
}

const hashOf = (group: TRdpImportGroup) => createHash('sha256').update(JSON.stringify(group.input)).digest('hex');

/** The job: reads the file and checks every row against the catalogue; a re-import is recognised by the hashes. */
export async function readRdpImport(bytes: Uint8Array, catalogue: TRdpImportCatalogue): Promise<TRdpImportReading> {
  const result = validateRdpImportRows(await readRdpImportSheet(bytes), catalogue);
  if (!result.ok) return result;
  return { ok: true, groups: result.groups.map((group) => ({ group, hash: hashOf(group), analytic: analyticColumns(group.input.analyticData ?? []) })) };
}
