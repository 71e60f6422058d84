import fs from 'node:fs';
import { createInflateRaw } from 'node:zlib';
import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { AppError } from './errors.ts';

/**
 * A bounded, streamed reader for the first worksheet of an xlsx file.
 *
 * An xlsx is a zip of XML parts, and a small file can expand enormously: a cell in column XFD makes a
 * row 16,384 cells wide, a shared-strings part of a few MB can inflate to a gigabyte. So the reader
 * checks what the file declares (zip directory sizes, the sheet's dimension) before any work, then
 * counts what it actually inflates and parses, and refuses with 400 `IMPORT_TOO_LARGE` (the detail's
 * `path` names the bound) as soon as a bound is passed. Only the shared strings are held in memory
 * (bounded); the sheet is inflated and parsed a chunk at a time and handed out row by row. A cell or a
 * shared string longer than Excel allows is refused at its first few hundred KB, never held whole.
 *
 * It is the one reader of a user's spreadsheet, and runs off the request thread (a document job, or the
 * stays import's worker): the bounds keep a crafted file's cost small, the thread keeps it from every
 * other request. Nothing is kept between files (no cache holds a file's text).
 *
 * Cell values follow exceljs' conventions, which the import validators expect: strings, numbers,
 * booleans, Dates (UTC) for numbers formatted as dates, `{ error }` for error cells; a formula cell
 * gives its cached result.
 */

export type TXlsxLimits = {
  /** Highest column number a cell may have (A = 1). */
  maxColumns: number;
  /** Highest row number a cell may have, header included. */
  maxRows: number;
  /** Entries in the shared-strings table. */
  maxSharedStrings: number;
  /** Characters in the shared-strings table, all entries together. */
  maxSharedStringChars: number;
  /** Uncompressed bytes of any one part of the zip. */
  maxPartBytes: number;
  /** Characters of one cell's text or one shared string (default: Excel's own limit, 32,767). */
  maxCellChars?: number;
};

export type TXlsxRow = { row: number; cells: unknown[] };

type TZipEntry = { name: string; method: number; compressedSize: number; size: number; offset: number };

/** Excel's limit on the characters of a cell; no spreadsheet program writes a longer one. */
export const EXCEL_MAX_CELL_CHARS = 32_767;
/** Markup allowed around the longest shared string while it is being read (rich-text runs). */
const PENDING_SLACK = 64 * 1024;
/** The longest row (its XML) the reader holds while looking for its end. */
const MAX_PENDING_ROW_CHARS = 16 * 1024 * 1024;
/**
 * The workbook, its relationships and the styles are read whole (they are small in any real file: a
 * heavily formatted workbook's styles are a few MB), so they have a bound of their own, far below a
 * sheet's: a styles part inflating to the part bound would otherwise be held whole as one string.
 */
const MAX_METADATA_CHARS = 16 * 1024 * 1024;
/** How far back a chunk's search for an end tag starts, so a tag cut by the chunk boundary is found. */
const END_TAG_OVERLAP = 256;

function unreadable(message: string): AppError {
  return new AppError('IMPORT_UNREADABLE', message, { details: [{ path: 'file', message }] });
}

export function tooLarge(bound: string, message: string, value: number, limit: number): AppError {
  return new AppError('IMPORT_TOO_LARGE', message, { details: [{ path: bound, message: `${message} (limit ${limit})`, value: String(value) }] });
}

/**
 * Where the zip's bytes are: in memory, or in a file read a range at a time (an uploaded import is
 * streamed to a temporary file, never held whole in memory).
 */
type TZipSource = { size: number; read(position: number, length: number): Buffer; stream(start: number, length: number): Readable };

function bufferSource(bytes: Buffer): TZipSource {
  return {
    size: bytes.length,
    read: (position, length) => bytes.subarray(position, position + length),
    stream: (start, length) => Readable.from([bytes.subarray(start, start + length)]),
  };
}

function fileSource(file: string): TZipSource & { close(): void } {
  const fd = fs.openSync(file, 'r');
  return {
    size: fs.fstatSync(fd).size,
    read(position, length) {
      const out = Buffer.alloc(Math.max(0, length));
      return out.subarray(0, fs.readSync(fd, out, 0, out.length, position));
    },
    // Each part is streamed through a descriptor of its own, closed when the stream ends or is destroyed.
    stream: (start, length) => (length > 0 ? fs.createReadStream(file, { start, end: start + length - 1, highWaterMark: 256 * 1024 }) : Readable.from([])),
    close: () => fs.closeSync(fd),
  };
}

/** The zip's central directory: every part with its declared sizes (no part is inflated here). */
function readZipDirectory(source: TZipSource): Map<string, TZipEntry> {
  // The end-of-central-directory record is in the last 64 KB + 22 bytes (it may carry a comment).
  const tailStart = Math.max(0, source.size - 65_557);
  const tail = source.read(tailStart, source.size - tailStart);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw unreadable('The file is not a readable xlsx workbook');
  const count = tail.readUInt16LE(eocd + 10);
  const directorySize = tail.readUInt32LE(eocd + 12);
  const directoryAt = tail.readUInt32LE(eocd + 16);
  if (directoryAt + directorySize > source.size) throw unreadable('The file is not a readable xlsx workbook');
  const bytes = source.read(directoryAt, directorySize);
  let at = 0;
  const entries = new Map<string, TZipEntry>();
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) throw unreadable('The file is not a readable xlsx workbook');
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength).replace(/\\/g, '/');
    entries.set(name.replace(/^\//, ''), {
      name,
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      offset: bytes.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The compressed bytes of one part (after its local header), as a stream. */
function partData(source: TZipSource, entry: TZipEntry): Readable {
  const at = entry.offset;
  const header = source.read(at, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== 0x04034b50) throw unreadable('The file is not a readable xlsx workbook');
  const start = at + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (start + entry.compressedSize > source.size) throw unreadable('The file is not a readable xlsx workbook');
  return source.stream(start, entry.compressedSize);
}

/**
 * The text of one part, a chunk at a time, counting the bytes actually inflated: the sizes in the
 * zip directory are only what the file claims.
 */
async function* partText(source: TZipSource, entry: TZipEntry, limits: TXlsxLimits): AsyncGenerator<string> {
  // Node's own UTF-8 decoder (characters cut by a chunk boundary are kept for the next): TextDecoder's streaming
  // decode costs several times more per byte, the largest cost of reading a big part.
  const decoder = new StringDecoder('utf8');
  if (entry.method === 0) {
    if (entry.compressedSize > limits.maxPartBytes) throw tooLarge('partSize', `A part of the file expands beyond ${limits.maxPartBytes} bytes`, entry.compressedSize, limits.maxPartBytes);
    for await (const chunk of partData(source, entry) as AsyncIterable<Buffer>) yield decoder.write(chunk);
    const rest = decoder.end();
    if (rest) yield rest;
    return;
  }
  if (entry.method !== 8) throw unreadable('The file is not a readable xlsx workbook');
  const data = partData(source, entry);
  const inflater = data.pipe(createInflateRaw({ chunkSize: 256 * 1024 }));
  let total = 0;
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > limits.maxPartBytes) throw tooLarge('partSize', `A part of the file expands beyond ${limits.maxPartBytes} bytes`, total, limits.maxPartBytes);
      yield decoder.write(chunk);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable('The file is not a readable xlsx workbook');
  } finally {
    inflater.destroy();
    data.unpipe(inflater);
    data.destroy();
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

async function wholePart(source: TZipSource, entry: TZipEntry, limits: TXlsxLimits): Promise<string> {
  let text = '';
  for await (const chunk of partText(source, entry, limits)) {
    text += chunk;
    if (text.length > MAX_METADATA_CHARS) throw tooLarge('partSize', `A part of the file (${entry.name}) expands beyond ${MAX_METADATA_CHARS} characters`, text.length, MAX_METADATA_CHARS);
  }
  return text;
}

const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML text to a string: entities and xlsx's `_xHHHH_` escapes of control characters. */
function xmlText(text: string): string {
  let out =
    text.indexOf('&') < 0
      ? text
      : text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, e: string) => {
          if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
          return ENTITY[e] ?? whole;
        });
  if (out.indexOf('_x') >= 0) out = out.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return out;
}

function attribute(attributes: string, name: string): string | undefined {
  let re = ATTRIBUTE_RES.get(name);
  if (!re) ATTRIBUTE_RES.set(name, (re = new RegExp(`(?:^|\\s)${name}="([^"]*)"`)));
  const match = re.exec(attributes);
  return match ? match[1] : undefined;
}

/** One expression per attribute name (a few names, asked for every cell of the sheet). */
const ATTRIBUTE_RES = new Map<string, RegExp>();

/** The text runs of a string item (`<si>` or `<is>`), phonetic runs left out. */
function runsText(inner: string): string {
  const cleaned = inner.indexOf('rPh') >= 0 ? inner.replace(/<(?:\w+:)?rPh\b[\s\S]*?<\/(?:\w+:)?rPh>/g, '') : inner;
  let text = '';
  const re = /<(?:\w+:)?t(?:\s[^>]*)?>([^<]*)<\/(?:\w+:)?t>/g;
  for (let m = re.exec(cleaned); m; m = re.exec(cleaned)) text += m[1];
  return xmlText(text);
}

/** Column number of a cell reference ("AB12" -> 28). */
function columnOf(ref: string): number {
  let col = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    col = col * 26 + (c - 64);
  }
  return col;
}

// Built-in number formats that show dates or times.
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

function isDateFormatCode(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\\./g, '');
  return /[dmyhs]/i.test(bare) && !/^general$/i.test(bare.trim());
}

/** For each cell style index, whether its number format is a date. */
function dateStyles(stylesXml: string): boolean[] {
  const custom = new Map<number, string>();
  const fmtRe = /<(?:\w+:)?numFmt\b([^>]*)\/?>/g;
  for (let m = fmtRe.exec(stylesXml); m; m = fmtRe.exec(stylesXml)) {
    const id = Number(attribute(m[1], 'numFmtId'));
    const code = attribute(m[1], 'formatCode');
    if (Number.isFinite(id) && code !== undefined) custom.set(id, xmlText(code));
  }
  const xfs = /<(?:\w+:)?cellXfs\b[^>]*>([\s\S]*?)<\/(?:\w+:)?cellXfs>/.exec(stylesXml)?.[1] ?? '';
  const result: boolean[] = [];
  const xfRe = /<(?:\w+:)?xf\b([^>]*)>/g;
  for (let m = xfRe.exec(xfs); m; m = xfRe.exec(xfs)) {
    const id = Number(attribute(m[1], 'numFmtId') ?? 0);
    result.push(DATE_FORMAT_IDS.has(id) || (custom.has(id) && isDateFormatCode(custom.get(id)!)));
  }
  return result;
}

/** The first worksheet's part name, from the workbook and its relationships. */
function firstSheetPath(workbookXml: string, relsXml: string): string | null {
  const sheet = /<(?:\w+:)?sheet\b([^>]*)\/?>/.exec(workbookXml);
  if (!sheet) return null;
  const rid = /\br:id="([^"]*)"|\bid="([^"]*)"/.exec(sheet[1].replace(/\bsheetId="[^"]*"/, ''));
  const id = rid?.[1] ?? rid?.[2];
  const relRe = /<(?:\w+:)?Relationship\b([^>]*)\/?>/g;
  for (let m = relRe.exec(relsXml); m; m = relRe.exec(relsXml)) {
    if (attribute(m[1], 'Id') !== id) continue;
    const target = attribute(m[1], 'Target') ?? '';
    return target.startsWith('/') ? target.slice(1) : `xl/${target}`.replace(/\/\.\//g, '/');
  }
  return null;
}

/** The end of a string item: text never holds `<`, so these are tags, whatever the text says. */
const SHARED_STRING_END = /<\/(?:\w+:)?si>|<(?:\w+:)?si\b[^<>]*\/>/;

/** The raw XML characters one text node may take: every character written as an entity (`&#1114111;` is 10). */
const textRunBound = (limits: TXlsxLimits) => (limits.maxCellChars ?? EXCEL_MAX_CELL_CHARS) * 10 + PENDING_SLACK;

async function readSharedStrings(source: TZipSource, entry: TZipEntry | undefined, limits: TXlsxLimits): Promise<string[]> {
  if (!entry) return [];
  const maxCell = limits.maxCellChars ?? EXCEL_MAX_CELL_CHARS;
  const maxRun = textRunBound(limits);
  // One unfinished item: its text and the markup of its runs.
  const maxPending = Math.min(limits.maxSharedStringChars + PENDING_SLACK, maxRun + 16 * PENDING_SLACK);
  const strings: string[] = [];
  let chars = 0;
  let buffer = '';
  const siRe = /<(?:\w+:)?si\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:\w+:)?si>)/g;
  const takeItems = () => {
    let consumed = 0;
    siRe.lastIndex = 0;
    for (let m = siRe.exec(buffer); m; m = siRe.exec(buffer)) {
      const text = m[1] === undefined ? '' : ownString(runsText(m[1]));
      if (text.length > maxCell) throw tooLarge('sharedStringsSize', `A shared string is longer than ${maxCell} characters`, text.length, maxCell);
      chars += text.length;
      if (strings.length >= limits.maxSharedStrings) {
        throw tooLarge('sharedStrings', `The file has more than ${limits.maxSharedStrings} shared strings`, strings.length + 1, limits.maxSharedStrings);
      }
      if (chars > limits.maxSharedStringChars) {
        throw tooLarge('sharedStringsSize', `The file's shared strings exceed ${limits.maxSharedStringChars} characters`, chars, limits.maxSharedStringChars);
      }
      strings.push(text);
      consumed = siRe.lastIndex;
    }
    buffer = buffer.slice(consumed);
    if (buffer.indexOf('<') < 0) buffer = ''; // only whitespace between items
  };
  for await (const chunk of partText(source, entry, limits)) {
    // Only a chunk that ends an item (the search starts a little before it, for a tag cut in two) is
    // scanned; the rest of the buffer is one unfinished item, itself bounded, so no byte is scanned
    // again and again (a quadratic cost) and a huge string is refused long before it is whole.
    const searchFrom = Math.max(0, buffer.length - END_TAG_OVERLAP);
    buffer += chunk;
    if (SHARED_STRING_END.test(buffer.slice(searchFrom))) takeItems();
    else if (buffer.indexOf('<') < 0) buffer = '';
    if (buffer.length - buffer.lastIndexOf('<') > maxRun) throw tooLarge('sharedStringsSize', `A shared string is longer than ${maxCell} characters`, buffer.length - buffer.lastIndexOf('<'), maxCell);
    if (buffer.length > maxPending) {
      throw tooLarge('sharedStringsSize', `The file's shared strings exceed ${limits.maxSharedStringChars} characters`, buffer.length, limits.maxSharedStringChars);
    }
  }
  takeItems();
  return strings;
}

/**
 * A string with storage of its own. V8 keeps a substring as a view of its parent, so a cell's text
 * would hold the whole inflated chunk it was cut from (all of them, for a sheet whose rows are kept:
 * 200 texts of 50 characters cut from 1 MB chunks hold 200 MB). Slicing a concatenation copies the
 * characters once into a string of their own length; short strings V8 copies by itself.
 */
function ownString(text: string): string {
  return text.length < 13 ? text : (' ' + text).slice(1);
}

/** V8 keeps the subject of the last regular-expression match (`RegExp.input`): a match on nothing lets the file go. */
function forgetLastMatch() {
  /^$/.exec('');
}

function serialToDate(serial: number, date1904: boolean): Date {
  return new Date(Math.round((serial - (date1904 ? 24107 : 25569)) * 86_400_000));
}

/**
 * The rows of the first worksheet, in order, each with its 1-based row number and its cells by
 * column (index 0 = column A; blank cells are undefined). Empty rows are skipped. `file` is the
 * workbook's bytes or the path of a file holding them (read a range at a time). `onDimension`
 * hears the last row the sheet declares, when it declares one (for a progress bar).
 */
export async function* readFirstSheetRows(file: Buffer | string, limits: TXlsxLimits, onDimension?: (lastRow: number) => void): AsyncGenerator<TXlsxRow> {
  if (typeof file !== 'string') {
    yield* readSheetRows(bufferSource(file), limits, onDimension);
    return;
  }
  const source = fileSource(file);
  try {
    yield* readSheetRows(source, limits, onDimension);
  } finally {
    source.close();
  }
}

/** The end of a row (text never holds `<`); and the start of one. */
const ROW_END = /<\/(?:\w+:)?row>|<(?:\w+:)?row\b[^<>]*\/>/;
const ROW_START = /<(?:\w+:)?row\b/;

async function* readSheetRows(source: TZipSource, limits: TXlsxLimits, onDimension?: (lastRow: number) => void): AsyncGenerator<TXlsxRow> {
  const entries = readZipDirectory(source);
  for (const entry of entries.values()) {
    if (entry.size > limits.maxPartBytes) {
      throw tooLarge('partSize', `A part of the file (${entry.name}) expands beyond ${limits.maxPartBytes} bytes`, entry.size, limits.maxPartBytes);
    }
  }
  const workbook = entries.get('xl/workbook.xml');
  const rels = entries.get('xl/_rels/workbook.xml.rels');
  if (!workbook || !rels) throw unreadable('The file is not a readable xlsx workbook');
  const workbookXml = await wholePart(source, workbook, limits);
  const sheetPath = firstSheetPath(workbookXml, await wholePart(source, rels, limits));
  const sheet = sheetPath ? entries.get(sheetPath) : undefined;
  if (!sheet) throw unreadable('The workbook has no sheet');
  const date1904 = /date1904="(1|true)"/.test(workbookXml);
  const styles = entries.get('xl/styles.xml');
  const isDateStyle = styles ? dateStyles(await wholePart(source, styles, limits)) : [];
  const maxCell = limits.maxCellChars ?? EXCEL_MAX_CELL_CHARS;
  const maxRun = textRunBound(limits);

  let buffer = '';
  let checkedDimension = false;
  let strings: string[] = [];
  const rowRe = /<(?:\w+:)?row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?row>)/g;
  const cellRe = /<(?:\w+:)?c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?c>)/g;
  let lastRow = 0;
  // Row elements seen: a file repeating one row number must not pass the row bound either.
  let rowElements = 0;
  /** The complete rows at the start of the buffer, which keeps only what follows them. */
  function* takeRows(): Generator<TXlsxRow> {
    let consumed = 0;
    rowRe.lastIndex = 0;
    for (let m = rowRe.exec(buffer); m; m = rowRe.exec(buffer)) {
      consumed = rowRe.lastIndex;
      const number = Number(attribute(m[1], 'r') ?? lastRow + 1);
      lastRow = number;
      if (!(number <= limits.maxRows)) checkBounds(0, Number.isFinite(number) ? number : limits.maxRows + 1, limits);
      if (++rowElements > limits.maxRows) checkBounds(0, rowElements, limits);
      if (!m[2]) continue;
      const cells: unknown[] = [];
      let nextColumn = 1;
      let any = false;
      cellRe.lastIndex = 0;
      for (let c = cellRe.exec(m[2]); c; c = cellRe.exec(m[2])) {
        const ref = attribute(c[1], 'r');
        const column = ref ? columnOf(ref) : nextColumn;
        nextColumn = column + 1;
        if (column > limits.maxColumns) checkBounds(column, number, limits);
        const value = cellValue(c[1], c[2], strings, isDateStyle, date1904, maxCell);
        if (value === undefined) continue;
        cells[column - 1] = value;
        any = true;
      }
      if (any) yield { row: number, cells };
    }
    buffer = buffer.slice(consumed);
    // Keep from the next row's start: markup outside rows, hostile or not, is never scanned twice.
    const next = buffer.search(ROW_START);
    buffer = next >= 0 ? buffer.slice(next) : buffer.slice(Math.max(0, buffer.lastIndexOf('<')));
    if (buffer.indexOf('<') < 0) buffer = '';
  }
  try {
    for await (const chunk of partText(source, sheet, limits)) {
      const searchFrom = Math.max(0, buffer.length - END_TAG_OVERLAP);
      buffer += chunk;
      if (!checkedDimension) {
        const sheetData = buffer.search(/<(?:\w+:)?sheetData\b/);
        if (sheetData < 0) {
          if (buffer.length > MAX_PENDING_ROW_CHARS) throw tooLarge('markupSize', `The sheet has markup longer than ${MAX_PENDING_ROW_CHARS} characters`, buffer.length, MAX_PENDING_ROW_CHARS);
          continue;
        }
        checkedDimension = true;
        // What the sheet declares it spans, checked before any row is read.
        const dimension = /<(?:\w+:)?dimension\b[^>]*\bref="[A-Z]*\d*:?([A-Z]+)(\d+)"/.exec(buffer.slice(0, sheetData));
        if (dimension) {
          checkBounds(columnOf(dimension[1]), Number(dimension[2]), limits);
          onDimension?.(Number(dimension[2]));
        }
        strings = await readSharedStrings(source, entries.get('xl/sharedStrings.xml'), limits);
        buffer = buffer.slice(sheetData);
        yield* takeRows();
      } else if (ROW_END.test(buffer.slice(searchFrom))) {
        // Only a chunk that ends a row is scanned (from the buffer's start: the rows it completes); the
        // rest of the buffer is one unfinished row, so no byte is scanned again and again.
        yield* takeRows();
      }
      if (buffer.indexOf('<') < 0) buffer = ''; // only whitespace between rows
      // One text node (a cell's value) and one row are bounded before they are whole: a cell
      // inflating to hundreds of MB is refused at its first few hundred KB.
      const run = buffer.length - buffer.lastIndexOf('<');
      if (buffer.length && run > maxRun) throw tooLarge('cellSize', `A cell holds more than ${maxCell} characters`, run, maxCell);
      if (buffer.length > MAX_PENDING_ROW_CHARS) {
        throw tooLarge('markupSize', `The sheet has markup longer than ${MAX_PENDING_ROW_CHARS} characters`, buffer.length, MAX_PENDING_ROW_CHARS);
      }
    }
    if (!checkedDimension) throw unreadable('The workbook has no sheet');
    yield* takeRows();
  } finally {
    buffer = '';
    strings = [];
    forgetLastMatch();
  }
}

/** A cell's text, within the cell bound, with storage of its own (the rows of a sheet may be kept whole). */
function cellText(text: string, maxCell: number): string {
  if (text.length > maxCell) throw tooLarge('cellSize', `A cell holds more than ${maxCell} characters`, text.length, maxCell);
  return ownString(text);
}

function checkBounds(columns: number, rows: number, limits: TXlsxLimits) {
  if (columns > limits.maxColumns) throw tooLarge('columns', `At most ${limits.maxColumns} columns per sheet`, columns, limits.maxColumns);
  if (rows > limits.maxRows) throw tooLarge('rows', `At most ${limits.maxRows - 1} rows per file`, rows, limits.maxRows);
}

function cellValue(attributes: string, inner: string | undefined, strings: string[], isDateStyle: boolean[], date1904: boolean, maxCell: number): unknown {
  if (inner === undefined) return undefined;
  const type = attribute(attributes, 't') ?? 'n';
  if (type === 'inlineStr') {
    const is = /<(?:\w+:)?is>([\s\S]*?)<\/(?:\w+:)?is>/.exec(inner);
    return is ? cellText(runsText(is[1]), maxCell) : undefined;
  }
  const v = /<(?:\w+:)?v(?:\s[^>]*)?>([^<]*)<\/(?:\w+:)?v>/.exec(inner);
  if (!v) return undefined;
  const raw = v[1];
  switch (type) {
    case 's':
      return strings[Number(raw)];
    case 'str':
      return cellText(xmlText(raw), maxCell);
    case 'b':
      return raw === '1' || raw === 'true';
    case 'e':
      return { error: xmlText(raw) };
    case 'd':
      return new Date(raw);
    default: {
      const n = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(n)) return cellText(xmlText(raw), maxCell);
      const style = Number(attribute(attributes, 's') ?? 0);
      return isDateStyle[style] ? serialToDate(n, date1904) : n;
    }
  }
}
