import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/errors.ts';
import { craftManyElementsP7m, makeLargePdf, signForTest, signThenTamper } from './test-signed-files.ts';
import { MAX_DEPTH, MAX_ELEMENTS, MAX_NESTING, verifySignedFile } from './verify-signed-file.ts';

// The fixtures are made by apps/api/fixtures/signed-files/make-fixtures.sh (openssl cms -sign -cades ...).
const fixture = (name: string) => readFileSync(new URL(`../../../../fixtures/signed-files/${name}`, import.meta.url));
const original = fixture('doc.pdf');
const ca = fixture('ca.pem').toString('utf8');
const otherCa = fixture('other-ca.pem').toString('utf8');
const now = new Date('2026-11-24T08:00:00Z');

async function refusal(promise: Promise<unknown>, code = 'SIGNATURE_INVALID'): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  expect((error as AppError).statusCode).toBe(422);
  return error as AppError;
}

describe('verifySignedFile', () => {
  it('valid CAdES DER: the PDF inside, signer name and codice fiscale, issuer, dates, signingCertificateV2', async () => {
    const result = await verifySignedFile(fixture('doc.pdf.p7m'), { trustList: [ca], now });
    expect(result.contentBytes.equals(original)).toBe(true);
    expect(result.encoding).toBe('der');
    expect(result.nested).toBe(0);
    expect(result.signers).toHaveLength(1);
    const [signer] = result.signers;
    expect(signer).toMatchObject({
      name: 'ROSSI MARIO',
      givenName: 'MARIO',
      surname: 'ROSSI',
      codiceFiscale: 'RSSMRA80A01H501U',
      organization: 'Laboratorio Analisi Test S.r.l.',
      issuer: 'Test Qualified Electronic Signature CA, Test Qualified CA S.p.A.',
      signingCertificateV2: 'present',
      digestAlgorithm: 'sha256',
      validNow: true,
      trusted: true,
      nonRepudiation: true,
      qualified: true,
    });
    expect(signer.signingTime).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(new Date(signer.notAfter) > now).toBe(true);
    expect(result.warnings).toEqual([]);
  });

  it('without a trust list the CA is reported as not checked (a warning, not a refusal)', async () => {
    const result = await verifySignedFile(fixture('doc.pdf.p7m'), { now });
    expect(result.signers[0].trusted).toBeNull();
    expect(result.warnings.map((w) => w.code)).toEqual(['CA_NOT_CHECKED']);
  });

  it('a CA outside the trust list is accepted with a warning', async () => {
    const result = await verifySignedFile(fixture('doc.pdf.p7m'), { trustList: [otherCa], now });
    expect(result.signers[0].trusted).toBe(false);
    expect(result.warnings.map((w) => w.code)).toEqual(['CA_NOT_TRUSTED']);
  });

  it('no signingCertificateV2: accepted with a warning', async () => {
    const result = await verifySignedFile(fixture('doc.no-ess.pdf.p7m'), { trustList: [ca], now });
    expect(result.contentBytes.equals(original)).toBe(true);
    expect(result.signers[0].signingCertificateV2).toBe('missing');
    expect(result.warnings.map((w) => w.code)).toEqual(['SIGNING_CERTIFICATE_V2_MISSING']);
  });

  it('nested .p7m inside a .p7m: both levels verified, the innermost PDF returned', async () => {
    const result = await verifySignedFile(fixture('doc.pdf.p7m.p7m'), { trustList: [ca], now });
    expect(result.nested).toBe(1);
    expect(result.signers.map((s) => [s.level, s.codiceFiscale])).toEqual([
      [0, 'RSSMRA80A01H501U'],
      [1, 'RSSMRA80A01H501U'],
    ]);
    expect(result.contentBytes.equals(original)).toBe(true);
  });

  it('PEM and bare base64 encodings', async () => {
    const pem = await verifySignedFile(fixture('doc.pem.p7m'), { trustList: [ca], now });
    expect(pem.encoding).toBe('pem');
    expect(pem.contentBytes.equals(original)).toBe(true);
    const b64 = await verifySignedFile(fixture('doc.b64.p7m'), { trustList: [ca], now });
    expect(b64.encoding).toBe('base64');
    expect(b64.contentBytes.equals(original)).toBe(true);
  });

  it('BER with indefinite lengths (openssl -stream)', async () => {
    const bytes = fixture('doc.ber.p7m');
    expect(bytes[1]).toBe(0x80); // indefinite length right after the outer SEQUENCE tag
    const result = await verifySignedFile(bytes, { trustList: [ca], now });
    expect(result.contentBytes.equals(original)).toBe(true);
    expect(result.signers[0].signingCertificateV2).toBe('present');
  });

  it('co-signed by an RSA and an EC P-256 signer', async () => {
    const result = await verifySignedFile(fixture('doc.cosigned.pdf.p7m'), { trustList: [ca], now });
    expect(result.signers.map((s) => s.codiceFiscale).sort()).toEqual(['BNCLCU85M41F205Z', 'RSSMRA80A01H501U']);
    expect(result.signers.map((s) => s.signatureAlgorithm).sort()).toEqual(['ecdsaWithSHA256', 'rsaEncryption']);
    expect(result.signers.every((s) => s.trusted && s.signingCertificateV2 === 'present')).toBe(true);
    expect(result.contentBytes.equals(original)).toBe(true);
    expect(result.warnings).toEqual([]);
  });

  it('tampered content is refused with the reason (message digest)', async () => {
    const error = await refusal(verifySignedFile(fixture('doc.tampered.pdf.p7m'), { trustList: [ca], now }));
    expect(error.message).toMatch(/message digest/i);
  });

  it('an expired certificate verifies but carries a warning (the product checks the dates itself)', async () => {
    const result = await verifySignedFile(fixture('doc.expired.pdf.p7m'), { trustList: [ca], now });
    expect(result.signers[0]).toMatchObject({ name: 'VERDI GIUSEPPE', codiceFiscale: 'VRDGPP70C15L219X', validNow: false, trusted: true });
    expect(result.signers[0].notAfter.slice(0, 10)).toBe('2021-01-01');
    expect(result.warnings.map((w) => w.code)).toEqual(['CERTIFICATE_EXPIRED']);
    // at a time inside its validity the same file has no warning
    const then = await verifySignedFile(fixture('doc.expired.pdf.p7m'), { trustList: [ca], now: new Date('2020-06-01T00:00:00Z') });
    expect(then.warnings).toEqual([]);
  });

  it('a plain PDF, text, or a truncated file is refused as not signed data', async () => {
    await refusal(verifySignedFile(original));
    await refusal(verifySignedFile(Buffer.from('hello world, not a p7m')));
    await refusal(verifySignedFile(fixture('doc.pdf.p7m').subarray(0, 500)));
    await refusal(verifySignedFile(Buffer.alloc(0)));
  });

  it('a corrupted signature value is refused', async () => {
    const bytes = Buffer.from(fixture('doc.pdf.p7m'));
    // the RSA signature is the last 256 bytes of this single-signer DER file
    bytes[bytes.length - 10] ^= 0xff;
    const error = await refusal(verifySignedFile(bytes, { trustList: [ca], now }));
    expect(error.message).toMatch(/signature/i);
  });
});

/** `content` signed `levels` times over (1: a plain .p7m). */
async function nestTimes(content: Uint8Array, levels: number): Promise<Buffer> {
  let bytes: Buffer = Buffer.from(content);
  for (let i = 0; i < levels; i++) bytes = await signForTest(bytes);
  return bytes;
}

describe('verifySignedFile refuses hostile structures before parsing them', () => {
  it('a file of zeros, a truncated file, a file with bytes after its structure: SIGNATURE_INVALID with the reason', async () => {
    expect((await refusal(verifySignedFile(Buffer.alloc(20 * 2 ** 20)))).message).toMatch(/neither DER, PEM nor base64/);
    const good = fixture('doc.pdf.p7m');
    expect((await refusal(verifySignedFile(good.subarray(0, good.length - 1)))).message).toMatch(/declares \d+ bytes, the file has/);
    expect((await refusal(verifySignedFile(Buffer.concat([good, Buffer.from([0])])))).message).toMatch(/declares \d+ bytes, the file has/);
    // an inner element whose length runs past its container
    const overrun = Buffer.from(good);
    overrun[overrun.indexOf(Buffer.from('06092a864886f70d010702', 'hex')) + 11 + 1] = 0x7f;
    await refusal(verifySignedFile(overrun));
  });

  it('a BER file cut before its end-of-contents is refused', async () => {
    const ber = fixture('doc.ber.p7m');
    await refusal(verifySignedFile(ber.subarray(0, ber.length - 2)));
  });

  it('a 10 MB file of millions of tiny elements is refused as too complex, fast and without the parser', async () => {
    const crafted = craftManyElementsP7m(10 * 2 ** 20);
    const started = performance.now();
    const error = await refusal(verifySignedFile(crafted), 'DOCUMENT_TOO_COMPLEX');
    expect(error.message).toContain(`more than ${MAX_ELEMENTS} ASN.1 elements`);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('elements nested deeper than the limit are refused as too complex (no recursion over the depth)', async () => {
    // SEQUENCE, signedData OID, then 100,000 nested indefinite-length SEQUENCEs closed by their end-of-contents
    const depth = 100_000;
    const crafted = Buffer.concat([Buffer.from('3080', 'hex'), Buffer.from('06092a864886f70d010702', 'hex'), Buffer.alloc(depth * 2, Buffer.from('3080', 'hex')), Buffer.alloc((depth + 1) * 2)]);
    const error = await refusal(verifySignedFile(crafted), 'DOCUMENT_TOO_COMPLEX');
    expect(error.message).toContain(`nested more than ${MAX_DEPTH} deep`);
  });
});

describe('verifySignedFile opens every envelope inside, whatever its size', () => {
  it('a valid outer signature over a tampered inner .p7m is refused (message digest of the inner envelope)', async () => {
    const error = await refusal(verifySignedFile(fixture('doc.tampered-inner.pdf.p7m.p7m'), { trustList: [ca], now }));
    expect(error.message).toMatch(/message digest/i);
  });

  it('a tampered inner .p7m over 16 MB behind a valid outer signature is refused, not returned as the document', async () => {
    const inner = await signThenTamper(await makeLargePdf(17 * 2 ** 20), 'RDP-FILLER');
    expect(inner[1]).toBe(0x84); // four length bytes: the header that hid such an envelope
    const error = await refusal(verifySignedFile(await signForTest(inner), { now }));
    expect(error.message).toMatch(/message digest/i);
  });

  it('an untampered inner .p7m over 16 MB is verified as an envelope and its PDF returned', async () => {
    const pdf = await makeLargePdf(17 * 2 ** 20);
    const result = await verifySignedFile(await nestTimes(pdf, 2), { now, content: 'pdf' });
    expect(result.nested).toBe(1);
    expect(result.contentBytes.equals(pdf)).toBe(true);
  });

  it('an inner CMS envelope that is not signed data (encrypted) is refused: it cannot be verified', async () => {
    const error = await refusal(verifySignedFile(fixture('doc.enveloped-inner.p7m'), { trustList: [ca], now }));
    expect(error.message).toMatch(/not signed data/);
  });

  it(`opens ${MAX_NESTING} envelopes inside the outer one, and refuses one more`, async () => {
    const pdf = fixture('doc.pdf');
    const deepest = await verifySignedFile(await nestTimes(pdf, MAX_NESTING + 1), { now });
    expect(deepest.nested).toBe(MAX_NESTING);
    expect(deepest.contentBytes.equals(pdf)).toBe(true);
    const error = await refusal(verifySignedFile(await nestTimes(pdf, MAX_NESTING + 2), { now }));
    expect(error.message).toMatch(new RegExp(`more than ${MAX_NESTING} signed envelopes`));
  });
});

describe('verifySignedFile with content "pdf" takes only a real PDF inside', () => {
  it('a signed PDF passes', async () => {
    const result = await verifySignedFile(fixture('doc.pdf.p7m'), { trustList: [ca], now, content: 'pdf' });
    expect(result.contentBytes.equals(original)).toBe(true);
  });

  it.each([
    ['doc.zip.p7m', /zip archive/],
    ['doc.prefixed.pdf.p7m', /does not start with the PDF header/],
    ['doc.header-only.pdf.p7m', /no PDF trailer/],
  ])('%s verifies as a signature but is refused as not a PDF', async (name, reason) => {
    await verifySignedFile(fixture(name), { trustList: [ca], now });
    const error = await refusal(verifySignedFile(fixture(name), { trustList: [ca], now, content: 'pdf' }));
    expect(error.message).toMatch(reason);
  });
});
