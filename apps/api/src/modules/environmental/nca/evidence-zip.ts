import { Writable } from 'node:stream';
import { ZipStream } from '../../../lib/xlsx-write.ts';

/**
 * Zips the files of a report's evidence pack, in the document-job pool (evidence-pack.ts): deflating
 * the signed PDFs is the pack's heavy part, kept off the thread that serves requests.
 */
export async function zipEvidenceFiles(files: { name: string; bytes: Uint8Array }[]): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  const zip = new ZipStream(out);
  for (const file of files) {
    const entry = await zip.open(file.name);
    await entry.write(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
    await entry.end();
  }
  await zip.finish();
  const zipped = Buffer.concat(chunks);
  // A fresh array owning its whole buffer, so the pool transfers it instead of copying.
  return new Uint8Array(zipped.buffer.slice(zipped.byteOffset, zipped.byteOffset + zipped.byteLength));
}
