import { crc32, createDeflateRaw } from 'node:zlib';
import { Writable } from 'node:stream';

/**
 * The one xlsx writer of the API (see ARCHITECTURE.md, "One spreadsheet stack"): exports of any size and the small
 * workbooks of the import templates. The sheet XML is written as bytes (SheetRows), a page of rows at a time, through
 * zlib's deflate (which runs on libuv's thread pool, off the event loop) straight into the output, zipped with data
 * descriptors so nothing is buffered whole. Styles are set once per column (a number format each), not per cell, with
 * a bold variant for the header and for rows asked bold; strings are inline (a shared-strings table would grow with the
 * rows). A workbook may have several sheets, written one after the other.
 */

export type TXlsxColumn = { header: string; key: string; width?: number; numFmt?: string };

/** Adds one row: values keyed by column key, or in column order. `bold` sets every cell of the row in bold. */
export type TAddRow = (values: Record<string, unknown> | readonly unknown[], options?: { bold?: boolean }) => void;

/** Writes a sheet's rows with `add`; awaiting `flush` between pages keeps memory flat however many rows. */
export type TWriteRows = (add: TAddRow, flush: () => Promise<void>) => Promise<void>;

export type TXlsxSheet = { sheetName: string; columns: readonly TXlsxColumn[]; writeRows: TWriteRows };

const XML_HEADER = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
// Excel's day 0 is 1899-12-30; 25569 is 1970-01-01.
const EPOCH_DAYS = 25569;
const FLUSH_AT = 256 * 1024;

// XML 1.0 forbids most control characters; a stray one in a guest's name must not break the file.
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
// eslint-disable-next-line no-control-regex
const ESCAPE_ALL = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

function escapeXml(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text.replace(ESCAPE_ALL, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : ''));
}

function columnLetters(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    letters = String.fromCharCode(65 + rem) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

type TEntry = { name: string; crc: number; compressedSize: number; size: number; offset: number };

/** Zip container over a Writable, one deflated entry at a time, honouring the output's backpressure (also the NCA evidence pack's). */
export class ZipStream {
  private offset = 0;
  private readonly entries: TEntry[] = [];
  constructor(private readonly out: Writable) {}

  private async write(bytes: Buffer) {
    this.offset += bytes.length;
    if (!this.out.write(bytes)) await new Promise<void>((resolve, reject) => this.drainOrClose(resolve, reject));
  }

  private drainOrClose(resolve: () => void, reject: (error: Error) => void) {
    const onDrain = () => (cleanup(), resolve());
    const onClose = () => (cleanup(), reject(new Error('the output closed before the file was complete')));
    const cleanup = () => {
      this.out.off('drain', onDrain);
      this.out.off('close', onClose);
    };
    this.out.once('drain', onDrain);
    this.out.once('close', onClose);
  }

  /** Starts an entry; `write` deflates text into it, `end` closes it. */
  async open(name: string) {
    const nameBytes = Buffer.from(name, 'utf8');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4); // version needed
    header.writeUInt16LE(0x0808, 6); // data descriptor follows; UTF-8 names
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt16LE(0, 10);
    header.writeUInt16LE(0x21, 12); // 1980-01-01
    header.writeUInt16LE(nameBytes.length, 26);
    const entry: TEntry = { name, crc: 0, compressedSize: 0, size: 0, offset: this.offset };
    await this.write(Buffer.concat([header, nameBytes]));
    const deflate = createDeflateRaw({ level: 1, memLevel: 9 });
    const pending: Promise<void>[] = [];
    let failure: Error | null = null;
    deflate.on('data', (chunk: Buffer) => {
      entry.compressedSize += chunk.length;
      this.offset += chunk.length;
      if (!this.out.write(chunk)) {
        deflate.pause();
        pending.push(new Promise<void>((resolve, reject) => this.drainOrClose(resolve, reject)).then(() => void deflate.resume()));
      }
    });
    deflate.on('error', (error) => (failure = error));
    const ended = new Promise<void>((resolve, reject) => {
      deflate.once('end', resolve);
      deflate.once('error', reject);
    });
    return {
      /** Deflates text or bytes; resolves when deflate can take more (its buffer drained). `consumed` is called once deflate is done with the bytes. */
      write: async (content: string | Buffer, consumed?: () => void) => {
        if (failure) throw failure;
        const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
        entry.crc = crc32(bytes, entry.crc);
        entry.size += bytes.length;
        if (!deflate.write(bytes, consumed && (() => consumed()))) await new Promise<void>((resolve) => deflate.once('drain', resolve));
      },
      end: async () => {
        deflate.end();
        await ended;
        await Promise.all(pending);
        if (entry.size > 0xffffffff || this.offset > 0xffffffff) throw new Error('xlsx export beyond 4 GB (no ZIP64)');
        const descriptor = Buffer.alloc(16);
        descriptor.writeUInt32LE(0x08074b50, 0);
        descriptor.writeUInt32LE(entry.crc >>> 0, 4);
        descriptor.writeUInt32LE(entry.compressedSize, 8);
        descriptor.writeUInt32LE(entry.size, 12);
        await this.write(descriptor);
        this.entries.push(entry);
      },
    };
  }

  async addText(name: string, text: string) {
    const entry = await this.open(name);
    await entry.write(text);
    await entry.end();
  }

  /** The central directory and its end record. */
  async finish() {
    const start = this.offset;
    const records = this.entries.map((entry) => {
      const nameBytes = Buffer.from(entry.name, 'utf8');
      const record = Buffer.alloc(46);
      record.writeUInt32LE(0x02014b50, 0);
      record.writeUInt16LE(20, 4);
      record.writeUInt16LE(20, 6);
      record.writeUInt16LE(0x0808, 8);
      record.writeUInt16LE(8, 10);
      record.writeUInt16LE(0, 12);
      record.writeUInt16LE(0x21, 14);
      record.writeUInt32LE(entry.crc >>> 0, 16);
      record.writeUInt32LE(entry.compressedSize, 20);
      record.writeUInt32LE(entry.size, 24);
      record.writeUInt16LE(nameBytes.length, 28);
      record.writeUInt32LE(entry.offset, 42);
      return Buffer.concat([record, nameBytes]);
    });
    const directory = Buffer.concat(records);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(records.length, 8);
    end.writeUInt16LE(records.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(start, 16);
    await this.write(Buffer.concat([directory, end]));
  }
}

type TStyles = { xml: string; styleOf: (numFmt: string | undefined, bold: boolean) => number; dateStyle: (bold: boolean) => number };

/**
 * The cell styles: one per number format (general, the built-in date 14, then each custom format), each in a plain and a
 * bold variant (xf 2n and 2n + 1): xf 0 is the default, 1 bold (the header), 2 and 3 dates.
 */
function stylesXml(formats: string[]): TStyles {
  const custom = formats.map((code, i) => ({ id: 164 + i, code }));
  const xfs = [0, 14, ...custom.map((f) => f.id)].flatMap((id) => [
    `<xf numFmtId="${id}" fontId="0" fillId="0" borderId="0" xfId="0"${id ? ' applyNumberFormat="1"' : ''}/>`,
    `<xf numFmtId="${id}" fontId="1" fillId="0" borderId="0" xfId="0"${id ? ' applyNumberFormat="1"' : ''} applyFont="1"/>`,
  ]);
  const xml =
    `${XML_HEADER}<styleSheet xmlns="${NS}">` +
    (custom.length ? `<numFmts count="${custom.length}">${custom.map((f) => `<numFmt numFmtId="${f.id}" formatCode="${escapeXml(f.code)}"/>`).join('')}</numFmts>` : '') +
    '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${xfs.length}">${xfs.join('')}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';
  const variant = (bold: boolean) => (bold ? 1 : 0);
  return {
    xml,
    styleOf: (numFmt, bold) => (numFmt ? 2 * (2 + formats.indexOf(numFmt)) : 0) + variant(bold),
    dateStyle: (bold) => 2 + variant(bold),
  };
}

/** A sheet cell's XML as bytes: `<c r="` + column letters, then the row number, then the type's tail. */
type TCellTails = { open: Uint8Array; number: Uint8Array; date: Uint8Array; text: Uint8Array; bool: Uint8Array };

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const ROW_OPEN = ascii('<row r="');
const ROW_OPEN_END = ascii('">');
const ROW_CLOSE = ascii('</row>');
const VALUE_CLOSE = ascii('</v></c>');
const TEXT_CLOSE = ascii('</t></is></c>');
const PRESERVE = ascii(' xml:space="preserve"');
const ENTITIES: Record<number, Uint8Array> = { 38: ascii('&amp;'), 60: ascii('&lt;'), 62: ascii('&gt;'), 34: ascii('&quot;') };
// The longest a UTF-16 code unit gets once escaped (`"` -> `&quot;`); what a text may need is reserved before writing it.
const MAX_BYTES_PER_UNIT = 6;
const CHUNK = 1024 * 1024;

/**
 * The rows of the sheet written as bytes straight into a buffer: no string is built per cell or per
 * row, so nothing but the cell values is left for the garbage collector (measured on 1,000,000 rows
 * of the stays export: string concatenation spent more CPU flattening and collecting than writing).
 * A full buffer is handed to `emit`, which gives it back through `done` once deflated: buffers are
 * reused, as allocating a fresh megabyte each time makes V8 collect for the external memory.
 */
class SheetRows {
  private buf: Buffer = Buffer.allocUnsafe(CHUNK);
  private pos = 0;
  private readonly spare: Buffer[] = [];
  private readonly digits = new Uint8Array(16);
  private digitsLength = 0;

  constructor(private readonly emit: (bytes: Buffer, done: () => void) => void) {}

  /** Hands over what was written so far (nothing if empty). */
  take() {
    if (this.pos === 0) return;
    const full = this.buf;
    this.emit(full.subarray(0, this.pos), () => {
      if (full.length === CHUNK && this.spare.length < 4) this.spare.push(full);
    });
    this.buf = this.spare.pop() ?? Buffer.allocUnsafe(CHUNK);
    this.pos = 0;
  }

  get size() {
    return this.pos;
  }

  /** Room for `bytes` more bytes: the buffer so far goes out first if they do not fit. */
  private reserve(bytes: number) {
    if (this.pos + bytes <= this.buf.length) return;
    this.take();
    if (bytes > this.buf.length) this.buf = Buffer.allocUnsafe(bytes);
  }

  private put(bytes: Uint8Array) {
    const buf = this.buf;
    let pos = this.pos;
    for (let i = 0; i < bytes.length; i++) buf[pos++] = bytes[i];
    this.pos = pos;
  }

  /** Starts row `n` (1-based); its digits are kept for the cells' references. */
  openRow(n: number) {
    let at = this.digits.length;
    do {
      this.digits[--at] = 48 + (n % 10);
      n = Math.floor(n / 10);
    } while (n > 0);
    this.digits.copyWithin(0, at);
    this.digitsLength = this.digits.length - at;
    this.reserve(64);
    this.put(ROW_OPEN);
    this.putRowNumber();
    this.put(ROW_OPEN_END);
  }

  private putRowNumber() {
    const buf = this.buf;
    for (let i = 0; i < this.digitsLength; i++) buf[this.pos++] = this.digits[i];
  }

  closeRow() {
    this.reserve(8);
    this.put(ROW_CLOSE);
  }

  private openCell(tails: TCellTails, tail: Uint8Array, reserve: number) {
    this.reserve(tails.open.length + this.digitsLength + tail.length + reserve);
    this.put(tails.open);
    this.putRowNumber();
    this.put(tail);
  }

  /** A finite number (a date is a number with a date style). */
  number(tails: TCellTails, tail: Uint8Array, value: number) {
    if (Number.isInteger(value) && Math.abs(value) < 2 ** 31) {
      this.openCell(tails, tail, 24);
      const buf = this.buf;
      if (value < 0) {
        buf[this.pos++] = 45;
        value = -value;
      }
      let start = this.pos;
      do {
        buf[this.pos++] = 48 + (value % 10);
        value = Math.floor(value / 10);
      } while (value > 0);
      // The digits came out last first.
      for (let end = this.pos - 1; start < end; start++, end--) {
        const digit = buf[start];
        buf[start] = buf[end];
        buf[end] = digit;
      }
    } else {
      const text = String(value);
      this.openCell(tails, tail, text.length + 16);
      const buf = this.buf;
      for (let i = 0; i < text.length; i++) buf[this.pos++] = text.charCodeAt(i);
    }
    this.put(VALUE_CLOSE);
  }

  bool(tails: TCellTails, value: boolean) {
    this.openCell(tails, tails.bool, 16);
    this.buf[this.pos++] = value ? 49 : 48;
    this.put(VALUE_CLOSE);
  }

  /**
   * An inline string, escaped and UTF-8 encoded here. Characters XML 1.0 forbids (most control
   * characters, U+FFFE/U+FFFF) are dropped: a stray one in a guest's name must not break the file;
   * a lone surrogate becomes U+FFFD, as Buffer.from would write it. `xml:space="preserve"` is added
   * only where whitespace could be lost (at either end, or a line break or tab inside).
   */
  text(tails: TCellTails, value: string) {
    const length = value.length;
    this.openCell(tails, tails.text, length * MAX_BYTES_PER_UNIT + PRESERVE.length + 16);
    const first = value.charCodeAt(0);
    const last = value.charCodeAt(length - 1);
    let preserve = first === 32 || first === 9 || first === 10 || first === 13 || last === 32 || last === 9 || last === 10 || last === 13;
    // The tail ends with `<t>`: the attribute, when needed, goes before its `>`.
    const tagEnd = this.pos - 1;
    const buf = this.buf;
    let pos = this.pos;
    for (let i = 0; i < length; i++) {
      const c = value.charCodeAt(i);
      if (c < 0x80) {
        if (c >= 32) {
          if (c === 38 || c === 60 || c === 62 || c === 34) {
            const entity = ENTITIES[c];
            for (let k = 0; k < entity.length; k++) buf[pos++] = entity[k];
          } else buf[pos++] = c;
        } else if (c === 9 || c === 10 || c === 13) {
          preserve = true;
          buf[pos++] = c;
        }
      } else if (c < 0x800) {
        buf[pos++] = 0xc0 | (c >> 6);
        buf[pos++] = 0x80 | (c & 0x3f);
      } else if (c >= 0xd800 && c <= 0xdfff) {
        const next = i + 1 < length ? value.charCodeAt(i + 1) : 0;
        if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
          const point = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
          buf[pos++] = 0xf0 | (point >> 18);
          buf[pos++] = 0x80 | ((point >> 12) & 0x3f);
          buf[pos++] = 0x80 | ((point >> 6) & 0x3f);
          buf[pos++] = 0x80 | (point & 0x3f);
          i++;
        } else {
          buf[pos++] = 0xef;
          buf[pos++] = 0xbf;
          buf[pos++] = 0xbd;
        }
      } else if (c < 0xfffe) {
        buf[pos++] = 0xe0 | (c >> 12);
        buf[pos++] = 0x80 | ((c >> 6) & 0x3f);
        buf[pos++] = 0x80 | (c & 0x3f);
      }
    }
    if (preserve) {
      buf.copyWithin(tagEnd + PRESERVE.length, tagEnd, pos);
      buf.set(PRESERVE, tagEnd);
      pos += PRESERVE.length;
    }
    this.pos = pos;
    this.put(TEXT_CLOSE);
  }
}

const TYPES_NS = 'http://schemas.openxmlformats.org/package/2006/content-types';
const PACKAGE_RELS_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const WORKSHEET_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml';

/**
 * Writes a one-sheet workbook to `out`: the header row (bold, frozen), then whatever rows `writeRows` adds. `add`
 * takes a row's values keyed by column key, or in column order (an array, which the caller may reuse for the next row:
 * it is read before `add` returns). null/undefined/'': empty cell; Date: an Excel date; number; boolean; anything else
 * as text. `flush` resolves once the compressed output has caught up, so a caller reading pages from the database keeps
 * memory flat.
 */
export async function writeXlsx(out: Writable, options: { sheetName: string; columns: readonly TXlsxColumn[] }, writeRows: TWriteRows) {
  await writeXlsxWorkbook(out, [{ ...options, writeRows }]);
}

/** Writes a workbook of one or more sheets to `out`, each as writeXlsx writes its one, in order. */
export async function writeXlsxWorkbook(out: Writable, sheets: readonly TXlsxSheet[]) {
  if (sheets.length === 0) throw new Error('a workbook needs a sheet');
  const zip = new ZipStream(out);
  const formats = [...new Set(sheets.flatMap((sheet) => sheet.columns.map((c) => c.numFmt)).filter((f): f is string => !!f))];
  const styles = stylesXml(formats);
  const sheetPart = (i: number) => `worksheets/sheet${i + 1}.xml`;
  await zip.addText(
    '[Content_Types].xml',
    `${XML_HEADER}<Types xmlns="${TYPES_NS}"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
      sheets.map((_, i) => `<Override PartName="/xl/${sheetPart(i)}" ContentType="${WORKSHEET_TYPE}"/>`).join('') +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>',
  );
  await zip.addText('_rels/.rels', `${XML_HEADER}<Relationships xmlns="${PACKAGE_RELS_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`);
  await zip.addText(
    'xl/workbook.xml',
    `${XML_HEADER}<workbook xmlns="${NS}" xmlns:r="${REL_NS}"><sheets>` +
      sheets.map((sheet, i) => `<sheet name="${escapeXml(sheet.sheetName.slice(0, 31))}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('') +
      '</sheets></workbook>',
  );
  await zip.addText(
    'xl/_rels/workbook.xml.rels',
    `${XML_HEADER}<Relationships xmlns="${PACKAGE_RELS_NS}">` +
      sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="${sheetPart(i)}"/>`).join('') +
      `<Relationship Id="rId${sheets.length + 1}" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
  );
  await zip.addText('xl/styles.xml', styles.xml);
  for (const [i, sheet] of sheets.entries()) await writeSheet(zip, `xl/${sheetPart(i)}`, sheet, styles);
  await zip.finish();
}

async function writeSheet(zip: ZipStream, partName: string, sheet: TXlsxSheet, styles: TStyles) {
  const { columns } = sheet;
  const part = await zip.open(partName);
  const letters = columns.map((_, i) => columnLetters(i));
  const keys = columns.map((c) => c.key);
  // Styles are set once per column: each column's cell tails, with its number format, plain and bold, are built here.
  const tailsOf = (bold: boolean): TCellTails[] =>
    columns.map((column, i) => {
      const style = styles.styleOf(column.numFmt, bold);
      const plain = bold ? ` s="${styles.styleOf(undefined, true)}"` : '';
      return {
        open: ascii(`<c r="${letters[i]}`),
        number: ascii(style ? `" s="${style}"><v>` : '"><v>'),
        date: ascii(`" s="${column.numFmt ? style : styles.dateStyle(bold)}"><v>`),
        text: ascii(`"${plain} t="inlineStr"><is><t>`),
        bool: ascii(`"${plain} t="b"><v>`),
      };
    });
  const plainTails = tailsOf(false);
  const boldTails = tailsOf(true);
  // A column with a number format keeps it for what the user types in later (a template's date columns).
  const columnStyle = (c: TXlsxColumn) => (c.numFmt ? ` style="${styles.styleOf(c.numFmt, false)}"` : '');
  await part.write(
    `${XML_HEADER}<worksheet xmlns="${NS}" xmlns:r="${REL_NS}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>` +
      `<cols>${columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? 16}"${columnStyle(c)} customWidth="1"/>`).join('')}</cols><sheetData>` +
      `<row r="1">${columns.map((c, i) => `<c r="${letters[i]}1" s="${styles.styleOf(undefined, true)}" t="inlineStr"><is><t>${escapeXml(c.header)}</t></is></c>`).join('')}</row>`,
  );

  let writing: Promise<void> = Promise.resolve();
  const rows = new SheetRows((bytes, done) => {
    writing = writing.then(() => part.write(bytes, done));
  });
  let rowNumber = 1;
  let tails = plainTails;
  const cell = (i: number, value: unknown) => {
    if (value === null || value === undefined || value === '') return;
    if (typeof value === 'number') {
      if (Number.isFinite(value)) rows.number(tails[i], tails[i].number, value);
    } else if (typeof value === 'string') {
      rows.text(tails[i], value);
    } else if (value instanceof Date) {
      const time = value.getTime();
      if (!Number.isNaN(time)) rows.number(tails[i], tails[i].date, time / 86_400_000 + EPOCH_DAYS);
    } else if (typeof value === 'boolean') {
      rows.bool(tails[i], value);
    } else {
      rows.text(tails[i], String(value));
    }
  };
  const add: TAddRow = (values, options) => {
    tails = options?.bold ? boldTails : plainTails;
    rows.openRow(++rowNumber);
    if (Array.isArray(values)) for (let i = 0; i < keys.length; i++) cell(i, values[i]);
    else for (let i = 0; i < keys.length; i++) cell(i, (values as Record<string, unknown>)[keys[i]]);
    rows.closeRow();
    if (rows.size >= FLUSH_AT) rows.take();
  };
  const flush = async () => {
    rows.take();
    await writing;
  };
  await sheet.writeRows(add, flush);
  await flush();
  await part.write('</sheetData></worksheet>');
  await part.end();
}

/**
 * A small workbook in memory, for what is sent whole (the import templates) and for test files: writeXlsxWorkbook into
 * a buffer. Not for exports, which stream (xlsx-stream.ts).
 */
export async function xlsxBuffer(sheets: readonly TXlsxSheet[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  await writeXlsxWorkbook(out, sheets);
  return Buffer.concat(chunks);
}
