import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import { PDFDocument } from 'pdf-lib';
import * as pkijs from 'pkijs';

/**
 * Signed files built at test time, for what would be too large to commit as a fixture (a nested envelope over 16 MB)
 * and for files crafted to exhaust a parser. The signer is a throwaway EC P-256 key with a self-signed certificate.
 */

type TTestSigner = { certificate: pkijs.Certificate; privateKey: CryptoKey };
let testSigner: Promise<TTestSigner> | undefined;

async function makeTestSigner(): Promise<TTestSigner> {
  const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  const certificate = new pkijs.Certificate();
  certificate.version = 2;
  certificate.serialNumber = new asn1js.Integer({ value: 4242 });
  for (const names of [certificate.issuer, certificate.subject]) {
    names.typesAndValues.push(new pkijs.AttributeTypeAndValue({ type: '2.5.4.3', value: new asn1js.Utf8String({ value: 'TEST SIGNER' }) }));
  }
  certificate.notBefore.value = new Date('2020-01-01T00:00:00Z');
  certificate.notAfter.value = new Date('2040-01-01T00:00:00Z');
  await certificate.subjectPublicKeyInfo.importKey(keys.publicKey);
  await certificate.sign(keys.privateKey, 'SHA-256');
  return { certificate, privateKey: keys.privateKey };
}

/** A CAdES-like attached signed file (DER) of `content`, with the contentType and messageDigest signed attributes. */
export async function signForTest(content: Uint8Array): Promise<Buffer> {
  const { certificate, privateKey } = await (testSigner ??= makeTestSigner());
  const digest = createHash('sha256').update(content).digest();
  const signedData = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: '1.2.840.113549.1.7.1', eContent: new asn1js.OctetString({ valueHex: content }) }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: certificate.issuer, serialNumber: certificate.serialNumber }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: [
            new pkijs.Attribute({ type: '1.2.840.113549.1.9.3', values: [new asn1js.ObjectIdentifier({ value: '1.2.840.113549.1.7.1' })] }),
            new pkijs.Attribute({ type: '1.2.840.113549.1.9.4', values: [new asn1js.OctetString({ valueHex: digest })] }),
          ],
        }),
      }),
    ],
    certificates: [certificate],
  });
  await signedData.sign(privateKey, 0, 'SHA-256');
  const contentInfo = new pkijs.ContentInfo({ contentType: '1.2.840.113549.1.7.2', content: signedData.toSchema(true) });
  return Buffer.from(contentInfo.toSchema().toBER(false));
}

/** A signed file whose document was altered after signing: one byte of `marker` (found in the DER) flipped. */
export async function signThenTamper(content: Uint8Array, marker: string): Promise<Buffer> {
  const signed = await signForTest(content);
  const at = signed.indexOf(marker);
  if (at < 0) throw new Error(`marker ${marker} not in the signed file`);
  signed[at] ^= 1;
  return signed;
}

/** A valid one-page PDF of about `size` bytes: the bulk is an uncompressed stream of the text `filler`, repeated. */
export async function makeLargePdf(size: number, filler = 'RDP-FILLER '): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]).drawText('Rapporto di prova', { x: 20, y: 100, size: 12 });
  doc.context.register(doc.context.stream(Buffer.alloc(size, filler)));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** DER length octets of `n`. */
function derLength(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

const der = (tag: number, content: Buffer) => Buffer.concat([Buffer.from([tag]), derLength(content.length), content]);

/**
 * About `size` bytes shaped like a signed file: a ContentInfo of signed data whose every length is right, holding
 * NULL elements (2 bytes each) by the million. It passes a header check; a parser that builds an object per element
 * spends a gigabyte on it.
 */
export function craftManyElementsP7m(size: number): Buffer {
  const nulls = Buffer.alloc(size - 32);
  for (let i = 0; i + 1 < nulls.length; i += 2) nulls[i] = 0x05;
  const signedData = der(0x30, nulls.subarray(0, nulls.length - (nulls.length % 2)));
  return der(0x30, Buffer.concat([Buffer.from('06092a864886f70d010702', 'hex'), der(0xa0, signedData)]));
}
