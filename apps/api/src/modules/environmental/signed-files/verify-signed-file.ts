import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { AppError } from '../../../lib/errors.ts';
import { requireSignedContentFormat, type TSignedContentFormat } from './signed-content.ts';

/**
 * Verification of a CAdES signed file (`.p7m`, CMS SignedData with the document inside) as laboratories and
 * waste-form issuers deliver them. What it checks itself, because no library does it for us:
 * - integrity (message digest over the content) and the signature over the signed attributes, per signer (pkijs);
 * - the certificate's validity dates against `now` (pkijs accepts an expired certificate when no chain is checked);
 * - the issuing CA against the configured trust list (when there is one);
 * - the ESS signingCertificateV2 attribute (the Italian CAdES profile expects it; older tools omit it).
 * A file that fails integrity or a signature is refused (SIGNATURE_INVALID with the reason); an expired, untrusted or
 * unchecked certificate and a missing signingCertificateV2 are warnings: the file is accepted and the caller shows them.
 */

export type TSignedFileWarningCode = 'CERTIFICATE_EXPIRED' | 'CERTIFICATE_NOT_YET_VALID' | 'CA_NOT_TRUSTED' | 'CA_NOT_CHECKED' | 'SIGNING_CERTIFICATE_V2_MISSING' | 'SIGNING_CERTIFICATE_MISMATCH';

export type TSignedFileWarning = { code: TSignedFileWarningCode; signer: number; message: string };

export type TSignedFileSigner = {
  /** Position over every level: 0 is the first signer of the outermost envelope. */
  index: number;
  /** 0 for the outermost envelope, 1 for a .p7m signed inside it, ... */
  level: number;
  name: string;
  givenName: string | null;
  surname: string | null;
  codiceFiscale: string | null;
  organization: string | null;
  issuer: string;
  serialNumber: string;
  notBefore: string;
  notAfter: string;
  /** The signer's own claim (signed attribute signingTime), ISO UTC; null when absent. */
  signingTime: string | null;
  /** 'present' when the attribute is there and its hash matches the certificate. */
  signingCertificateV2: 'present' | 'v1only' | 'missing' | 'mismatch';
  digestAlgorithm: string;
  signatureAlgorithm: string;
  /** Certificate valid at `now`. */
  validNow: boolean;
  /** true: chains to the trust list; false: it does not; null: no trust list configured. */
  trusted: boolean | null;
  nonRepudiation: boolean;
  qualified: boolean;
};

export type TVerifiedSignedFile = {
  /** The signed document at the innermost level (the PDF of a .pdf.p7m, even when nested). */
  contentBytes: Buffer;
  contentSha256: string;
  signers: TSignedFileSigner[];
  warnings: TSignedFileWarning[];
  /** How many envelopes were opened beyond the first (0: a plain .p7m, 1: a .p7m inside a .p7m, ...). */
  nested: number;
  /** How the upload was encoded. */
  encoding: 'der' | 'pem' | 'base64';
};

export type TVerifySignedFileOptions = {
  /** PEM certificates of the trusted CAs (one or more per string). Empty or absent: the CA is not checked. */
  trustList?: readonly string[];
  /** The time the validity dates are checked at (default: now). */
  now?: Date;
  /** Largest file accepted, in bytes (default 64 MiB). */
  maxBytes?: number;
  /** What the signed document must be (checked after every signature verifies); absent: anything. */
  content?: TSignedContentFormat;
};

const OID = {
  signedData: '1.2.840.113549.1.7.2',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV1: '1.2.840.113549.1.9.16.2.12',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  commonName: '2.5.4.3',
  surname: '2.5.4.4',
  serialNumber: '2.5.4.5',
  givenName: '2.5.4.42',
  organization: '2.5.4.10',
  dnQualifier: '2.5.4.46',
  keyUsage: '2.5.29.15',
  qcStatements: '1.3.6.1.5.5.7.1.3',
  qcCompliance: '0.4.0.1862.1.1',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
  sha1: '1.3.14.3.2.26',
} as const;

const HASH_BY_OID: Record<string, string> = { [OID.sha256]: 'sha256', [OID.sha384]: 'sha384', [OID.sha512]: 'sha512', [OID.sha1]: 'sha1' };

const ALGORITHM_NAMES: Record<string, string> = {
  ...HASH_BY_OID,
  '1.2.840.113549.1.1.1': 'rsaEncryption',
  '1.2.840.113549.1.1.11': 'sha256WithRSAEncryption',
  '1.2.840.113549.1.1.12': 'sha384WithRSAEncryption',
  '1.2.840.113549.1.1.13': 'sha512WithRSAEncryption',
  '1.2.840.113549.1.1.10': 'RSASSA-PSS',
  '1.2.840.10045.2.1': 'ecPublicKey',
  '1.2.840.10045.4.3.2': 'ecdsaWithSHA256',
  '1.2.840.10045.4.3.3': 'ecdsaWithSHA384',
  '1.2.840.10045.4.3.4': 'ecdsaWithSHA512',
};

/**
 * Envelopes opened inside the outer one, at most: a .p7m in a .p7m is nesting 1 (two signature rounds, the common
 * countersigned case); a file with more than 4 envelopes inside the outer one (5 in all) is refused.
 */
export const MAX_NESTING = 4;
/**
 * ASN.1 elements in one envelope, at most. A real signed file holds a few hundred per certificate and signer, plus one per
 * chunk of a BER-streamed document (openssl streams 4 KB chunks at least: 5,000 for 20 MB); a file past this is built to
 * exhaust the parser (asn1js keeps a large object per element: millions of them took a gigabyte).
 */
export const MAX_ELEMENTS = 50_000;
/** Nesting of ASN.1 elements, at most: a certificate inside a signed file is about 10 deep; asn1js recurses per level. */
export const MAX_DEPTH = 48;
/** Signers of one envelope, at most: each costs a public-key verification and a chain walk. */
export const MAX_SIGNERS = 32;

export const signatureInvalid = (reason: string) => new AppError('SIGNATURE_INVALID', reason, { details: [{ path: 'file', message: reason }] });

const PEM_BLOCK = /-----BEGIN (PKCS7|CMS|PKCS #7 SIGNED DATA)-----([A-Za-z0-9+/=\s]+)-----END \1-----/;
const PEM_BLOCK_START = /^\s*-----BEGIN (PKCS7|CMS|PKCS #7 SIGNED DATA)-----/;
const BASE64_ONLY = /^[A-Za-z0-9+/=\s]+$/;

/** The DER/BER bytes of an upload that is binary, PEM or bare base64 (the three forms Italian systems produce). */
export function decodeSignedFileBytes(bytes: Uint8Array): { der: Uint8Array; encoding: TVerifiedSignedFile['encoding'] } {
  if (bytes.length > 0 && bytes[0] === 0x30) return { der: bytes, encoding: 'der' };
  // PEM and base64 start, after blank space, with "-----BEGIN" or a base64 digit: anything else (a file of zeros) is refused
  // before the whole file is read as text.
  const first = bytes.find((b) => b !== 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d);
  if (first === undefined || !/[-A-Za-z0-9+/]/.test(String.fromCharCode(first))) {
    throw signatureInvalid('The file is not a signed file (.p7m): it is neither DER, PEM nor base64 CMS data.');
  }
  const text = Buffer.from(bytes).toString('latin1').trim();
  const pem = PEM_BLOCK.exec(text);
  if (pem) return { der: Buffer.from(pem[2].replace(/\s+/g, ''), 'base64'), encoding: 'pem' };
  if (text.length > 0 && BASE64_ONLY.test(text)) return { der: Buffer.from(text.replace(/\s+/g, ''), 'base64'), encoding: 'base64' };
  throw signatureInvalid('The file is not a signed file (.p7m): it is neither DER, PEM nor base64 CMS data.');
}

const tooComplex = (reason: string) => new AppError('DOCUMENT_TOO_COMPLEX', `The signed file is too complex to verify: ${reason}.`, { details: [{ path: 'file', message: reason }] });

const SIGNED_DATA_OID_DER = Buffer.from('06092a864886f70d010702', 'hex');
// The content types of PKCS #7 (1.2.840.113549.1.7.*) and of S/MIME (1.2.840.113549.1.9.16.1.*): enveloped, encrypted,
// authenticated, time-stamped data... envelopes the verifier cannot open.
const CMS_CONTENT_TYPE_PREFIXES = [Buffer.from('2a864886f70d0107', 'hex'), Buffer.from('2a864886f70d01091001', 'hex')];

type TDerHeader = { tag: number; constructed: boolean; headerLength: number; /** -1: indefinite (BER). */ length: number };

/** The identifier and length octets at `at`, read within `limit`; a string says why they are not valid. */
function readDerHeader(der: Uint8Array, at: number, limit: number): TDerHeader | string {
  if (at + 2 > limit) return 'an element is cut off';
  const first = der[at];
  let offset = at + 1;
  let tag = first & 0x1f;
  if (tag === 0x1f) {
    // High tag numbers: base-128 digits; more than 4 of them is no real signed file.
    tag = 0;
    for (let digits = 0; ; digits++) {
      if (digits === 4 || offset >= limit) return 'an element has an invalid tag';
      const byte = der[offset++];
      tag = tag * 128 + (byte & 0x7f);
      if (!(byte & 0x80)) break;
    }
  }
  if (offset >= limit) return 'an element is cut off';
  const lengthByte = der[offset++];
  const constructed = (first & 0x20) !== 0;
  if (lengthByte < 0x80) return { tag: (first & 0xc0) | tag, constructed, headerLength: offset - at, length: lengthByte };
  if (lengthByte === 0x80) return constructed ? { tag: (first & 0xc0) | tag, constructed, headerLength: offset - at, length: -1 } : 'a primitive element has an indefinite length';
  const lengthBytes = lengthByte & 0x7f;
  // Four length bytes declare up to 4 GB, far past any upload.
  if (lengthBytes > 4) return 'an element declares an impossible length';
  if (offset + lengthBytes > limit) return 'an element is cut off';
  let length = 0;
  for (let i = 0; i < lengthBytes; i++) length = length * 256 + der[offset++];
  return { tag: (first & 0xc0) | tag, constructed, headerLength: offset - at, length };
}

/**
 * Refuses, before any parser sees it, an envelope that is not a well-formed ContentInfo of signed data or that is built to
 * exhaust the parser: the outer SEQUENCE must span the file exactly (no truncated or padded file), every element must fit
 * in its parent, and the walk over the tree (a loop with its own stack, never recursion) stops at MAX_ELEMENTS elements
 * or MAX_DEPTH levels. Primitive contents (the document in its OCTET STRING) are skipped, not read as ASN.1.
 */
export function checkSignedDataStructure(der: Uint8Array): void {
  const root = readDerHeader(der, 0, der.length);
  if (typeof root === 'string' || root.tag !== 0x10 || !root.constructed || der[0] !== 0x30) throw signatureInvalid('The file is not a signed file (.p7m): it does not start with an ASN.1 SEQUENCE.');
  if (root.length >= 0 && root.headerLength + root.length !== der.length) {
    throw signatureInvalid(`The file is not a complete signed file: its structure declares ${root.headerLength + root.length} bytes, the file has ${der.length}.`);
  }
  if (!Buffer.from(der.buffer, der.byteOffset + root.headerLength, Math.min(SIGNED_DATA_OID_DER.length, der.length - root.headerLength)).equals(SIGNED_DATA_OID_DER)) {
    throw signatureInvalid('The file is not a CMS signed file: its content type is not signed data.');
  }
  // Per open constructed element: the offset it ends at (definite) or may not pass (indefinite: the enclosing bound).
  const ends: number[] = [der.length];
  const definite: boolean[] = [root.length >= 0];
  let at = root.headerLength;
  let elements = 1;
  while (ends.length > 0) {
    const end = ends[ends.length - 1];
    if (definite[definite.length - 1]) {
      if (at === end) {
        ends.pop();
        definite.pop();
        continue;
      }
    } else if (at + 2 <= end && der[at] === 0 && der[at + 1] === 0) {
      // End-of-contents of an indefinite-length element.
      at += 2;
      ends.pop();
      definite.pop();
      continue;
    }
    const header = readDerHeader(der, at, end);
    if (typeof header === 'string') throw signatureInvalid(`The file is not a readable signed file: ${header} at byte ${at}.`);
    if (header.tag === 0) throw signatureInvalid(`The file is not a readable signed file: an invalid element at byte ${at}.`);
    if (++elements > MAX_ELEMENTS) throw tooComplex(`more than ${MAX_ELEMENTS} ASN.1 elements`);
    const start = at + header.headerLength;
    if (header.length >= 0 && start + header.length > end) throw signatureInvalid(`The file is not a readable signed file: an element at byte ${at} runs past its container.`);
    if (!header.constructed) {
      at = start + header.length;
      continue;
    }
    if (ends.length >= MAX_DEPTH) throw tooComplex(`ASN.1 elements nested more than ${MAX_DEPTH} deep`);
    ends.push(header.length >= 0 ? start + header.length : end);
    definite.push(header.length >= 0);
    at = start;
  }
  if (at !== der.length) throw signatureInvalid(`The file is not a complete signed file: ${der.length - at} bytes follow its structure.`);
}

/** What an envelope's content is, by its first bytes: a signed file to open, another CMS envelope, or the document. */
function innerEnvelopeKind(content: Uint8Array): 'signedData' | 'otherCms' | null {
  let der = content;
  const text = Buffer.from(content.subarray(0, 64)).toString('latin1');
  // An envelope inside may be PEM or bare base64 too: its header is read from the decoded first bytes.
  if (/^\s*-----BEGIN /.test(text)) return PEM_BLOCK_START.test(text) ? 'signedData' : null;
  if (/^M[A-Za-z0-9+/]{31}/.test(text)) der = Buffer.from(text.slice(0, 32), 'base64');
  if (der.length < 4 || der[0] !== 0x30) return null;
  const lengthByte = der[1];
  // Any length form, even one longer than readDerHeader accepts: such an envelope must then fail its check, not pass as a document.
  const at = 2 + (lengthByte > 0x80 ? lengthByte & 0x7f : 0);
  if (der[at] !== 0x06) return null;
  const oid = Buffer.from(der.subarray(at, at + SIGNED_DATA_OID_DER.length));
  if (oid.equals(SIGNED_DATA_OID_DER)) return 'signedData';
  const value = Buffer.from(der.subarray(at + 2, at + 2 + der[at + 1]));
  return CMS_CONTENT_TYPE_PREFIXES.some((prefix) => value.subarray(0, prefix.length).equals(prefix)) ? 'otherCms' : null;
}

function parseSignedData(der: Uint8Array): pkijs.SignedData {
  checkSignedDataStructure(der);
  // parseEmbedded false: asn1js would otherwise read every OCTET STRING (the document itself) as ASN.1 too; copyInput
  // false: the bytes are this verification's own and stay unchanged, so a 20 MB file is not copied once more.
  const asn1 = asn1js.fromBER(der, { maxContentLength: der.length, maxNodes: MAX_ELEMENTS, maxDepth: MAX_DEPTH + 1, parseEmbedded: false, copyInput: false });
  if (asn1.offset === -1) throw signatureInvalid(`The file is not a readable signed file (${asn1.result.error || 'ASN.1 error'}).`);
  let contentInfo: pkijs.ContentInfo;
  try {
    contentInfo = new pkijs.ContentInfo({ schema: asn1.result });
  } catch {
    throw signatureInvalid('The file is not a CMS signed file (no ContentInfo).');
  }
  if (contentInfo.contentType !== OID.signedData) throw signatureInvalid('The file is CMS data but not signed data.');
  try {
    return new pkijs.SignedData({ schema: contentInfo.content });
  } catch {
    throw signatureInvalid('The signed data structure is malformed.');
  }
}

function encapsulatedContent(signedData: pkijs.SignedData): Buffer {
  const eContent = signedData.encapContentInfo.eContent;
  // A detached signature carries no document: the product needs the enveloping .p7m.
  if (!eContent) throw signatureInvalid('The signature is detached (the document is not inside): upload the .p7m that contains the document.');
  return Buffer.from(eContent.getValue());
}

type TRdnMap = Map<string, string>;

function rdnValues(names: pkijs.RelativeDistinguishedNames): TRdnMap {
  const map: TRdnMap = new Map();
  for (const tv of names.typesAndValues) {
    const value = (tv.value as { valueBlock?: { value?: unknown } }).valueBlock?.value;
    if (typeof value === 'string' && !map.has(tv.type)) map.set(tv.type, value);
  }
  return map;
}

function describeName(names: pkijs.RelativeDistinguishedNames): string {
  const map = rdnValues(names);
  return (
    [map.get(OID.commonName), map.get(OID.organization)].filter(Boolean).join(', ') ||
    names.typesAndValues.map((tv) => `${tv.type}=${String((tv.value as { valueBlock?: { value?: unknown } }).valueBlock?.value)}`).join(', ')
  );
}

const CODICE_FISCALE = /[A-Z]{6}[0-9LMNPQRSTUV]{2}[A-EHLMPR-T][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]/;

/** The codice fiscale: serialNumber "TINIT-<CF>" (ETSI EN 319 412-1), older "IT:<CF>", or the CF in dnQualifier or CN. */
function codiceFiscaleOf(subject: TRdnMap): string | null {
  for (const oid of [OID.serialNumber, OID.dnQualifier, OID.commonName]) {
    const match = CODICE_FISCALE.exec((subject.get(oid) ?? '').toUpperCase());
    if (match) return match[0];
  }
  return null;
}

function attributeValue(signerInfo: pkijs.SignerInfo, oid: string): unknown {
  return signerInfo.signedAttrs?.attributes.find((a) => a.type === oid)?.values[0];
}

function signingTimeOf(signerInfo: pkijs.SignerInfo): string | null {
  const value = attributeValue(signerInfo, OID.signingTime) as { toDate?: () => Date } | undefined;
  const date = value?.toDate?.();
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : null;
}

/** ESS signingCertificateV2: SEQUENCE { certs SEQUENCE OF ESSCertIDv2 { hashAlgorithm DEFAULT sha256, certHash, ... } }. */
function signingCertificateV2Of(signerInfo: pkijs.SignerInfo, certificate: pkijs.Certificate): TSignedFileSigner['signingCertificateV2'] {
  const v2 = attributeValue(signerInfo, OID.signingCertificateV2);
  if (!(v2 instanceof asn1js.Sequence)) return attributeValue(signerInfo, OID.signingCertificateV1) ? 'v1only' : 'missing';
  const certs = v2.valueBlock.value[0];
  const first = certs instanceof asn1js.Sequence ? certs.valueBlock.value[0] : undefined;
  if (!(first instanceof asn1js.Sequence)) return 'mismatch';
  const parts = first.valueBlock.value;
  let hashName = 'sha256';
  let hashIndex = 0;
  if (parts[0] instanceof asn1js.Sequence) {
    const algorithm = new pkijs.AlgorithmIdentifier({ schema: parts[0] });
    hashName = HASH_BY_OID[algorithm.algorithmId] ?? '';
    hashIndex = 1;
  }
  const certHash = parts[hashIndex];
  if (!hashName || !(certHash instanceof asn1js.OctetString)) return 'mismatch';
  const actual = createHash(hashName)
    .update(Buffer.from(certificate.toSchema().toBER(false)))
    .digest();
  return actual.equals(Buffer.from(certHash.valueBlock.valueHexView)) ? 'present' : 'mismatch';
}

function keyUsageNonRepudiation(certificate: pkijs.Certificate): boolean {
  const extension = certificate.extensions?.find((e) => e.extnID === OID.keyUsage);
  const bits = (extension?.parsedValue as asn1js.BitString | undefined)?.valueBlock.valueHexView;
  return Boolean(bits && bits.length > 0 && bits[0] & 0x40);
}

function isQualified(certificate: pkijs.Certificate): boolean {
  const extension = certificate.extensions?.find((e) => e.extnID === OID.qcStatements);
  if (!extension) return false;
  // The QcCompliance statement id appears as an OBJECT IDENTIFIER inside the extension value.
  const qcComplianceDer = Buffer.from('060604008e460101', 'hex');
  return Buffer.from(extension.extnValue.valueBlock.valueHexView).includes(qcComplianceDer);
}

function parseTrustList(trustList: readonly string[]): pkijs.Certificate[] {
  const anchors: pkijs.Certificate[] = [];
  for (const text of trustList) {
    for (const match of text.matchAll(/-----BEGIN CERTIFICATE-----([A-Za-z0-9+/=\s]+)-----END CERTIFICATE-----/g)) {
      const der = Buffer.from(match[1].replace(/\s+/g, ''), 'base64');
      anchors.push(pkijs.Certificate.fromBER(der));
    }
  }
  return anchors;
}

/** Whether the certificate chains (through the envelope's own certificates) to one of the trust anchors, signatures checked. */
async function chainsToTrustList(certificate: pkijs.Certificate, bundled: pkijs.Certificate[], anchors: pkijs.Certificate[]): Promise<boolean> {
  let current = certificate;
  for (let depth = 0; depth < 6; depth++) {
    for (const anchor of anchors) {
      if (current.issuer.isEqual(anchor.subject) && (await current.verify(anchor).catch(() => false))) return true;
    }
    const parent = bundled.find((c) => c !== current && current.issuer.isEqual(c.subject) && !c.subject.isEqual(current.subject));
    if (!parent || !(await current.verify(parent).catch(() => false))) return false;
    current = parent;
  }
  return false;
}

const VERIFY_FAILURES: Record<number, string> = {
  3: 'the signer certificate is not in the file',
  9: 'the signature over the signed attributes does not match',
  10: 'the signed attributes are malformed',
  14: 'ok',
  15: "the message digest doesn't match: the document was altered after signing",
};

async function verifySigner(signedData: pkijs.SignedData, index: number): Promise<pkijs.Certificate> {
  let result: pkijs.SignedDataVerifyResult;
  try {
    result = await signedData.verify({ signer: index, extendedMode: true, checkChain: false });
  } catch (error) {
    const failure = error as Partial<pkijs.SignedDataVerifyResult> & { message?: string };
    const reason = (failure.code !== undefined && VERIFY_FAILURES[failure.code]) || failure.message || 'verification failed';
    throw signatureInvalid(`Signature ${index + 1} is not valid: ${reason}.`);
  }
  if (!result.signatureVerified || !result.signerCertificate) {
    const reason = (result.code !== undefined && VERIFY_FAILURES[result.code]) || result.message || 'verification failed';
    throw signatureInvalid(`Signature ${index + 1} is not valid: ${reason}.`);
  }
  return result.signerCertificate;
}

function hex(bytes: ArrayBuffer | Uint8Array): string {
  return Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString('hex');
}

/**
 * Verifies a signed file and returns the document inside with its signers. Throws AppError SIGNATURE_INVALID
 * (422) with the reason when the file is not signed data, is detached, or any signature fails integrity, and
 * DOCUMENT_TOO_COMPLEX (422) when its structure is past the limits above. Every envelope found inside is opened
 * and verified in turn (up to MAX_NESTING); content that looks like an envelope is never returned as the document.
 * It parses a user's file: the routes run it off the request thread (verify-signed-upload.ts).
 */
export async function verifySignedFile(bytes: Uint8Array, options: TVerifySignedFileOptions = {}): Promise<TVerifiedSignedFile> {
  const now = options.now ?? new Date();
  const maxBytes = options.maxBytes ?? 64 * 2 ** 20;
  if (bytes.length > maxBytes)
    throw new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${maxBytes} bytes`, { params: { maxBytes: maxBytes }, details: [{ path: 'file', message: `at most ${maxBytes} bytes` }] });
  const anchors = parseTrustList(options.trustList ?? []);
  const { der, encoding } = decodeSignedFileBytes(bytes);

  const signers: TSignedFileSigner[] = [];
  const warnings: TSignedFileWarning[] = [];
  let envelope: Uint8Array = der;
  let level = 0;
  for (;;) {
    const signedData = parseSignedData(envelope);
    const content = encapsulatedContent(signedData);
    if (signedData.signerInfos.length === 0) throw signatureInvalid('The file has no signature.');
    if (signedData.signerInfos.length > MAX_SIGNERS) throw tooComplex(`more than ${MAX_SIGNERS} signatures in one envelope`);
    const bundled = (signedData.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);
    for (let i = 0; i < signedData.signerInfos.length; i++) {
      const signerInfo = signedData.signerInfos[i];
      const certificate = await verifySigner(signedData, i);
      const subject = rdnValues(certificate.subject);
      const notBefore = certificate.notBefore.value;
      const notAfter = certificate.notAfter.value;
      const index = signers.length;
      const signer: TSignedFileSigner = {
        index,
        level,
        name: subject.get(OID.commonName) ?? ([subject.get(OID.givenName), subject.get(OID.surname)].filter(Boolean).join(' ') || describeName(certificate.subject)),
        givenName: subject.get(OID.givenName) ?? null,
        surname: subject.get(OID.surname) ?? null,
        codiceFiscale: codiceFiscaleOf(subject),
        organization: subject.get(OID.organization) ?? null,
        issuer: describeName(certificate.issuer),
        serialNumber: hex(certificate.serialNumber.valueBlock.valueHexView),
        notBefore: notBefore.toISOString(),
        notAfter: notAfter.toISOString(),
        signingTime: signingTimeOf(signerInfo),
        signingCertificateV2: signingCertificateV2Of(signerInfo, certificate),
        digestAlgorithm: ALGORITHM_NAMES[signerInfo.digestAlgorithm.algorithmId] ?? signerInfo.digestAlgorithm.algorithmId,
        signatureAlgorithm: ALGORITHM_NAMES[signerInfo.signatureAlgorithm.algorithmId] ?? signerInfo.signatureAlgorithm.algorithmId,
        validNow: notBefore <= now && now <= notAfter,
        trusted: anchors.length > 0 ? await chainsToTrustList(certificate, bundled, anchors) : null,
        nonRepudiation: keyUsageNonRepudiation(certificate),
        qualified: isQualified(certificate),
      };
      signers.push(signer);
      const who = `${signer.name}${signer.codiceFiscale ? ` (${signer.codiceFiscale})` : ''}`;
      if (now > notAfter) warnings.push({ code: 'CERTIFICATE_EXPIRED', signer: index, message: `The certificate of ${who} expired on ${signer.notAfter.slice(0, 10)}.` });
      if (now < notBefore) warnings.push({ code: 'CERTIFICATE_NOT_YET_VALID', signer: index, message: `The certificate of ${who} is valid only from ${signer.notBefore.slice(0, 10)}.` });
      if (signer.trusted === false) warnings.push({ code: 'CA_NOT_TRUSTED', signer: index, message: `The certificate of ${who} was issued by ${signer.issuer}, which is not in the trust list.` });
      if (signer.trusted === null)
        warnings.push({ code: 'CA_NOT_CHECKED', signer: index, message: `Integrity OK, signer ${who}, issued by ${signer.issuer}: CA not checked (no trust list configured).` });
      if (signer.signingCertificateV2 === 'missing' || signer.signingCertificateV2 === 'v1only')
        warnings.push({ code: 'SIGNING_CERTIFICATE_V2_MISSING', signer: index, message: `The signature of ${who} has no signingCertificateV2 attribute (CAdES expects it).` });
      if (signer.signingCertificateV2 === 'mismatch')
        warnings.push({ code: 'SIGNING_CERTIFICATE_MISMATCH', signer: index, message: `The signingCertificateV2 attribute of ${who} does not name the certificate used.` });
    }
    const inner = innerEnvelopeKind(content);
    if (inner === 'otherCms') throw signatureInvalid('The signed document is itself a CMS envelope that is not signed data (encrypted or enveloped): it cannot be verified.');
    if (inner === 'signedData') {
      if (level + 1 > MAX_NESTING) throw signatureInvalid(`The file nests more than ${MAX_NESTING} signed envelopes inside the outer one.`);
      envelope = decodeSignedFileBytes(content).der;
      level++;
      continue;
    }
    if (options.content) await requireSignedContentFormat(content, options.content);
    return { contentBytes: content, contentSha256: createHash('sha256').update(content).digest('hex'), signers, warnings, nested: level, encoding };
  }
}
