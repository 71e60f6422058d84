import { crc32, createDeflateRaw } from 'node:zlib';
import type { Writable } from 'node:stream';

/**
 * A streamed writer of one-sheet xlsx files, for exports of any size: the sheet XML is written as
 * text, a page of rows at a time, through zlib's deflate (which runs on libuv's thread pool, off the
 * event loop) straight into the output, zipped with data descriptors so nothing is buffered whole.
 * Styles are set once per column (a number format each), not per cell; strings are inline (a
 * shared-strings table would grow with the rows).
 */

export type TXlsxColumn = { header: string; key: string; width?: number; numFmt?: string };

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

/** Zip container over a Writable, one deflated entry at a time, honouring the output's backpressure. */
class ZipStream {
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
      /** Deflates text; resolves when deflate can take more (its buffer drained). */
      write: async (text: string) => {
        if (failure) throw failure;
        const bytes = Buffer.from(text, 'utf8');
        entry.crc = crc32(bytes, entry.crc);
        entry.size += bytes.length;
        if (!deflate.write(bytes)) await new Promise<void>((resolve) => deflate.once('drain', resolve));
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

function stylesXml(formats: string[]): { xml: string; styleOf: (numFmt: string | undefined) => number; dateStyle: number } {
  // xf 0: default; 1: bold (header); 2: built-in date dd/mm/yyyy-like (14); then one per custom format.
  const custom = formats.map((code, i) => ({ id: 164 + i, code }));
  const xfs = [
    '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>',
    '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>',
    '<xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>',
    ...custom.map((f) => `<xf numFmtId="${f.id}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`),
  ];
  const xml =
    `${XML_HEADER}<styleSheet xmlns="${NS}">` +
    (custom.length ? `<numFmts count="${custom.length}">${custom.map((f) => `<numFmt numFmtId="${f.id}" formatCode="${escapeXml(f.code)}"/>`).join('')}</numFmts>` : '') +
    '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${xfs.length}">${xfs.join('')}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';
  return { xml, styleOf: (numFmt) => (numFmt ? 3 + formats.indexOf(numFmt) : 0), dateStyle: 2 };
}

/**
 * Writes a one-sheet workbook to `out`: the header row (bold, frozen), then whatever rows
 * `writeRows` adds. `add` takes values keyed by column key (null/undefined: empty cell; Date: an
 * Excel date; number; boolean; anything else as text). `flush` resolves once the compressed output
 * has caught up, so a caller reading pages from the database keeps memory flat.
 */
export async function writeXlsx(
  out: Writable,
  options: { sheetName: string; columns: TXlsxColumn[] },
  writeRows: (add: (values: Record<string, unknown>) => void, flush: () => Promise<void>) => Promise<void>,
) {
  const zip = new ZipStream(out);
  const formats = [...new Set(options.columns.map((c) => c.numFmt).filter((f): f is string => !!f))];
  const styles = stylesXml(formats);
  const sheetName = escapeXml(options.sheetName.slice(0, 31));
  await zip.addText(
    '[Content_Types].xml',
    `${XML_HEADER}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
  );
  await zip.addText(
    '_rels/.rels',
    `${XML_HEADER}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  await zip.addText('xl/workbook.xml', `${XML_HEADER}<workbook xmlns="${NS}" xmlns:r="${REL_NS}"><sheets><sheet name="${sheetName}" sheetId="1" r:id="rId1"/></sheets></workbook>`);
  await zip.addText(
    'xl/_rels/workbook.xml.rels',
    `${XML_HEADER}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
  );
  await zip.addText('xl/styles.xml', styles.xml);

  const sheet = await zip.open('xl/worksheets/sheet1.xml');
  const letters = options.columns.map((_, i) => columnLetters(i));
  const columnStyles = options.columns.map((c) => styles.styleOf(c.numFmt));
  const keys = options.columns.map((c) => c.key);
  await sheet.write(
    `${XML_HEADER}<worksheet xmlns="${NS}" xmlns:r="${REL_NS}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>` +
      `<cols>${options.columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? 16}" customWidth="1"/>`).join('')}</cols><sheetData>` +
      `<row r="1">${options.columns.map((c, i) => `<c r="${letters[i]}1" s="1" t="inlineStr"><is><t>${escapeXml(c.header)}</t></is></c>`).join('')}</row>`,
  );

  let rowNumber = 1;
  let buffer = '';
  let writing: Promise<void> = Promise.resolve();
  const push = () => {
    const text = buffer;
    buffer = '';
    writing = writing.then(() => sheet.write(text));
  };
  const add = (values: Record<string, unknown>) => {
    rowNumber++;
    let row = `<row r="${rowNumber}">`;
    for (let i = 0; i < keys.length; i++) {
      const value = values[keys[i]];
      if (value === null || value === undefined || value === '') continue;
      const ref = letters[i] + rowNumber;
      if (typeof value === 'number') {
        if (Number.isFinite(value)) row += columnStyles[i] ? `<c r="${ref}" s="${columnStyles[i]}"><v>${value}</v></c>` : `<c r="${ref}"><v>${value}</v></c>`;
      } else if (value instanceof Date) {
        if (!Number.isNaN(value.getTime())) row += `<c r="${ref}" s="${columnStyles[i] || styles.dateStyle}"><v>${value.getTime() / 86_400_000 + EPOCH_DAYS}</v></c>`;
      } else if (typeof value === 'boolean') {
        row += `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
      } else {
        row += `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(String(value))}</t></is></c>`;
      }
    }
    buffer += `${row}</row>`;
    if (buffer.length >= FLUSH_AT) push();
  };
  const flush = async () => {
    if (buffer) push();
    await writing;
  };
  await writeRows(add, flush);
  await flush();
  await sheet.write('</sheetData></worksheet>');
  await sheet.end();
  await zip.finish();
}
