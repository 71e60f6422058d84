import { describe, expect, it } from 'vitest';
import { detectFileFormat, isCmsSignedData, ole2StreamNames } from './detect-file-format.ts';
import { PNG_1X1, makeDocx, makeExe, makeOle2, makeP7mDer, makePdf, makePlainZip, makeXlsx } from './test-files.ts';

describe('detectFileFormat (by content)', () => {
  it('recognises pdf, OOXML, legacy Office, images, p7m and text', async () => {
    expect(await detectFileFormat(await makePdf())).toMatchObject({ format: 'pdf', mimeType: 'application/pdf' });
    expect((await detectFileFormat(await makeDocx())).format).toBe('docx');
    expect((await detectFileFormat(await makeXlsx())).format).toBe('xlsx');
    expect((await detectFileFormat(makeOle2('WordDocument'))).format).toBe('doc');
    expect((await detectFileFormat(makeOle2('Workbook'))).format).toBe('xls');
    expect((await detectFileFormat(makeOle2('PowerPoint Document'))).format).toBe('ppt');
    expect((await detectFileFormat(PNG_1X1)).format).toBe('png');
    expect((await detectFileFormat(makeP7mDer())).format).toBe('p7m');
    expect((await detectFileFormat(Buffer.from('nome;cognome\nMario;Rossi\n'), 'csv')).format).toBe('csv');
    expect((await detectFileFormat(Buffer.from('nome;cognome\nMario;Rossi\n'), 'pdf')).format).toBe('txt');
  });

  it('refuses executables, plain zips, unknown OLE2 files and binary junk', async () => {
    expect((await detectFileFormat(makeExe())).format).toBeNull();
    expect((await detectFileFormat(await makePlainZip())).format).toBeNull();
    expect((await detectFileFormat(makeOle2('__substg1.0_0037001F'))).format).toBeNull();
    expect((await detectFileFormat(Buffer.from([0x00, 0x01, 0x02, 0xff, 0x10]))).format).toBeNull();
  });

  it('accepts p7m as DER, PEM or bare base64, and nothing else that starts with a SEQUENCE', () => {
    const der = makeP7mDer();
    const b64 = der.toString('base64');
    expect(isCmsSignedData(der)).toBe(true);
    expect(isCmsSignedData(Buffer.from(`-----BEGIN PKCS7-----\n${b64}\n-----END PKCS7-----\n`))).toBe(true);
    expect(isCmsSignedData(Buffer.from(`-----BEGIN CMS-----\n${b64}\n-----END CMS-----`))).toBe(true);
    expect(isCmsSignedData(Buffer.from(b64))).toBe(true);
    const envelopedData = Buffer.from(der);
    envelopedData[der.indexOf(0x02, 14)] = 0x03; // 1.2.840.113549.1.7.3 is EnvelopedData, not SignedData
    expect(isCmsSignedData(envelopedData)).toBe(false);
    expect(isCmsSignedData(Buffer.from('-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----'))).toBe(false);
  });

  it('reads OLE2 stream names only from a well-formed directory', () => {
    expect(ole2StreamNames(makeOle2('WordDocument'))).toEqual(['WordDocument']);
    const broken = makeOle2('WordDocument');
    broken.writeUInt32LE(500, 0x30);
    expect(ole2StreamNames(broken)).toBeNull();
  });
});
