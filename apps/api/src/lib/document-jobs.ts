import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { isErrorCode, type TErrorCode } from '@app/domain/platform/errors/error-codes';
import { AppError, type TErrorDetail, type TErrorParams } from './errors.ts';
import { startWorker } from './worker-task.ts';

/**
 * The one way to work on a user-controlled document (render a PDF, verify a signed file, read a spreadsheet):
 * a job runs an exported async function of a module in a pool of worker threads, never on the thread that
 * serves every request. Each job has a wall-time limit and each worker a heap limit; a job past either is
 * ended (its worker terminated and replaced) and the caller gets the job's 4xx code, so one crafted file can
 * neither freeze the server nor take its memory. Size limits are the caller's to check before a job starts
 * (the bytes are already in hand there), so a file too large never even reaches a worker.
 *
 * Arguments and results cross threads by structured clone: plain data, dates, typed arrays. A result's byte
 * arrays that own their whole buffer are transferred, not copied.
 */
export type TDocumentJob<F extends (...args: never[]) => Promise<unknown>> = {
  /** For logs and messages, e.g. "NCA report PDF". */
  name: string;
  moduleUrl: URL;
  exportName: string;
  /** Wall time of one run, from its start in a worker (waiting for a free worker does not count). */
  timeoutMs: number;
  /** The code answered when the job passes its time or memory limit (a 4xx of the error table). */
  tooComplex: TErrorCode;
  /** Marks the function's type; never set. */
  readonly __fn?: F;
};

/**
 * Declares a job: `module` is the importing module's `import.meta.url`, `file` the job module beside it without its
 * extension (`./nca-pdf`): from the TypeScript sources the job runs `nca-pdf.ts`, from the build `nca-pdf.js`.
 */
export function documentJob<F extends (...args: never[]) => Promise<unknown>>(
  module: string,
  file: string,
  exportName: string,
  options: { name: string; timeoutMs?: number; tooComplex?: TErrorCode },
): TDocumentJob<F> {
  return {
    name: options.name,
    moduleUrl: siblingModule(module, file),
    exportName,
    timeoutMs: options.timeoutMs ?? DOCUMENT_JOB_TIMEOUT_MS,
    tooComplex: options.tooComplex ?? 'DOCUMENT_TOO_COMPLEX',
  };
}

/** `./x` next to `module`, as `.ts` when running from sources and `.js` when built. */
export function siblingModule(module: string, file: string): URL {
  return new URL(`${file}${module.endsWith('.ts') ? '.ts' : '.js'}`, module);
}

/** Default wall time of a job: far above any honest document here (a 20 MB signed file verifies in well under a second). */
export const DOCUMENT_JOB_TIMEOUT_MS = 10_000;

/**
 * Each worker's heap. An honest job needs a few tens of MB; past this, the job is ended instead of the process
 * growing. Typed-array contents (a file's bytes) live outside this heap, so callers bound them by size first.
 */
export const DOCUMENT_WORKER_LIMITS = { maxOldGenerationSizeMb: 192, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 };

/** Workers at once: one per core, at most two (the cores also serve every request and the database). */
const POOL_SIZE = Math.min(2, availableParallelism());

/** Longest time a worker may take to start and load a job's module (our own code) before the job's own time starts. */
const LOAD_TIMEOUT_MS = 60_000;

/** Jobs that may wait for a worker; one more is refused at once rather than queued without bound. */
const MAX_WAITING = 64;

/** A worker idle this long is ended, so its heap is given back. */
const IDLE_MS = 30_000;

/** A worker is replaced after this many jobs, so no slow leak of a library builds up. */
const MAX_JOBS_PER_WORKER = 200;

type TRequest = { id: number; href: string; exportName: string; args: unknown[] };
/** Sent by the worker once the job's module is loaded and the job starts. */
export type TDocumentJobStarted = { id: number; started: true };
export type TDocumentJobReply =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; error: { code?: string; message: string; params?: TErrorParams; details?: TErrorDetail[]; stack?: string } };

type TSlot = { worker: Worker; jobs: number; busy: boolean; idleTimer?: NodeJS.Timeout };

const slots: TSlot[] = [];
const waiting: ((slot: TSlot) => void)[] = [];
let nextId = 1;

function workerModule(): URL {
  return siblingModule(import.meta.url, './document-job-worker');
}

function newSlot(): TSlot {
  const worker = startWorker(workerModule(), undefined, [], DOCUMENT_WORKER_LIMITS);
  // An idle pool never keeps the process alive (tests, CLI scripts, shutdown).
  worker.unref();
  const slot: TSlot = { worker, jobs: 0, busy: false };
  // A worker that dies between jobs (or whose job ended) leaves the pool; a new one is started on demand.
  worker.on('exit', () => removeSlot(slot));
  worker.on('error', () => removeSlot(slot));
  slots.push(slot);
  return slot;
}

function removeSlot(slot: TSlot) {
  clearTimeout(slot.idleTimer);
  const i = slots.indexOf(slot);
  if (i >= 0) slots.splice(i, 1);
  // A waiting job may now start a worker of its own.
  if (!slot.busy && waiting.length && slots.length < POOL_SIZE) waiting.shift()?.(claim(newSlot()));
}

function claim(slot: TSlot): TSlot {
  clearTimeout(slot.idleTimer);
  slot.busy = true;
  slot.jobs++;
  return slot;
}

async function acquire(): Promise<TSlot> {
  const free = slots.find((s) => !s.busy);
  if (free) return claim(free);
  if (slots.length < POOL_SIZE) return claim(newSlot());
  if (waiting.length >= MAX_WAITING) throw new AppError('SERVICE_UNAVAILABLE', 'Too many documents are being processed: try again in a minute');
  return new Promise<TSlot>((resolve) => waiting.push(resolve));
}

function release(slot: TSlot, healthy: boolean) {
  slot.busy = false;
  if (!healthy || slot.jobs >= MAX_JOBS_PER_WORKER) {
    void slot.worker.terminate();
    removeSlot(slot);
    return;
  }
  const next = waiting.shift();
  if (next) return next(claim(slot));
  slot.idleTimer = setTimeout(() => {
    if (!slot.busy) void slot.worker.terminate();
  }, IDLE_MS);
  slot.idleTimer.unref();
}

function tooComplex(job: TDocumentJob<never>, why: string): AppError {
  return new AppError(job.tooComplex, `The document is too complex to process: ${why}. Nothing was saved.`, { details: [{ path: 'file', message: why }] });
}

/**
 * Runs `job` with `args` in the pool and answers its result. `transfer` lists buffers of the arguments to move to the
 * worker instead of copying them (they are unusable here afterwards).
 */
export async function runDocumentJob<F extends (...args: never[]) => Promise<unknown>>(job: TDocumentJob<F>, args: Parameters<F>, transfer: ArrayBuffer[] = []): Promise<Awaited<ReturnType<F>>> {
  const slot = await acquire();
  const id = nextId++;
  const { worker } = slot;
  let healthy = false;
  try {
    const reply = await new Promise<TDocumentJobReply>((resolve, reject) => {
      const tooLong = () => {
        cleanup();
        void worker.terminate();
        reject(tooComplex(job as TDocumentJob<never>, `it takes longer than ${Math.round(job.timeoutMs / 1000)} s`));
      };
      // The document's time starts once the worker holds the job's module: starting a worker and loading our own code
      // (from the TypeScript sources, through tsx) is no part of the document's cost; a worker that cannot even load
      // it within LOAD_TIMEOUT_MS is ended all the same.
      let timer = setTimeout(tooLong, LOAD_TIMEOUT_MS + job.timeoutMs);
      const onMessage = (message: TDocumentJobReply | TDocumentJobStarted) => {
        if (message.id !== id) return;
        if ('started' in message) {
          clearTimeout(timer);
          timer = setTimeout(tooLong, job.timeoutMs);
          return;
        }
        cleanup();
        resolve(message);
      };
      const onError = (error: Error & { code?: string }) => {
        cleanup();
        reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooComplex(job as TDocumentJob<never>, 'it needs more memory than a document may take') : error);
      };
      const onExit = (code: number) => {
        cleanup();
        reject(new Error(`${job.name}: the document worker exited (${code})`));
      };
      const cleanup = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      const request: TRequest = { id, href: job.moduleUrl.href, exportName: job.exportName, args: args };
      worker.postMessage(request, transfer);
    });
    healthy = true;
    if (reply.ok) return reply.value as Awaited<ReturnType<F>>;
    const { code, message, params, details } = reply.error;
    if (code && isErrorCode(code)) throw new AppError(code, message, { params, details });
    throw new Error(`${job.name}: ${message}\n${reply.error.stack ?? ''}`);
  } finally {
    release(slot, healthy);
  }
}

/** Ends every worker of the pool (server shutdown, tests). */
export async function closeDocumentJobs(): Promise<void> {
  await Promise.all(slots.splice(0).map((slot) => slot.worker.terminate()));
}
