import type { TDbOrTx } from '../../../db/client.ts';
import type { TTableWrites } from '../../../lib/table-writes.ts';

/**
 * How long a cached read of settings is kept when nothing tells this process of writes to `settings`: a
 * database without a live LISTEN connection (embedded, or the connection lost), or a transaction's object.
 * Another process's write is then seen within this time, as before the notification existed.
 */
export const SETTINGS_CACHE_MS = 2_000;

type TEntry = { at: number; value: unknown };

let entries = new WeakMap<object, Map<string, TEntry>>();
let generation = 0;
const watched = new WeakMap<object, TTableWrites>();

/** Forgets every cached read of settings (a write to `settings` committed, here or in another process). */
export function forgetCachedSettings() {
  generation++;
  entries = new WeakMap();
}

/**
 * Keeps the reads of settings made through `db` until a write to `settings` is notified (the trigger of
 * migration 0046 on the `table_writes` channel, which PostgreSQL delivers after the commit to every process),
 * with no age limit while the LISTEN connection is live (the lists' counts and the signed-in users are kept the
 * same way). The app calls it once for its database.
 */
export function watchSettingsWrites(db: object, writes: TTableWrites) {
  watched.set(db, writes);
  writes.subscribe((table) => table === 'settings' && forgetCachedSettings(), forgetCachedSettings);
}

/**
 * The per-process cache of what does not change per request (feature flags, the NCA settings a list shows):
 * `load()`'s answer under `key`, kept until a write to `settings` (see {@link watchSettingsWrites}), or for
 * SETTINGS_CACHE_MS when no notification can tell. A load that a write overtook is answered but not kept.
 */
export async function cachedSettingsRead<T>(db: TDbOrTx, key: string, load: () => Promise<T>): Promise<T> {
  const writes = watched.get(db);
  const hit = entries.get(db)?.get(key);
  if (hit && writes?.live) {
    // One round trip on the LISTEN connection (shared by the requests arriving meanwhile): every write committed
    // before this request has been heard, whichever process made it, so a client always reads its own writes.
    const synced = await writes.sync().then(
      () => true,
      () => false,
    );
    const still = synced && writes.live ? entries.get(db)?.get(key) : undefined;
    if (still) return still.value as T;
  } else if (hit && Date.now() - hit.at <= SETTINGS_CACHE_MS) return hit.value as T;
  const before = generation;
  const value = await load();
  if (generation === before) {
    let perDb = entries.get(db);
    if (!perDb) entries.set(db, (perDb = new Map<string, TEntry>()));
    perDb.set(key, { at: Date.now(), value });
  }
  return value;
}
