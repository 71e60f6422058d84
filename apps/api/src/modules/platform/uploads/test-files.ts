import { PDFDocument } from 'pdf-lib';
import { workbookOf } from '../../../test/xlsx-files.ts';

/**
 * Small real files of each format, built in memory for tests. The platform's index re-exports some of them, so this
 * module is part of the built server: jszip, a devDependency, is loaded only when a zip is made (by a test).
 */
const jszip = async () => (await import('jszip')).default;

export async function makePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]).drawText('Ricevuta', { x: 20, y: 100, size: 12 });
  return Buffer.from(await doc.save());
}

export async function makeDocx(): Promise<Buffer> {
  const zip = new (await jszip())();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file('word/document.xml', '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>');
  return zip.generateAsync({ type: 'nodebuffer' });
}

export function makeXlsx(): Promise<Buffer> {
  return workbookOf(['checkIn', 'checkOut'], [], 'Soggiorni');
}

export async function makePlainZip(): Promise<Buffer> {
  const zip = new (await jszip())();
  zip.file('readme.txt', 'hello');
  return zip.generateAsync({ type: 'nodebuffer' });
}

/** A minimal OLE2 compound file (512-byte sectors: header, one FAT sector, one directory sector) with one stream name. */
export function makeOle2(streamName: string): Buffer {
  const size = 512;
  const out = Buffer.alloc(size * 3, 0);
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(out, 0);
  out.writeUInt16LE(0x3e, 0x18);
  out.writeUInt16LE(3, 0x1a);
  out.writeUInt16LE(0xfffe, 0x1c);
  out.writeUInt16LE(9, 0x1e);
  out.writeUInt16LE(6, 0x20);
  out.writeUInt32LE(1, 0x2c); // one FAT sector
  out.writeUInt32LE(1, 0x30); // directory starts at sector 1
  out.writeUInt32LE(4096, 0x38);
  out.writeUInt32LE(0xfffffffe, 0x3c);
  out.writeUInt32LE(0xfffffffe, 0x44);
  for (let i = 0; i < 109; i++) out.writeUInt32LE(i === 0 ? 0 : 0xffffffff, 0x4c + 4 * i);
  const fat = size; // sector 0
  for (let i = 0; i < 128; i++) out.writeUInt32LE(0xffffffff, fat + 4 * i);
  out.writeUInt32LE(0xfffffffd, fat); // sector 0 is a FAT sector
  out.writeUInt32LE(0xfffffffe, fat + 4); // sector 1 (directory) ends its chain
  const dir = size * 2; // sector 1
  const entry = (index: number, name: string, type: number) => {
    const at = dir + 128 * index;
    out.write(name, at, 'utf16le');
    out.writeUInt16LE((name.length + 1) * 2, at + 0x40);
    out[at + 0x42] = type;
  };
  entry(0, 'Root Entry', 5);
  entry(1, streamName, 2);
  return out;
}

/** The start of a DER ContentInfo with contentType SignedData (what openssl cms -sign -outform DER writes). */
export function makeP7mDer(): Buffer {
  const oid = Buffer.from('06092a864886f70d010702', 'hex');
  const content = Buffer.concat([Buffer.from([0xa0, 0x82, 0x00, 0x10]), Buffer.alloc(16, 0x31)]);
  const body = Buffer.concat([oid, content]);
  return Buffer.concat([Buffer.from([0x30, 0x82, body.length >> 8, body.length & 0xff]), body]);
}

export const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

export function makeExe(): Buffer {
  const out = Buffer.alloc(1024, 0);
  out.write('MZ', 0, 'latin1');
  out.writeUInt32LE(0x80, 0x3c);
  out.write('PE\0\0', 0x80, 'latin1');
  return out;
}
