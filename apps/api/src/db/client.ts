import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg, type NodePgDatabase, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect, type PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import lockfile from 'proper-lockfile';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { startPgliteThread, type TPgliteThread } from './pglite-thread.ts';

export { DatabaseUnavailableError } from './pglite-thread.ts';

export type TSchema = typeof schema;
/** Both databases are reached through node-postgres (PGlite through its thread's wire protocol). */
export type TDb = NodePgDatabase<TSchema>;
export type TTx = PgTransaction<NodePgQueryResultHKT, TSchema, ExtractTablesWithRelations<TSchema>>;
/** Anything queries can run on: the database or an open transaction. */
export type TDbOrTx = TDb | TTx;

/**
 * Runs SQL that drizzle rendered (`{ sql, params }` from toSQL() or the dialect) through the same
 * session and type parsers as drizzle's own queries, handing `map` the rows as arrays in the select
 * list's order: for hot reads whose rows a mapper made for them turns into objects faster than
 * drizzle's general one. Each value still goes through its column's mapFromDriverValue in `map`.
 */
export function queryRows<T>(db: TDbOrTx, query: { sql: string; params: unknown[] }, map: (rows: unknown[][]) => T): Promise<T> {
  return db._.session.prepareQuery<{ execute: T; all: unknown; values: unknown }>(query, undefined, undefined, true, map).execute();
}

/** Column names in the database are the snake_case of the schema's property names. */
const CASING = 'snake_case';

/**
 * Renders drizzle SQL to text and parameters as the databases opened here do: a dialect holds only
 * its casing, so one built with the same casing renders exactly what theirs would.
 */
export const sqlDialect = new PgDialect({ casing: CASING });

export type TDatabase = {
  db: TDb;
  kind: 'pglite' | 'postgres';
  /** Raw SQL for benchmarks and health checks; never for request data. */
  ping(): Promise<void>;
  /** Resolves once every connection is closed (PostgreSQL) or the embedded database is shut down. */
  close(): Promise<void>;
  /** PGlite only: the whole database as a tarball, to open copies of it with `snapshot` (tests). */
  dump?(): Promise<Blob>;
  /** PGlite only: the thread the embedded database runs in (tests stop it to prove what a crash does). */
  thread?: TPgliteThread;
  /**
   * LISTENs on a channel (PostgreSQL: on a connection of its own, outside the pool). `onLost` is
   * called if that connection breaks: from then on no notification arrives, so callers must stop
   * relying on them. `sync()` resolves once every notification of a transaction committed before the
   * call has been handed to `onNotify` (PostgreSQL delivers pending notifications before answering
   * the listening connection's next statement). `stop()` ends the listening.
   */
  listen(channel: string, onNotify: (payload: string) => void, onLost: (error: Error) => void): Promise<{ sync(): Promise<void>; stop(): Promise<void> }>;
};

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export class DataDirLockedError extends Error {}

/**
 * Opens PostgreSQL (DATABASE_URL) or the embedded PGlite, which runs in a worker thread of its own
 * (pglite-thread.ts) and is reached through node-postgres as PostgreSQL is. PGlite in a folder is
 * guarded by a lock file, held by this thread (whose event loop a long statement no longer stops, so
 * the lock is kept fresh): two processes writing the same PGlite folder corrupt it, so the second one
 * is refused.
 * `dataDir: null` gives an in-memory PGlite (tests); `snapshot` (a PGlite `dump()`) starts PGlite
 * from that data instead of an empty database.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string | null;
  poolSize?: number;
  snapshot?: Blob;
  /** Where the embedded database's thread reports that it stopped (default: stderr). */
  log?: { error(message: string, error?: unknown): void };
}): Promise<TDatabase> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // pool.end() resolves once it has asked its idle connections to close, not once they are closed;
    // close() waits for each one, so the database can be dropped or the process end right after.
    let open = 0;
    let allClosed: (() => void) | undefined;
    pool.on('connect', () => void open++);
    pool.on('remove', () => {
      if (--open === 0) allClosed?.();
    });
    const db = drizzlePg(pool, { schema, casing: CASING });
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      listen: async (channel, onNotify, onLost) => {
        const client = new pg.Client({ connectionString: options.databaseUrl });
        let stopped = false;
        const lost = (error: Error) => {
          if (!stopped) onLost(error);
          stopped = true;
        };
        client.on('error', lost);
        client.on('end', () => lost(new Error('the LISTEN connection closed')));
        client.on('notification', (message) => {
          if (message.channel === channel) onNotify(message.payload ?? '');
        });
        await client.connect();
        await client.query(`listen "${channel.replace(/"/g, '')}"`);
        // One round trip at a time on the connection; every caller that arrives meanwhile shares the next one (sent after it arrived).
        let running: Promise<void> | undefined;
        let waiting: Promise<void> | undefined;
        const roundTrip = () => {
          running = client
            .query('select 1')
            .then(() => undefined)
            .finally(() => (running = undefined));
          return running;
        };
        return {
          sync: () => {
            if (!running) return roundTrip();
            waiting ??= running
              .catch(() => undefined)
              .then(() => {
                waiting = undefined;
                return roundTrip();
              });
            return waiting;
          },
          stop: async () => {
            stopped = true;
            await client.end().catch(() => undefined);
          },
        };
      },
      close: async () => {
        const closed = new Promise<void>((resolve) => (allClosed = resolve));
        await pool.end();
        if (open > 0) await closed;
      },
    };
  }
  let release: (() => Promise<void>) | undefined;
  if (options.dataDir) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    try {
      release = await lockfile.lock(options.dataDir, { lockfilePath: path.join(options.dataDir, '.lock'), stale: 15_000, update: 5_000 });
    } catch {
      throw new DataDirLockedError(
        `The data folder ${options.dataDir} is in use by another process (lock file ${path.join(options.dataDir, '.lock')}). ` +
          'Stop the other process, or set DATA_DIR to another folder. Two processes on one embedded database would corrupt it.',
      );
    }
  }
  let thread: TPgliteThread;
  try {
    thread = await startPgliteThread({
      dataPath: options.dataDir ? path.join(options.dataDir, 'pg') : null,
      snapshot: options.snapshot ? await options.snapshot.arrayBuffer() : undefined,
      log: options.log ?? { error: (message, error) => console.error(message, error ?? '') },
    });
  } catch (error) {
    await release?.();
    throw error;
  }
  // PGlite is one session: the pool's one connection takes its turn at it as PGlite's own lock did,
  // a transaction holding it from BEGIN to COMMIT; the one connection is kept open while idle.
  const pool = new pg.Pool({ ...thread.connectionConfig(), max: 1, idleTimeoutMillis: 0 });
  // A connection broken by the thread's end is reported to its query; the pool must not throw it again.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema, casing: CASING });
  return {
    db,
    kind: 'pglite',
    thread,
    ping: async () => void (await pool.query('select 1')),
    // The thread posts a transaction's notifications before the answer to its COMMIT, on the same
    // channel: by the time a caller has seen a commit, its notifications have been handed out.
    listen: async (channel, onNotify, onLost) => {
      const stop = await thread.listen(channel, onNotify, onLost);
      return { sync: async () => undefined, stop };
    },
    dump: async () => new Blob([await thread.dump()]),
    close: async () => {
      await pool.end().catch(() => undefined);
      await thread.close();
      await release?.();
    },
  };
}

export async function runMigrations(database: TDatabase) {
  await migratePg(database.db, { migrationsFolder: MIGRATIONS_DIR });
}
