/** Jobs for document-jobs.test.ts: each behaves as one kind of document would in a real job. */
import { AppError } from './errors.ts';

export async function echoBytes(text: string): Promise<{ bytes: Uint8Array; length: number }> {
  const bytes = new Uint8Array(new TextEncoder().encode(text.repeat(2000)));
  return { bytes, length: bytes.byteLength };
}

export async function refuse(reason: string): Promise<never> {
  throw new AppError('UNSUPPORTED_FILE_TYPE', reason, { details: [{ path: 'file', message: reason }] });
}

/** A document whose processing never ends (a quadratic loop on a crafted input, at its limit). */
export async function spin(): Promise<never> {
  for (;;) {
    // busy
  }
}

/** A document that expands without bound in memory (a zip or ASN.1 bomb). */
export async function hoard(): Promise<number> {
  const kept: string[][] = [];
  for (let i = 0; ; i++) kept.push(Array.from({ length: 10_000 }, (_, j) => `${i}-${j}-expanded`));
}

export async function fail(): Promise<never> {
  throw new TypeError('a bug in a job');
}
