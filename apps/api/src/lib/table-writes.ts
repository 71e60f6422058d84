import { AsyncLocalStorage } from 'node:async_hooks';
import type { TDatabase } from '../db/client.ts';

/** The channel the `notify_table_write` trigger (migrations 0019, 0027) notifies, with the table's name as payload. */
export const TABLE_WRITES_CHANNEL = 'table_writes';

export type TTableWrites = {
  /** True while the LISTEN connection is up: a cache keeps nothing otherwise. */
  readonly live: boolean;
  /**
   * `onWrite(table)` after every committed write to a table that carries the trigger; `onLost()`
   * when the notifications stop (connection lost, or stop()): the subscriber forgets what it kept.
   */
  subscribe(onWrite: (table: string) => void, onLost: () => void): void;
  /**
   * Resolves once every notification of a transaction committed before the call has arrived; within
   * {@link readsAsOfArrival}, before the request arrived (one round trip serves every cache a read request asks).
   */
  sync(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * A request that only reads (GET) needs the writes committed before it arrived, not those committed while it
 * runs: inside `readsAsOfArrival.run(performance.now(), ...)` a `sync()` is answered by any round trip on the
 * LISTEN connection sent at or after that moment, so the signed-in user's, the settings' and the counts' caches
 * of one list request share one round trip instead of taking three in turn (app.ts sets it for GET requests).
 */
export const readsAsOfArrival = new AsyncLocalStorage<number>();

/**
 * One LISTEN connection to the table writes the database notifies, shared by the caches that must
 * forget what a write changed (list counts, signed-in users). PostgreSQL delivers a notification
 * only after its commit is visible, whichever process or path made the write; a cache checks
 * `live`, and calls `sync()` before answering from memory so a client always reads its own writes.
 */
export function createTableWrites(database: Pick<TDatabase, 'listen'>, log: { warn(obj: object, msg: string): void }): TTableWrites {
  const subscribers: { onWrite: (table: string) => void; onLost: () => void }[] = [];
  let live = false;
  let listening: { sync(): Promise<void>; stop(): Promise<void> } | undefined;
  /** A moment before which every committed write has been heard (a completed round trip was sent after it). */
  let syncedAsOf = -Infinity;
  const lose = () => {
    live = false;
    syncedAsOf = -Infinity;
    for (const s of subscribers) s.onLost();
  };
  return {
    get live() {
      return live;
    },
    subscribe(onWrite, onLost) {
      subscribers.push({ onWrite, onLost });
    },
    sync() {
      if (!listening) return Promise.reject(new Error('not listening to table writes'));
      const arrived = readsAsOfArrival.getStore();
      if (arrived === undefined) return listening.sync();
      // A round trip sent after the request arrived has delivered every notification committed before it.
      if (syncedAsOf >= arrived) return Promise.resolve();
      const sent = performance.now();
      // The round trip that answers this call was sent after the call: every write committed before `sent` is heard.
      return listening.sync().then(() => {
        if (sent > syncedAsOf) syncedAsOf = sent;
      });
    },
    async start() {
      if (listening) return;
      try {
        listening = await database.listen(
          TABLE_WRITES_CHANNEL,
          (table) => {
            for (const s of subscribers) s.onWrite(table);
          },
          (error) => {
            lose();
            log.warn({ err: error }, 'list counts and signed-in users are no longer cached: the LISTEN connection to the database was lost');
          },
        );
        live = true;
      } catch (error) {
        log.warn({ err: error }, 'list counts and signed-in users are not cached: LISTEN failed');
      }
    },
    async stop() {
      lose();
      const current = listening;
      listening = undefined;
      await current?.stop();
    },
  };
}
