import { constants, deflateRawSync } from 'node:zlib';

/**
 * Hostile xlsx files for the import bound tests, built at test time: a few MB of zip that inflate to hundreds of MB or
 * a GB. Each part is written by hand (zip headers and deflate stream), so a file can claim a small inflated size in its
 * directory while expanding far beyond it: the reader's streaming bounds, not the declared sizes, must refuse it.
 */

export type TPart = { name: string; text?: string; compressed?: Buffer; size?: number };

/** A zip of `parts` (deflated), each with its declared inflated size (the true one unless `size` lies). */
export function zipOf(parts: TPart[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const data = part.compressed ?? deflateRawSync(Buffer.from(part.text ?? ''));
    const size = part.size ?? Buffer.byteLength(part.text ?? '');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    central.push(entry, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * A raw deflate stream of `prefix`, `block` repeated `times`, then `suffix`, made in milliseconds whatever it inflates
 * to: each piece ends with a full flush (byte-aligned, no reference to earlier data), so the compressed block is made
 * once and repeated as it is, and only the last piece closes the stream.
 */
export function repeatedDeflate(prefix: string, block: string, times: number, suffix: string): Buffer {
  const piece = (text: string) => deflateRawSync(Buffer.from(text), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const compressedBlock = piece(block);
  return Buffer.concat([piece(prefix), ...Array.from({ length: times }, () => compressedBlock), deflateRawSync(Buffer.from(suffix))]);
}

const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
const column = (i: number) => (i < 26 ? String.fromCharCode(65 + i) : String.fromCharCode(64 + Math.floor(i / 26)) + String.fromCharCode(65 + (i % 26)));

/** A workbook of one sheet (its part as given) and, when given, a shared-strings part. */
function workbookWith(sheet: { text?: string; compressed?: Buffer; size?: number }, sharedStrings?: TPart): Buffer {
  return zipOf([
    {
      name: 'xl/workbook.xml',
      text: '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Foglio1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      text: '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    },
    ...(sharedStrings ? [sharedStrings] : []),
    { name: 'xl/worksheets/sheet1.xml', ...sheet },
  ]);
}

const sheetStart = (headers: readonly string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1">${headers.map((h, i) => inline(`${column(i)}1`, h)).join('')}</row>`;
const sheetEnd = '</sheetData></worksheet>';

/**
 * A shared-strings bomb: the import's headers, one row naming shared string 0, and a shared-strings part of about
 * `inflatedMb` MB (claiming 1 KB) made of `itemChars`-character strings: many short ones pass the count bound, long
 * ones the characters bound. About 2.5 MB of zip for a GB.
 */
export function sharedStringsBomb(headers: readonly string[], options: { itemChars: number; inflatedMb: number }): Buffer {
  const item = `<si><t>${'x'.repeat(options.itemChars)}</t></si>`;
  const block = item.repeat(Math.max(1, Math.floor((1024 * 1024) / item.length)));
  const compressed = repeatedDeflate('<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">', block, options.inflatedMb, '</sst>');
  return workbookWith({ text: `${sheetStart(headers)}<row r="2"><c r="A2" t="s"><v>0</v></c></row>${sheetEnd}` }, { name: 'xl/sharedStrings.xml', compressed, size: 1024 });
}

/** The import's headers, then one cell of `cellMb` MB of text in row 2 (the sheet part claims 1 KB): about 1 KB of zip per MB. */
export function hugeCellWorkbook(headers: readonly string[], cellMb: number): Buffer {
  const megabyte = 'a'.repeat(1024 * 1024);
  const compressed = repeatedDeflate(`${sheetStart(headers)}<row r="2"><c r="A2" t="inlineStr"><is><t>`, megabyte, cellMb, `</t></is></c></row>${sheetEnd}`);
  return workbookWith({ compressed, size: 1024 });
}
