import { fileTypeFromBuffer } from 'file-type';
import { isOneOf, ownKeys } from '@app/domain/platform/records/keys';

/**
 * What a file really is, decided from its bytes (never from its name alone). The claimed
 * extension only breaks ties the content cannot: csv versus txt, which look the same.
 */
export const FILE_FORMATS = {
  pdf: 'application/pdf',
  p7m: 'application/pkcs7-mime',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  csv: 'text/csv',
  txt: 'text/plain',
} as const;

export type TFileFormat = keyof typeof FILE_FORMATS;

/**
 * Accepted formats per upload purpose. `import` also takes csv and txt: the stay
 * import reads delimited text as well as spreadsheets.
 */
export const FORMATS_BY_PURPOSE = {
  pdf: ['pdf'],
  p7m: ['p7m'],
  document: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx'],
  image: ['jpg', 'png', 'gif'],
  import: ['xls', 'xlsx', 'csv', 'txt'],
} as const satisfies Record<string, readonly TFileFormat[]>;

export type TUploadPurpose = keyof typeof FORMATS_BY_PURPOSE;
export const UPLOAD_PURPOSES = Object.keys(FORMATS_BY_PURPOSE) as [TUploadPurpose, ...TUploadPurpose[]];

/**
 * The purpose of an upload that names none (the spec's payload: linkedEntityId, linkedEntityType,
 * additionalInfo, tags), from the record it is linked to: a user's file is their picture.
 */
const PURPOSE_BY_LINKED_TYPE: Partial<Record<string, TUploadPurpose>> = { users: 'image' };

/**
 * The formats an upload accepts and the purpose it is stored with. A named purpose decides; without
 * one, the linked record's type; without either, any format the content is recognised as, stored
 * under the narrowest purpose that accepts it.
 */
export function uploadRules(purpose: TUploadPurpose | null | undefined, linkedEntityType: string | null | undefined) {
  const chosen = purpose ?? (linkedEntityType ? PURPOSE_BY_LINKED_TYPE[linkedEntityType] : undefined);
  const accepted: readonly TFileFormat[] = chosen ? FORMATS_BY_PURPOSE[chosen] : ownKeys(FILE_FORMATS);
  const purposeOf = (format: TFileFormat): TUploadPurpose => chosen ?? UPLOAD_PURPOSES.find((p) => isOneOf(FORMATS_BY_PURPOSE[p], format))!;
  return { accepted, purposeOf };
}

export type TDetectedFormat = { format: TFileFormat; mimeType: string } | { format: null; detected: string };

// DER of OBJECT IDENTIFIER 1.2.840.113549.1.7.2 (id-signedData).
const SIGNED_DATA_OID = Buffer.from('06092a864886f70d010702', 'hex');

/** A DER/BER ContentInfo whose contentType is SignedData: SEQUENCE, length, then the OID. */
export function isCmsSignedDataDer(bytes: Uint8Array): boolean {
  if (bytes.length < 13 || bytes[0] !== 0x30) return false;
  const first = bytes[1];
  let offset: number;
  if (first === 0x80 || first < 0x80)
    offset = 2; // indefinite (BER) or short form
  else {
    const n = first & 0x7f;
    if (n < 1 || n > 4) return false;
    offset = 2 + n;
  }
  return Buffer.from(bytes.subarray(offset, offset + SIGNED_DATA_OID.length)).equals(SIGNED_DATA_OID);
}

const PEM = /^-----BEGIN (PKCS7|CMS|PKCS #7 SIGNED DATA)-----\r?\n([A-Za-z0-9+/=\r\n]+)-----END \1-----\s*$/;

/**
 * A signed p7m as Italian systems produce it: binary DER, PEM, or bare base64 of the DER (common
 * for e-invoices and PEC attachments).
 */
export function isCmsSignedData(bytes: Buffer): boolean {
  if (isCmsSignedDataDer(bytes)) return true;
  if (bytes.length > 64 * 1024 * 1024) return false;
  // PEM and base64 start, after blank space, with "-" or a base64 digit: other bytes (a file of zeros) are refused before
  // the whole file is read as text.
  const first = bytes.find((b) => b !== 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d);
  if (first === undefined || !/[-A-Za-z0-9+/]/.test(String.fromCharCode(first))) return false;
  const text = bytes.toString('latin1').trim();
  const pem = PEM.exec(text);
  const base64 = pem ? pem[2] : /^[A-Za-z0-9+/=\r\n]+$/.test(text) ? text : null;
  if (!base64) return false;
  return isCmsSignedDataDer(Buffer.from(base64.replace(/\s+/g, ''), 'base64'));
}

/** Plain text: no NUL and no control characters other than tab, line feed, form feed, carriage return. */
export function isPlainText(bytes: Buffer): boolean {
  if (bytes.length === 0) return false;
  for (const b of bytes) {
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d) return false;
    if (b === 0x7f) return false;
  }
  return true;
}

const OLE2_SIGNATURE = Buffer.from('d0cf11e0a1b11ae1', 'hex');
const END_OF_CHAIN = 0xfffffffe;

/**
 * Names of the streams of an OLE2 compound file (legacy doc/xls/ppt), read from its directory
 * chain. Returns null when the structure is broken.
 */
export function ole2StreamNames(bytes: Buffer): string[] | null {
  if (bytes.length < 512 || !bytes.subarray(0, 8).equals(OLE2_SIGNATURE)) return null;
  const shift = bytes.readUInt16LE(0x1e);
  if (shift !== 9 && shift !== 12) return null;
  const size = 1 << shift;
  const sectorOffset = (s: number) => (s + 1) * size;
  const fatSectors: number[] = [];
  const fatCount = bytes.readUInt32LE(0x2c);
  for (let i = 0; i < 109 && fatSectors.length < fatCount; i++) fatSectors.push(bytes.readUInt32LE(0x4c + 4 * i));
  let difat = bytes.readUInt32LE(0x44);
  for (let guard = 0; fatSectors.length < fatCount && difat < END_OF_CHAIN && guard < 10_000; guard++) {
    const base = sectorOffset(difat);
    if (base + size > bytes.length) return null;
    for (let i = 0; i < size / 4 - 1 && fatSectors.length < fatCount; i++) fatSectors.push(bytes.readUInt32LE(base + 4 * i));
    difat = bytes.readUInt32LE(base + size - 4);
  }
  const perFatSector = size / 4;
  const next = (sector: number): number | null => {
    const fatSector = fatSectors[Math.floor(sector / perFatSector)];
    if (fatSector === undefined) return null;
    const at = sectorOffset(fatSector) + 4 * (sector % perFatSector);
    return at + 4 <= bytes.length ? bytes.readUInt32LE(at) : null;
  };
  const names: string[] = [];
  let sector: number | null = bytes.readUInt32LE(0x30);
  for (let guard = 0; sector !== null && sector < END_OF_CHAIN && guard < 100_000; guard++) {
    const base = sectorOffset(sector);
    if (base + size > bytes.length) return null;
    for (let entry = base; entry < base + size; entry += 128) {
      const nameLength = bytes.readUInt16LE(entry + 0x40);
      const type = bytes[entry + 0x42];
      if (type === 2 && nameLength >= 2 && nameLength <= 64) names.push(bytes.toString('utf16le', entry, entry + nameLength - 2));
    }
    sector = next(sector);
  }
  return names;
}

function legacyOfficeFormat(bytes: Buffer): 'doc' | 'xls' | 'ppt' | null {
  const names = ole2StreamNames(bytes);
  if (!names) return null;
  if (names.includes('WordDocument')) return 'doc';
  if (names.includes('Workbook') || names.includes('Book')) return 'xls';
  if (names.includes('PowerPoint Document')) return 'ppt';
  return null;
}

const FROM_FILE_TYPE: Record<string, TFileFormat> = { pdf: 'pdf', docx: 'docx', xlsx: 'xlsx', pptx: 'pptx', jpg: 'jpg', png: 'png', gif: 'gif' };

/** Detects the format from the content. `claimedExtension` only chooses csv or txt for text. */
export async function detectFileFormat(bytes: Buffer, claimedExtension?: string | null): Promise<TDetectedFormat> {
  const found = await fileTypeFromBuffer(bytes);
  const as = (format: TFileFormat): TDetectedFormat => ({ format, mimeType: FILE_FORMATS[format] });
  if (found) {
    if (FROM_FILE_TYPE[found.ext]) return as(FROM_FILE_TYPE[found.ext]);
    if (found.ext === 'cfb') {
      const legacy = legacyOfficeFormat(bytes);
      return legacy ? as(legacy) : { format: null, detected: 'ole2 compound file' };
    }
    // file-type reads DER-encoded CMS as some other container in a few cases; check before refusing.
    if (isCmsSignedData(bytes)) return as('p7m');
    return { format: null, detected: found.mime };
  }
  if (isCmsSignedData(bytes)) return as('p7m');
  if (isPlainText(bytes)) return as(claimedExtension?.toLowerCase() === 'csv' ? 'csv' : 'txt');
  return { format: null, detected: 'unknown binary' };
}
