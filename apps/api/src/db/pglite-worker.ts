/**
 * The embedded database's own thread: PGlite (PostgreSQL compiled to WASM) runs a statement
 * synchronously on the thread that calls it, so it runs here and the API's event loop stays free
 * while a long statement runs. The main thread speaks the PostgreSQL wire protocol to it through
 * node-postgres (pglite-thread.ts); this side feeds each connection's messages to PGlite and posts
 * the answers back, on the one message channel of the worker, in order.
 *
 * PGlite is ONE database session. Connections take turns at the session: a connection that is
 * inside a transaction, or inside an extended-protocol exchange not yet closed by Sync, keeps it
 * until it is out; the messages of any other connection wait. Requests of the main thread (LISTEN,
 * dump) wait the same way, so they never run inside a connection's transaction.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** `wasmModule` and `fsBundle`: PGlite's code, compiled and read once by the main thread (pglite-thread.ts). */
export type TPgliteWorkerData = { dataPath: string | null; snapshot?: ArrayBuffer; wasmModule: WebAssembly.Module; fsBundle: Blob };

/** What the main thread asks of the thread itself (not of a connection). */
export type TWorkerCall = { op: 'listen' | 'unlisten'; channel: string } | { op: 'dump' | 'close' };

/** Main thread -> worker. */
export type TToWorker = { type: 'open'; conn: number } | { type: 'data'; conn: number; bytes: Uint8Array } | { type: 'end'; conn: number } | ({ type: 'call'; call: number } & TWorkerCall);

/** Worker -> main thread. */
export type TFromWorker =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'data'; conn: number; bytes: Uint8Array }
  | { type: 'notify'; channel: string; payload: string }
  | { type: 'reply'; call: number; value?: ArrayBuffer; error?: string };

type TConnection = { id: number; input: Buffer; started: boolean; messages: Buffer[]; ended: boolean };

const PROTOCOL_3 = 0x00030000;
const SSL_REQUEST = 80877103;
const port = parentPort!;
const { dataPath, snapshot, wasmModule, fsBundle } = workerData as TPgliteWorkerData;
const options = { loadDataDir: snapshot ? new Blob([snapshot]) : undefined, pgliteWasmModule: wasmModule, fsBundle };
const db = dataPath ? new PGlite(dataPath, options) : new PGlite(options);

const connections = new Map<number, TConnection>();
/** The connection holding the session (in a transaction or mid-exchange), if any. */
let owner: TConnection | undefined;
/** Whether the owner's last message left an exchange open (extended protocol before its Sync). */
let exchangeOpen = false;
const calls: Extract<TToWorker, { type: 'call' }>[] = [];
let pumping = false;

const post = (message: TFromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/** Splits a connection's input into whole messages (the first one is the startup message, which has no type byte). */
function takeMessages(connection: TConnection, bytes: Uint8Array) {
  connection.input = connection.input.length ? Buffer.concat([connection.input, bytes]) : Buffer.from(bytes);
  let offset = 0;
  for (;;) {
    const rest = connection.input.length - offset;
    if (!connection.started) {
      if (rest < 8) break;
      const length = connection.input.readInt32BE(offset);
      if (rest < length) break;
      const code = connection.input.readInt32BE(offset + 4);
      // node-postgres asks for TLS only when configured to; a loopback channel has none to offer.
      if (code === SSL_REQUEST) {
        post({ type: 'data', conn: connection.id, bytes: new Uint8Array([0x4e]) /* N */ });
      } else {
        if (code !== PROTOCOL_3) throw new Error(`unsupported startup message (code ${code})`);
        connection.messages.push(connection.input.subarray(offset, offset + length));
        connection.started = true;
      }
      offset += length;
      continue;
    }
    if (rest < 5) break;
    const length = 1 + connection.input.readInt32BE(offset + 1);
    if (rest < length) break;
    // Terminate (X) is the connection's end, not a statement: PGlite's session outlives it.
    if (connection.input[offset] === 0x58) connection.ended = true;
    else connection.messages.push(connection.input.subarray(offset, offset + length));
    offset += length;
  }
  connection.input = Buffer.from(connection.input.subarray(offset));
}

/**
 * Runs protocol bytes on the session and returns what PostgreSQL answered. Notifications in the
 * answer are posted first, so the main thread has handed them out before it reads the answer of the
 * statement that committed them (table-writes' `sync()` relies on that order).
 */
async function execute(bytes: Uint8Array): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  // The callback hands a view of WASM memory that the next statement overwrites: copied now.
  await db.execProtocolRawStream(bytes, {
    onRawData: (data) => {
      chunks.push(data.slice());
      size += data.length;
    },
  });
  // An array of its own (not Node's shared pool of small buffers), so it can be transferred.
  const answer = chunks.length === 1 ? chunks[0] : new Uint8Array(size);
  if (chunks.length !== 1) for (let offset = 0, i = 0; i < chunks.length; offset += chunks[i].length, i++) answer.set(chunks[i], offset);
  postNotifications(Buffer.from(answer.buffer, answer.byteOffset, answer.length));
  return answer;
}

function postNotifications(answer: Buffer) {
  for (let offset = 0; offset + 5 <= answer.length;) {
    const length = 1 + answer.readInt32BE(offset + 1);
    if (answer[offset] === 0x41 /* A: NotificationResponse */) {
      const channelEnd = answer.indexOf(0, offset + 9);
      const payloadEnd = answer.indexOf(0, channelEnd + 1);
      post({ type: 'notify', channel: answer.toString('utf8', offset + 9, channelEnd), payload: answer.toString('utf8', channelEnd + 1, payloadEnd) });
    }
    offset += length;
  }
}

/** A simple-protocol query run by this thread itself (between connections' turns); fails with PostgreSQL's message. */
async function runSimple(sql: string) {
  const text = Buffer.from(`${sql}\0`);
  const message = new Uint8Array(5 + text.length);
  message[0] = 0x51; /* Q */
  new DataView(message.buffer).setInt32(1, 4 + text.length);
  message.set(text, 5);
  const answer = Buffer.from(await execute(message));
  for (let offset = 0; offset + 5 <= answer.length; offset += 1 + answer.readInt32BE(offset + 1)) {
    if (answer[offset] === 0x45 /* E: ErrorResponse */) throw new Error(errorText(answer.subarray(offset + 5, offset + 1 + answer.readInt32BE(offset + 1))));
  }
}

function errorText(fields: Buffer) {
  for (let offset = 0; offset < fields.length && fields[offset] !== 0;) {
    const end = fields.indexOf(0, offset + 1);
    if (fields[offset] === 0x4d /* M: message */) return fields.toString('utf8', offset + 1, end);
    offset = end + 1;
  }
  return 'database error';
}

/** Runs what a connection has sent, then tells whether it still holds the session. */
async function runTurn(connection: TConnection) {
  // PGlite answers a startup message only when it comes alone.
  const first = connection.messages[0];
  const batch = first[0] === 0 ? [connection.messages.shift()!] : connection.messages.splice(0);
  const answer = await execute(batch.length === 1 ? batch[0] : Buffer.concat(batch));
  if (answer.length) post({ type: 'data', conn: connection.id, bytes: answer }, [answer.buffer as ArrayBuffer]);
  // Startup, Sync (S) and a simple Query (Q) end an exchange; Parse, Bind, Describe, Execute... leave it open.
  const type = batch[batch.length - 1][0];
  exchangeOpen = type !== 0 && type !== 0x53 && type !== 0x51;
  return exchangeOpen || db.isInTransaction();
}

/**
 * A connection gone (Terminate, closed or broken): what it left open on the session is undone, and
 * the statements it prepared by name are dropped. node-postgres remembers per connection which named
 * statements it has prepared; the connection that replaces this one (node-postgres's pool ends a
 * connection after an error) prepares them again, which the session refuses while they still exist.
 */
async function forget(connection: TConnection) {
  connections.delete(connection.id);
  if (owner === connection) {
    owner = undefined;
    if (exchangeOpen) await execute(new Uint8Array([0x53, 0, 0, 0, 4])); // Sync
    exchangeOpen = false;
    if (db.isInTransaction()) await runSimple('rollback');
  }
  if (connection.started) await runSimple('deallocate all');
}

async function runCall(call: Extract<TToWorker, { type: 'call' }>) {
  try {
    if (call.op === 'listen') await runSimple(`listen "${call.channel.replace(/"/g, '""')}"`);
    else if (call.op === 'unlisten') await runSimple(`unlisten "${call.channel.replace(/"/g, '""')}"`);
    else if (call.op === 'dump') {
      await runSimple('checkpoint');
      const tarball = await (await db.dumpDataDir('none')).arrayBuffer();
      post({ type: 'reply', call: call.call, value: tarball }, [tarball]);
      return;
    } else {
      await db.close();
      post({ type: 'reply', call: call.call });
      return;
    }
    post({ type: 'reply', call: call.call });
  } catch (error) {
    post({ type: 'reply', call: call.call, error: error instanceof Error ? error.message : String(error) });
  }
}

let closed = false;

/** Gives the session to whoever may have it now: its owner, else a waiting call, else the next connection with messages. */
async function pump() {
  if (pumping || closed) return;
  pumping = true;
  try {
    for (;;) {
      if (owner) {
        if (owner.messages.length) {
          if (!(await runTurn(owner))) owner = undefined;
        } else if (owner.ended) await forget(owner);
        else return;
        continue;
      }
      const call = calls.shift();
      if (call) {
        await runCall(call);
        if (call.op === 'close') {
          closed = true;
          return;
        }
        continue;
      }
      const next = [...connections.values()].find((c) => c.messages.length > 0 || c.ended);
      if (!next) return;
      if (!next.messages.length) await forget(next);
      else if (await runTurn(next)) owner = next;
    }
  } finally {
    pumping = false;
  }
}

port.on('message', (message: TToWorker) => {
  if (message.type === 'open') connections.set(message.conn, { id: message.conn, input: Buffer.alloc(0), started: false, messages: [], ended: false });
  else if (message.type === 'data') {
    const connection = connections.get(message.conn);
    if (connection) takeMessages(connection, message.bytes);
  } else if (message.type === 'end') {
    const connection = connections.get(message.conn);
    if (connection) connection.ended = true;
  } else calls.push(message);
  pump().catch(fail);
});

function fail(error: unknown) {
  // The session is in an unknown state: the thread ends, and the main thread answers that the database is unavailable.
  console.error('embedded database thread failed', error);
  process.exit(1);
}

db.waitReady.then(
  () => post({ type: 'ready' }),
  (error: unknown) => post({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
);
