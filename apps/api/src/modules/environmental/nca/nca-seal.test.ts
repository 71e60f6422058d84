import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as asn1js from 'asn1js';
import { and, eq } from 'drizzle-orm';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ncaReports, signRequests } from '../../../db/schema/index.ts';
import { startTestApp, type TSession, type TTestApp } from '../../../test/harness.ts';
import { createPhase1SignedReport, ncaFixtures } from './nca-test-fixtures.ts';
import { sha256Hex } from './snapshot.ts';

/*
 * The installation's PAdES seal on the NCA PDFs, checked by a tool that is not ours: poppler's
 * `pdfsig` reads the signature dictionary, hashes the byte range and checks the CMS. Where pdfsig is
 * missing, the same checks are made with pkijs over the byte range.
 */

const PDFSIG = spawnSync('pdfsig', ['-v']).error ? null : 'pdfsig';

let t: TTestApp;
let consortium: TSession;
let agency: TSession;
let reportId: string;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'nca-seal-'));

beforeAll(async () => {
  t = await startTestApp();
  [consortium, agency] = await Promise.all(['consortium', 'agency'].map((a) => t.signedIn(a as never)));
  const fx = await ncaFixtures(t);
  reportId = await createPhase1SignedReport(t, fx, consortium, agency);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function download(url: string, session: TSession = consortium): Promise<Buffer> {
  const res = await fetch(`${t.baseUrl}${url}`, { headers: { authorization: `Bearer ${session.token}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  return Buffer.from(await res.arrayBuffer());
}

/** The /ByteRange of the (one) signature: [start1, length1, start2, length2]. */
function byteRangeOf(pdf: Buffer): [number, number, number, number] {
  const match = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(pdf.toString('latin1'));
  expect(match, 'a /ByteRange in the PDF').toBeTruthy();
  const [a, b, c, d] = match!.slice(1).map(Number);
  return [a, b, c, d];
}

const OID = {
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
};

/**
 * The CMS SignedData in the signature's /Contents (hex, padded with zeros). The padding stays: the DER says its own
 * length and the parser stops there, while stripping trailing zeros would cut a signature whose last byte is 0x00.
 */
function cmsOf(pdf: Buffer): pkijs.SignedData {
  const [a, b, c] = byteRangeOf(pdf);
  const hex = pdf.subarray(a + b + 1, c - 1).toString('latin1');
  return new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(Buffer.from(hex, 'hex')).content });
}

/** pkijs over the byte range: the CMS's message digest is the range's SHA-256 and its signature checks with its certificate. */
async function pkijsVerdict(pdf: Buffer): Promise<boolean> {
  const [a, b, c, d] = byteRangeOf(pdf);
  const signed = cmsOf(pdf);
  const data = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
  const attr = signed.signerInfos[0].signedAttrs!.attributes.find((x) => x.type === OID.messageDigest)!;
  const digest = Buffer.from((attr.values[0] as asn1js.OctetString).valueBlock.valueHexView);
  if (!digest.equals(createHash('sha256').update(data).digest())) return false;
  return signed.verify({ signer: 0, data: new Uint8Array(data).buffer, checkChain: false }).catch(() => false);
}

/** pdfsig's verdict on a PDF (its text), or pkijs's when pdfsig is not installed. */
async function verdict(pdf: Buffer, name: string): Promise<{ valid: boolean; text: string }> {
  if (!PDFSIG) return { valid: await pkijsVerdict(pdf), text: 'pkijs' };
  const file = path.join(tmp, name);
  fs.writeFileSync(file, pdf);
  const run = spawnSync(PDFSIG, [file], { encoding: 'utf8' });
  const text = `${run.stdout}${run.stderr}`;
  return { valid: /Signature Validation: Signature is Valid\./.test(text), text };
}

/** One byte changed inside the first signed range (a letter of the document's title, so the file still parses). */
function tampered(pdf: Buffer): Buffer {
  const [a, b] = byteRangeOf(pdf);
  const copy = Buffer.from(pdf);
  const at = copy.indexOf('/Title', a);
  expect(at).toBeGreaterThan(a);
  expect(at + 10).toBeLessThan(a + b);
  copy[at + 9] ^= 0x01;
  return copy;
}

describe("the installation's seal on the NCA PDFs", () => {
  it('seals the stored PDF of a signed phase: pdfsig reports it valid over the byte range, and it is what the evidence hashes', async () => {
    const pdf = await download(`/api/nca-reports/${reportId}/pdf?phase=first`);
    const { valid, text } = await verdict(pdf, 'phase1.pdf');
    expect(valid, text).toBe(true);
    if (PDFSIG) {
      expect(text).toContain('ETSI.CAdES.detached');
      expect(text).toContain('Total document signed');
      expect(text).toContain("Sigillo dell'installazione");
    }
    expect(await pkijsVerdict(pdf)).toBe(true);
    // The bytes served are the bytes stored and hashed by the sign requests and the evidence chain.
    const [request] = await t.db
      .select({ pdfSha256: signRequests.pdfSha256 })
      .from(signRequests)
      .where(and(eq(signRequests.reportId, reportId), eq(signRequests.phase, 'first')));
    expect(sha256Hex(pdf)).toBe(request.pdfSha256);
    const verified = await t.request<{ intact: boolean }>('GET', `/api/nca-reports/${reportId}/evidence/verify`, { token: agency.token });
    expect(verified.body.intact).toBe(true);
  });

  it('is shaped as PAdES B-B: ETSI.CAdES.detached, signing-certificate-v2 naming the sealing certificate, the time in /M and not in the CMS', async () => {
    const pdf = await download(`/api/nca-reports/${reportId}/pdf?phase=first`);
    const text = pdf.toString('latin1');
    expect(text).toMatch(/\/SubFilter\s*\/ETSI\.CAdES\.detached/);
    expect(text).toMatch(/\/M\s*\(D:\d{14}/);
    const signed = cmsOf(pdf);
    const certificate = signed.certificates![0] as pkijs.Certificate;
    const attributes = signed.signerInfos[0].signedAttrs!.attributes;
    expect(attributes.map((a) => a.type).sort()).toEqual([OID.contentType, OID.messageDigest, OID.signingCertificateV2].sort());
    expect(attributes.some((a) => a.type === OID.signingTime)).toBe(false);
    // SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 }; ESSCertIDv2 ::= SEQUENCE { [hashAlgorithm DEFAULT sha256,] certHash, issuerSerial }
    const value = attributes.find((a) => a.type === OID.signingCertificateV2)!.values[0] as asn1js.Sequence;
    const [certs] = value.valueBlock.value as asn1js.Sequence[];
    expect(certs.valueBlock.value).toHaveLength(1);
    const essCertId = certs.valueBlock.value[0] as asn1js.Sequence;
    const [certHash, issuerSerialAsn] = essCertId.valueBlock.value;
    expect(certHash, 'the hash algorithm is SHA-256, the DEFAULT, so it is left out').toBeInstanceOf(asn1js.OctetString);
    const certDer = Buffer.from(certificate.toSchema().toBER(false));
    expect(Buffer.from((certHash as asn1js.OctetString).valueBlock.valueHexView).toString('hex')).toBe(createHash('sha256').update(certDer).digest('hex'));
    const issuerSerial = new pkijs.IssuerSerial({ schema: issuerSerialAsn });
    expect(issuerSerial.serialNumber.isEqual(certificate.serialNumber)).toBe(true);
    const issuer = issuerSerial.issuer.names[0];
    expect(issuer.type).toBe(4);
    expect((issuer.value as pkijs.RelativeDistinguishedNames).isEqual(certificate.issuer)).toBe(true);
    // The signature over the signed attributes still checks (pkijs recomputes it with the certificate).
    expect(await pkijsVerdict(pdf)).toBe(true);
  });

  it('one changed byte inside the signed range breaks the seal', async () => {
    const pdf = await download(`/api/nca-reports/${reportId}/pdf?phase=first`);
    const broken = tampered(pdf);
    const { valid, text } = await verdict(broken, 'phase1-tampered.pdf');
    expect(valid, text).toBe(false);
    if (PDFSIG) expect(text).toMatch(/Signature Validation: (Digest Mismatch|Signature is Invalid)/);
    expect(await pkijsVerdict(broken)).toBe(false);
  });

  it('seals the final report of a closed NCA, not the current state of an open one', async () => {
    const [closed] = await t.db.select({ id: ncaReports.id }).from(ncaReports).where(eq(ncaReports.status, 'closed')).limit(1);
    expect(closed, 'the demo has a closed report').toBeTruthy();
    const final = await download(`/api/nca-reports/${closed.id}/pdf`);
    const { valid, text } = await verdict(final, 'final.pdf');
    expect(valid, text).toBe(true);
    expect((await verdict(tampered(final), 'final-tampered.pdf')).valid).toBe(false);
    const open = await download(`/api/nca-reports/${reportId}/pdf`);
    expect(open.includes('/ByteRange')).toBe(false);
  });

  it('keeps one certificate per installation: the same one on every sealed PDF', async () => {
    const certOf = (pdf: Buffer) => {
      const signed = cmsOf(pdf);
      return Buffer.from((signed.certificates![0] as pkijs.Certificate).toSchema().toBER(false)).toString('hex');
    };
    const [closed] = await t.db.select({ id: ncaReports.id }).from(ncaReports).where(eq(ncaReports.status, 'closed')).limit(1);
    expect(certOf(await download(`/api/nca-reports/${reportId}/pdf?phase=first`))).toBe(certOf(await download(`/api/nca-reports/${closed.id}/pdf`)));
  });
});

describe('the demo seal of an installation without a configured certificate', () => {
  it('is generated once in the data folder and read again after a restart', async () => {
    const { loadConfig } = await import('../../../config.ts');
    const { loadInstallationSeal } = await import('../../../lib/installation-seal.ts');
    const dataDir = path.join(tmp, 'data');
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, PUBLIC_URL: 'https://nca.example.it' });
    const first = await loadInstallationSeal(config);
    const file = path.join(dataDir, 'installation-seal.pem');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const again = await loadInstallationSeal(config);
    expect(again.certificatesPem).toBe(first.certificatesPem);
    expect(first.name).toBe("Sigillo dell'installazione nca.example.it");
    // Configured by path: the same files, named by SEAL_CERT_PATH and SEAL_KEY_PATH, are used as they are.
    const configured = await loadInstallationSeal(
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), ALTCHA_HMAC_KEY: 'y'.repeat(20), DATA_DIR: path.join(tmp, 'other'), SEAL_CERT_PATH: file, SEAL_KEY_PATH: file }),
    );
    expect(configured.certificatesPem).toBe(first.certificatesPem);
    expect(fs.existsSync(path.join(tmp, 'other', 'installation-seal.pem'))).toBe(false);
    // A key that is not the certificate's is refused at start.
    const otherKey = path.join(tmp, 'other-key.pem');
    execFileSync('openssl', ['genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', otherKey]);
    await expect(loadInstallationSeal(loadConfig({ NODE_ENV: 'test', SEAL_CERT_PATH: file, SEAL_KEY_PATH: otherKey }))).rejects.toThrow(/not the certificate/);
  });
});

describe('a seal configured as one PKCS#12 file (SEAL_P12_PATH, SEAL_P12_PASSWORD)', () => {
  it('is read with pkijs, seals a PDF that pdfsig verifies, and a wrong password is refused at start', async () => {
    const { loadConfig } = await import('../../../config.ts');
    const { loadInstallationSeal } = await import('../../../lib/installation-seal.ts');
    const { saveSealed } = await import('../../../lib/pdf-seal.ts');
    const { PDFDocument } = await import('pdf-lib');
    const dir = path.join(tmp, 'p12');
    fs.mkdirSync(dir);
    const [keyFile, certFile, p12File] = ['key.pem', 'cert.pem', 'seal.p12'].map((f) => path.join(dir, f));
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', keyFile, '-out', certFile, '-subj', '/CN=Sigillo PKCS12 di prova', '-days', '30'],
      { stdio: 'ignore' },
    );
    // OpenSSL 3's default: PBES2 with PBKDF2 and AES-256-CBC, MAC with SHA-256.
    execFileSync('openssl', ['pkcs12', '-export', '-inkey', keyFile, '-in', certFile, '-out', p12File, '-passout', 'pass:parola segreta'], { stdio: 'ignore' });
    const env = { NODE_ENV: 'test', DATA_DIR: path.join(tmp, 'p12-data'), SEAL_P12_PATH: p12File };
    const key = await loadInstallationSeal(loadConfig({ ...env, SEAL_P12_PASSWORD: 'parola segreta' }));
    expect(key.name).toBe('Sigillo PKCS12 di prova');
    const der = (pem: string) => Buffer.from(pem.replace(/-----[^-]+-----|\s/g, ''), 'base64').toString('hex');
    expect(der(key.certificatesPem)).toBe(der(fs.readFileSync(certFile, 'utf8')));
    expect(fs.existsSync(path.join(tmp, 'p12-data', 'installation-seal.pem'))).toBe(false);

    const doc = await PDFDocument.create();
    doc.setTitle('Prova del sigillo PKCS12');
    doc.addPage([595, 842]).drawText('Prova', { x: 50, y: 800 });
    const sealed = Buffer.from(await saveSealed(doc, key, 'prova'));
    const { valid, text } = await verdict(sealed, 'p12.pdf');
    expect(valid, text).toBe(true);
    if (PDFSIG) expect(text).toContain('Sigillo PKCS12 di prova');
    expect((await verdict(tampered(sealed), 'p12-tampered.pdf')).valid).toBe(false);

    await expect(loadInstallationSeal(loadConfig({ ...env, SEAL_P12_PASSWORD: 'sbagliata' }))).rejects.toThrow(/SEAL_P12_PASSWORD/);
    expect(() => loadConfig(env)).toThrow(/SEAL_P12_PASSWORD: required/);
    expect(() => loadConfig({ ...env, SEAL_P12_PASSWORD: 'x', SEAL_CERT_PATH: certFile, SEAL_KEY_PATH: keyFile })).toThrow(/not both/);
  });
});
