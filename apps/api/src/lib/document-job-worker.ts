/**
 * A worker thread of the document-job pool (document-jobs.ts): runs one job at a time, an exported async function of
 * a module named by the request, and answers its result or its error. An AppError keeps its code and details, so a
 * job refuses a document exactly as it would on the request thread; anything else is reported as a failure.
 */
import { parentPort } from 'node:worker_threads';
import { isAppError } from './errors.ts';
import type { TDocumentJobReply, TDocumentJobStarted } from './document-jobs.ts';

type TRequest = { id: number; href: string; exportName: string; args: unknown[] };

/** Byte arrays that own their whole buffer move back instead of being copied (a pooled small Buffer never does). */
function transferablesOf(value: unknown): ArrayBuffer[] {
  const owned = (v: unknown): v is Uint8Array => v instanceof Uint8Array && v.byteOffset === 0 && v.byteLength === v.buffer.byteLength && v.buffer instanceof ArrayBuffer;
  const candidates = value && typeof value === 'object' && !ArrayBuffer.isView(value) ? Object.values(value) : [value];
  const buffers = new Set<ArrayBuffer>();
  for (const candidate of candidates) if (owned(candidate)) buffers.add(candidate.buffer as ArrayBuffer);
  return [...buffers];
}

parentPort?.on('message', (request: TRequest) => {
  void (async () => {
    let reply: TDocumentJobReply;
    try {
      const module = (await import(request.href)) as Record<string, unknown>;
      const run = module[request.exportName];
      if (typeof run !== 'function') throw new Error(`${request.href} has no function ${request.exportName}`);
      parentPort?.postMessage({ id: request.id, started: true } satisfies TDocumentJobStarted);
      const value: unknown = await (run as (...args: unknown[]) => Promise<unknown>)(...request.args);
      parentPort?.postMessage({ id: request.id, ok: true, value } satisfies TDocumentJobReply, transferablesOf(value));
      return;
    } catch (error) {
      reply = isAppError(error)
        ? { id: request.id, ok: false, error: { code: error.code, message: error.message, params: error.params, details: error.details } }
        : { id: request.id, ok: false, error: { message: error instanceof Error ? error.message : String(error), stack: error instanceof Error ? error.stack : undefined } };
    }
    parentPort?.postMessage(reply);
  })();
});
