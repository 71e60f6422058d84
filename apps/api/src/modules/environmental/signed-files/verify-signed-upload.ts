import { readFile } from 'node:fs/promises';
import { documentJob, runDocumentJob } from '../../../lib/document-jobs.ts';
import { AppError } from '../../../lib/errors.ts';
import type { TSignedContentFormat } from './signed-content.ts';
import type { TVerifiedSignedFile, TVerifySignedFileOptions } from './verify-signed-file.ts';

type TVerifiedInJob = Omit<TVerifiedSignedFile, 'contentBytes'> & { contentBytes: Uint8Array };

/**
 * Verification runs in the document-job pool: a crafted file costs a worker its time and heap limits, never the request
 * thread. An honest 20 MB signed PDF verifies (digest, signatures, PDF structure) in about a second there; 8 s is far past it.
 */
const verifySignedFileJob = documentJob<(bytes: Uint8Array, options: TVerifySignedFileOptions) => Promise<TVerifiedInJob>>(import.meta.url, './verify-signed-file', 'verifySignedFile', {
  name: 'signed file verification',
  timeoutMs: 8_000,
});

export type TVerifySignedUploadOptions = {
  /** The largest file the route takes: checked here, before the file goes to a worker. */
  maxBytes: number;
  /** A PEM file of trusted CAs (the SIGNED_FILES_TRUST_LIST setting); null: the CA is not checked. */
  trustListFile: string | null;
  /** What the signed document must be. */
  content: TSignedContentFormat;
  now?: Date;
};

/**
 * Verifies an uploaded signed file (.p7m) off the request thread, with the document inside checked to be `content`.
 * Answers what verifySignedFile answers; refusals keep their codes (SIGNATURE_INVALID, DOCUMENT_TOO_COMPLEX, 422).
 */
export async function verifySignedUpload(bytes: Uint8Array, options: TVerifySignedUploadOptions): Promise<TVerifiedSignedFile> {
  if (bytes.length > options.maxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${options.maxBytes} bytes`, {
      params: { maxBytes: options.maxBytes },
      details: [{ path: 'file', message: `at most ${options.maxBytes} bytes` }],
    });
  }
  const trustList = options.trustListFile ? [await readFile(options.trustListFile, 'utf8')] : [];
  // Our own copy moves to the worker: the caller's Buffer may be a slice of a shared pool, and stays usable here.
  const own = new Uint8Array(bytes);
  const verified = await runDocumentJob(verifySignedFileJob, [own, { trustList, now: options.now ?? new Date(), maxBytes: options.maxBytes, content: options.content }], [own.buffer]);
  const { contentBytes } = verified;
  return { ...verified, contentBytes: Buffer.from(contentBytes.buffer, contentBytes.byteOffset, contentBytes.byteLength) };
}
