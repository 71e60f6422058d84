import { createHash, webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import type { PDFDocument } from 'pdf-lib';
import * as pkijs from 'pkijs';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';

/**
 * The installation's PAdES seal (sigillo dell'installazione) on a PDF: a detached CMS signature over
 * the PDF's byte range, made with the installation's certificate, so any PDF reader (or `pdfsig`)
 * shows that the document has not changed since. It is a seal of the installation, not any person's
 * signature and not a qualified one. Runs in the document-job worker that lays the PDF out, never on
 * the request thread.
 *
 * Shaped as PAdES baseline B-B (ETSI EN 319 142-1 §5.3/§6.3): SubFilter `ETSI.CAdES.detached`; the
 * signed attributes are content-type, message-digest and signing-certificate-v2 (ESS, RFC 5035: the
 * SHA-256 of the sealing certificate with its issuer and serial number, so the certificate cannot be
 * swapped); the signing time is the signature dictionary's `/M`, and no CMS signingTime attribute is
 * present (B-B forbids it). Without a timestamp (B-T) the time is the installation's own clock.
 */

/** The installation's seal key, as it crosses into the worker: PEM texts (structured-clone friendly). */
export type TSealKey = {
  /** The sealing certificate first, then any chain certificates, PEM. */
  certificatesPem: string;
  /** PKCS#8 PEM of the sealing certificate's private key (RSA or EC P-256/P-384). */
  privateKeyPem: string;
  /** Shown as the signer's name in a reader (the certificate's common name). */
  name: string;
  /** Where it was sealed (the installation's address). */
  location: string;
};

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  /** id-aa-signingCertificateV2 (RFC 5035). */
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  rsa: '1.2.840.113549.1.1.1',
  ec: '1.2.840.10045.2.1',
  p256: '1.2.840.10045.3.1.7',
  p384: '1.3.132.0.34',
};

/** Room for the CMS in the PDF (bytes): a certificate chain of a few certificates fits. */
const SIGNATURE_LENGTH = 16_384;

export function pemBlocks(pem: string, label: string): Uint8Array<ArrayBuffer>[] {
  const re = new RegExp(`-----BEGIN ${label}-----([\\s\\S]*?)-----END ${label}-----`, 'g');
  return [...pem.matchAll(re)].map((m) => new Uint8Array(Buffer.from(m[1].replace(/\s+/g, ''), 'base64')));
}

export const toPem = (label: string, der: ArrayBuffer | Uint8Array) =>
  `-----BEGIN ${label}-----\n${(
    Buffer.from(der instanceof Uint8Array ? der : new Uint8Array(der))
      .toString('base64')
      .match(/.{1,64}/g) ?? []
  ).join('\n')}\n-----END ${label}-----\n`;

export function parseCertificates(pem: string): pkijs.Certificate[] {
  return pemBlocks(pem, 'CERTIFICATE').map((der) => pkijs.Certificate.fromBER(der));
}

/** The WebCrypto algorithm that imports the key of `certificate` (RSA PKCS#1 v1.5 or ECDSA on P-256/P-384). */
export function keyAlgorithmOf(certificate: pkijs.Certificate): RsaHashedImportParams | EcKeyImportParams {
  const spki = certificate.subjectPublicKeyInfo.algorithm;
  if (spki.algorithmId === OID.rsa) return { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
  if (spki.algorithmId === OID.ec) {
    const curve = spki.algorithmParams instanceof asn1js.ObjectIdentifier ? spki.algorithmParams.valueBlock.toString() : '';
    if (curve === OID.p256) return { name: 'ECDSA', namedCurve: 'P-256' };
    if (curve === OID.p384) return { name: 'ECDSA', namedCurve: 'P-384' };
  }
  throw new Error('the seal certificate must hold an RSA key or an EC key on P-256 or P-384');
}

export async function importSealPrivateKey(key: TSealKey): Promise<{ certificates: pkijs.Certificate[]; privateKey: CryptoKey }> {
  const certificates = parseCertificates(key.certificatesPem);
  if (certificates.length === 0) throw new Error('no certificate in the seal certificate file');
  const [der] = pemBlocks(key.privateKeyPem, 'PRIVATE KEY');
  if (!der) throw new Error('no PKCS#8 private key ("BEGIN PRIVATE KEY") in the seal key file');
  const privateKey = await webcrypto.subtle.importKey('pkcs8', der, keyAlgorithmOf(certificates[0]), false, ['sign']);
  return { certificates, privateKey };
}

/**
 * The signing-certificate-v2 attribute's value (RFC 5035 §3):
 * SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 }, with one
 * ESSCertIDv2 ::= SEQUENCE { certHash OCTET STRING, issuerSerial IssuerSerial } for the sealing
 * certificate. The hash algorithm is SHA-256, the DEFAULT, so DER leaves it out.
 */
export function signingCertificateV2(certificate: pkijs.Certificate): asn1js.Sequence {
  const certHash = createHash('sha256')
    .update(new Uint8Array(certificate.toSchema().toBER(false)))
    .digest();
  const issuerSerial = new pkijs.IssuerSerial({
    issuer: new pkijs.GeneralNames({ names: [new pkijs.GeneralName({ type: 4, value: certificate.issuer })] }),
    serialNumber: certificate.serialNumber,
  });
  const essCertId = new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: certHash }), issuerSerial.toSchema()] });
  return new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertId] })] });
}

/** A CMS SignedData, detached, over the bytes signpdf hands over (the PDF without the signature's hole). */
class InstallationSigner extends Signer {
  constructor(private readonly key: TSealKey) {
    super();
  }
  override async sign(signedBytes: Buffer): Promise<Buffer> {
    const { certificates, privateKey } = await importSealPrivateKey(this.key);
    const [certificate] = certificates;
    const digest = createHash('sha256').update(signedBytes).digest();
    const signedData = new pkijs.SignedData({
      version: 1,
      encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
      signerInfos: [
        new pkijs.SignerInfo({
          version: 1,
          sid: new pkijs.IssuerAndSerialNumber({ issuer: certificate.issuer, serialNumber: certificate.serialNumber }),
          signedAttrs: new pkijs.SignedAndUnsignedAttributes({
            type: 0,
            attributes: [
              new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OID.data })] }),
              new pkijs.Attribute({ type: OID.messageDigest, values: [new asn1js.OctetString({ valueHex: digest })] }),
              new pkijs.Attribute({ type: OID.signingCertificateV2, values: [signingCertificateV2(certificate)] }),
            ],
          }),
        }),
      ],
      certificates,
    });
    await signedData.sign(privateKey, 0, 'SHA-256');
    const contentInfo = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
    return Buffer.from(contentInfo.toSchema().toBER(false));
  }
}

/**
 * Saves `doc` sealed: adds the signature field (invisible, on the first page) with its byte range and
 * the signing time as `/M`, saves, and fills the hole with the CMS. The answer is the whole document as it must be stored.
 */
export async function saveSealed(doc: PDFDocument, key: TSealKey, reason: string): Promise<Uint8Array> {
  const signingTime = new Date();
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason,
    contactInfo: '',
    name: key.name,
    location: key.location,
    signingTime,
    signatureLength: SIGNATURE_LENGTH,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
  });
  // Without object streams the signature dictionary stays plain text, where its byte range is filled in.
  const unsigned = await doc.save({ useObjectStreams: false });
  const sealed = await new SignPdf().sign(Buffer.from(unsigned), new InstallationSigner(key));
  return new Uint8Array(sealed.buffer, sealed.byteOffset, sealed.byteLength);
}
