import { PDFDocument, ParseSpeeds } from 'pdf-lib';
import { AppError } from '../../../lib/errors.ts';

/** What a route accepts as the document inside a signed file. Both the lab reports and the waste forms take a PDF. */
export type TSignedContentFormat = 'pdf';

const refuse = (why: string) => {
  const reason = `The signed file verifies, but the document inside is not a PDF: ${why}.`;
  return new AppError('SIGNATURE_INVALID', reason, { details: [{ path: 'file', message: reason }] });
};

const ascii = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');

/** A few signatures of what people sign instead of a PDF, to say what the file is. */
function whatItIs(content: Uint8Array): string {
  const head = ascii(content.subarray(0, 8));
  if (head.startsWith('PK\x03\x04') || head.startsWith('PK\x05\x06')) return 'it is a zip archive (or an Office document)';
  if (head.startsWith('\xd0\xcf\x11\xe0')) return 'it is an old Office document';
  if (/^\s*</.test(head)) return 'it is XML or HTML';
  return 'it does not start with the PDF header %PDF-';
}

/**
 * The one check of a signed document's type, shared by every route that takes a signed file. A PDF here is what
 * ISO 32000 says: the header `%PDF-x.y` at the very first byte (the spec allows nothing before it; "%PDF- anywhere in
 * the first KB" let a signed zip with a PDF-looking name pass), a cross-reference trailer (`startxref` and `%%EOF`
 * at its end), and a structure a PDF reader opens with at least one page (pdf-lib). Parsing a PDF costs time and
 * memory proportional to what its author put in it, so this runs inside the signed-file job, under its limits.
 */
export async function requireSignedContentFormat(content: Uint8Array, format: TSignedContentFormat): Promise<void> {
  if (format !== 'pdf') throw new Error(`unknown signed content format ${String(format)}`);
  if (!/^%PDF-[12]\.\d/.test(ascii(content.subarray(0, 8)))) throw refuse(whatItIs(content));
  // The trailer ends the file; readers tolerate a little junk after %%EOF (a newline, a few NULs), 1 KB at most.
  const tail = ascii(content.subarray(Math.max(0, content.length - 1024 - 64)));
  const startxref = tail.lastIndexOf('startxref');
  if (startxref < 0 || tail.indexOf('%%EOF', startxref) < 0) throw refuse('it has no PDF trailer (startxref and %%EOF at its end)');
  let pages: number;
  try {
    const document = await PDFDocument.load(content, { ignoreEncryption: true, updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
    pages = document.getPageCount();
  } catch (error) {
    throw refuse(`it cannot be read as a PDF (${error instanceof Error ? error.message.split('\n')[0].slice(0, 200) : 'unknown error'})`);
  }
  if (pages < 1) throw refuse('it has no pages');
}
