import type { TTableWrites } from '../table-writes.ts';

/** Filters kept per table; past that the oldest goes (a comune browsing its pages uses a handful). */
const MAX_COUNTS_PER_TABLE = 500;

type TTableCounts = { generation: number; counts: Map<string, number> };

export type TCountCache = {
  /**
   * The exact count of one list filter (`key`: its SQL text and parameters) on `table`: the cached
   * one when no write to the table happened since it was counted, else `compute()`'s.
   */
  count(table: string, key: string, compute: () => Promise<number>): Promise<number>;
  /** Forgets the table's counts (a write to it committed), and those of the tables whose counts read it. */
  invalidate(table: string): void;
  /**
   * The counts of `table` read `others` too (a scope's subqueries): a write to any of them forgets them. Each of
   * `others` must carry the `notify_table_write` trigger as `table` does.
   */
  readsAlso(table: string, others: readonly string[]): void;
};

/**
 * Exact list counts, cached per filter until the next write to their table, so that paging through
 * a comune's quarter (249,000 stays) does not count them again on every page.
 *
 * Correctness rests on the database: the trigger of migration 0019 notifies every committed write
 * to a cached table (imports, declarations and any other process included), and PostgreSQL delivers
 * the notification only after the commit is visible. A count that was running while a write
 * committed is not kept (the table's generation moved on), and without a live LISTEN connection
 * nothing is cached at all. Before a cached count is answered, one round trip on the LISTEN
 * connection makes sure every notification of a write committed before the request has arrived, so
 * a client always reads its own writes, whichever path (import, declaration, SQL) made them.
 */
export function createCountCache(writes: TTableWrites): TCountCache {
  const tables = new Map<string, TTableCounts>();
  /** For a table, the tables whose counts read it besides their own. */
  const readers = new Map<string, Set<string>>();

  const tableOf = (table: string) => {
    let entry = tables.get(table);
    if (!entry) tables.set(table, (entry = { generation: 0, counts: new Map() }));
    return entry;
  };
  const forget = (table: string) => {
    const entry = tables.get(table);
    if (!entry) return;
    entry.generation++;
    entry.counts.clear();
  };
  const invalidate = (table: string) => {
    forget(table);
    for (const reader of readers.get(table) ?? []) forget(reader);
  };
  const forgetAll = () => {
    for (const table of tables.keys()) forget(table);
  };
  writes.subscribe(invalidate, forgetAll);

  return {
    async count(table, key, compute) {
      if (!writes.live) return compute();
      const entry = tableOf(table);
      if (entry.counts.has(key)) {
        try {
          await writes.sync();
        } catch {
          return compute();
        }
        const hit = writes.live ? entry.counts.get(key) : undefined;
        if (hit !== undefined) return hit;
      }
      const generation = entry.generation;
      const total = await compute();
      if (writes.live && entry.generation === generation) {
        if (entry.counts.size >= MAX_COUNTS_PER_TABLE) entry.counts.delete(entry.counts.keys().next().value!);
        entry.counts.set(key, total);
      }
      return total;
    },
    invalidate,
    readsAlso(table, others) {
      for (const other of others) {
        let set = readers.get(other);
        if (!set) readers.set(other, (set = new Set()));
        set.add(table);
      }
    },
  };
}
