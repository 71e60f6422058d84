import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Duplex } from 'node:stream';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../lib/worker-task.ts';
import type { TFromWorker, TPgliteWorkerData, TToWorker, TWorkerCall } from './pglite-worker.ts';

/** The embedded database's thread stopped (or never started): every query fails with this until the process restarts. */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
  readonly code = 'DATABASE_UNAVAILABLE';
}

export type TPgliteThread = {
  /** node-postgres's connection options: each connection is a channel to the thread (its `stream`). */
  connectionConfig(): { stream: () => Duplex; user: string; database: string };
  listen(channel: string, onNotify: (payload: string) => void, onLost: (error: Error) => void): Promise<() => Promise<void>>;
  dump(): Promise<ArrayBuffer>;
  /** Closes PGlite in its thread (after the pool's connections have ended) and waits for the thread to end. */
  close(): Promise<void>;
  /** The thread itself (tests stop it to prove what a crash does). */
  readonly worker: Worker;
};

type TLog = { error(message: string, error?: unknown): void };

/**
 * PGlite's WebAssembly compiled once per process and its file-system bundle read once, for every
 * embedded database's thread: a compiled module crosses to a thread with the machine code V8 made for
 * it, so a thread does not compile PostgreSQL again. Production opens one database per process; the
 * API tests open one per test app, where a thread's start fell from about 1.1 to 0.7 CPU s.
 */
let pgliteCode: Promise<Pick<TPgliteWorkerData, 'wasmModule' | 'fsBundle'>> | undefined;
function loadPgliteCode() {
  pgliteCode ??= (async () => {
    const require = createRequire(import.meta.url);
    const [wasm, bundle] = await Promise.all(['pglite.wasm', 'pglite.data'].map((file) => fs.promises.readFile(require.resolve(`@electric-sql/pglite/${file}`))));
    return { wasmModule: await WebAssembly.compile(wasm), fsBundle: new Blob([bundle]) };
  })();
  return pgliteCode;
}

/**
 * Starts PGlite in a worker thread (pglite-worker.ts) and opens it. Resolves once the database is
 * ready; rejects with PGlite's message if it cannot open (a damaged data folder, say).
 */
export async function startPgliteThread(options: { dataPath: string | null; snapshot?: ArrayBuffer; log: TLog }): Promise<TPgliteThread> {
  const workerData: TPgliteWorkerData = { dataPath: options.dataPath, snapshot: options.snapshot, ...(await loadPgliteCode()) };
  // No resourceLimits: PGlite's memory is WASM memory, outside the V8 heap those limits bound.
  const worker = startWorker(new URL(`./pglite-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url), workerData, options.snapshot ? [options.snapshot] : []);
  const sockets = new Map<number, BridgeSocket>();
  const calls = new Map<number, { resolve(value?: ArrayBuffer): void; reject(error: Error): void }>();
  const listeners = new Map<string, Set<{ onNotify: (payload: string) => void; onLost: (error: Error) => void }>>();
  let nextId = 1;
  let stopped: DatabaseUnavailableError | undefined;
  let closing = false;
  let ready: { resolve(): void; reject(error: Error): void } | undefined;

  const send = (message: TToWorker, transfer: ArrayBuffer[] = []) => worker.postMessage(message, transfer);
  const call = (request: TWorkerCall) =>
    new Promise<ArrayBuffer | undefined>((resolve, reject) => {
      if (stopped) return reject(stopped);
      const id = nextId++;
      calls.set(id, { resolve, reject });
      send({ type: 'call', call: id, ...request });
    });

  worker.on('message', (message: TFromWorker) => {
    if (message.type === 'data') sockets.get(message.conn)?.push(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.length));
    else if (message.type === 'notify') for (const l of listeners.get(message.channel) ?? []) l.onNotify(message.payload);
    else if (message.type === 'reply') {
      const pending = calls.get(message.call);
      calls.delete(message.call);
      if (message.error) pending?.reject(new Error(message.error));
      else pending?.resolve(message.value);
    } else if (message.type === 'ready') ready?.resolve();
    else ready?.reject(new Error(`the embedded database could not open: ${message.message}`));
  });
  worker.on('error', (error) => options.log.error('the embedded database thread failed', error));
  worker.on('exit', (code) => {
    stopped = new DatabaseUnavailableError(closing ? 'the embedded database is closed' : `the embedded database thread stopped (exit code ${code})`);
    if (!closing) options.log.error(`${stopped.message}: every request that needs the database answers 503 until the process restarts`);
    ready?.reject(stopped);
    for (const socket of sockets.values()) socket.destroy(stopped);
    for (const pending of calls.values()) pending.reject(stopped);
    calls.clear();
    for (const set of listeners.values()) for (const l of set) l.onLost(stopped);
    listeners.clear();
  });

  class BridgeSocket extends Duplex {
    private id = 0;
    private pending: Buffer[] = [];

    // node-postgres configures a TCP socket; a channel to a thread has nothing to set.
    setNoDelay() {
      return this;
    }
    setKeepAlive() {
      return this;
    }
    ref() {
      return this;
    }
    unref() {
      return this;
    }

    connect() {
      process.nextTick(() => {
        if (stopped) return this.destroy(stopped);
        this.id = nextId++;
        sockets.set(this.id, this);
        send({ type: 'open', conn: this.id });
        this.emit('connect');
      });
      return this;
    }

    // node-postgres writes a query as several messages in one tick: they travel as one.
    override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void) {
      if (stopped) return done(stopped);
      if (this.pending.push(chunk) === 1) queueMicrotask(() => this.flush());
      done();
    }

    private flush() {
      if (!this.pending.length || !sockets.has(this.id)) return;
      const bytes = this.pending.length === 1 ? new Uint8Array(this.pending[0]) : new Uint8Array(Buffer.concat(this.pending));
      this.pending = [];
      send({ type: 'data', conn: this.id, bytes }, [bytes.buffer]);
    }

    override _read() {}

    override _final(done: (error?: Error | null) => void) {
      this.flush();
      this.detach();
      this.push(null);
      done();
    }

    override _destroy(error: Error | null, done: (error?: Error | null) => void) {
      this.detach();
      done(error);
    }

    private detach() {
      if (!sockets.delete(this.id) || stopped) return;
      send({ type: 'end', conn: this.id });
    }
  }

  try {
    await new Promise<void>((resolve, reject) => (ready = { resolve, reject }));
  } catch (error) {
    closing = true;
    await worker.terminate();
    throw error;
  } finally {
    ready = undefined;
  }

  return {
    worker,
    // PGlite's one role and database: the startup message must name them.
    connectionConfig: () => ({ stream: () => new BridgeSocket(), user: 'postgres', database: 'postgres' }),
    listen: async (channel, onNotify, onLost) => {
      const entry = { onNotify, onLost };
      let set = listeners.get(channel);
      if (!set) {
        await call({ op: 'listen', channel });
        set = listeners.get(channel) ?? new Set();
        listeners.set(channel, set);
      }
      set.add(entry);
      return async () => {
        set.delete(entry);
        if (set.size || stopped) return;
        listeners.delete(channel);
        await call({ op: 'unlisten', channel });
      };
    },
    dump: async () => (await call({ op: 'dump' }))!,
    close: async () => {
      if (stopped) return;
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      await call({ op: 'close' });
      closing = true;
      await worker.terminate();
      await exited;
    },
  };
}
