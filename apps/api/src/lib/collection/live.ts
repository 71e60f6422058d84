import { eq, inArray, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../db/client.ts';
import type { TActor } from '../context.ts';
import type { TServices } from '../fastify-types.ts';
import { allOf } from './query.ts';
import type { TOperation, TRecordTable, TSignedInContext } from './define.ts';

/*
 * Lists that update live. After a committed write through the generic collection layer (create,
 * update, delete, and so bulk actions and history restores, which go through them), the writer's
 * process tells the users watching that collection's list: `live` `{ collection, id, kind }`, no
 * record data. Who is told is decided per receiver with the list's own rule: for each user whose
 * sockets watch the collection (on any process, through socket.io's Redis adapter) the runtime's
 * read conditions (access-table grant, record scope, permission filter) are asked whether the row
 * is one that user may read; only those users' watching sockets get the event. A deleted row is
 * checked before it goes, and told after the commit. The writer is not told about their own write.
 * The actor of a socket is the one its access token named at the handshake: a role or tenant that
 * changes later is seen when the socket reconnects (sessions that end disconnect their sockets).
 *
 * Writes outside the collection routes announce through the same announcers: a workflow's transitions
 * (lib/workflow/run-transition.ts) record each record they change in their transaction, cascades
 * included, and `announceChanges` tells each record's watchers once after the commit, through every
 * collection that lists its table. The announcers are found by the database the write went to
 * (`addLiveAnnouncer`): the runner knows its database, not the app, and each app has its own.
 * Use cases that write listed rows themselves (a payment, an import, a repricing, a supplier's
 * contacts, the stays a declaration locks or frees) run in `inTransition` and add the rows to
 * `unit.changed`; many rows of one write are told in batches (`announceMany`).
 */

export type TLiveKind = 'created' | 'updated' | 'deleted';

/** The event a watching socket receives. */
export type TLiveEvent = { collection: string; id: string; kind: TLiveKind };

export type TLiveDeps = Pick<TServices, 'realtime' | 'db' | 'permissions' | 'areas'> & { log?: FastifyBaseLogger };

export type TLiveAnnouncer = {
  /** The users (not the writer) watching the collection who may read the row now. */
  readers(writer: TActor | null, id: string): Promise<string[]>;
  /** Tells those users; call it after the commit. */
  tell(userIds: string[], id: string, kind: TLiveKind): void;
  /** readers then tell, for a row that exists after the commit; never throws (a failed announce is only logged). */
  announce(writer: TActor | null, id: string, kind: Exclude<TLiveKind, 'deleted'>): Promise<void>;
  /** announce for many rows (an import, a repricing): the watchers are asked for once, and each may read them in one query per chunk. */
  announceMany(writer: TActor | null, ids: readonly string[], kind: Exclude<TLiveKind, 'deleted'>): Promise<void>;
};

/** Rows a watcher's read is asked about in one query. */
const READ_CHUNK = 500;

/** Per database: the announcements still going out (readers being asked), so the app's close can wait for them. */
const inFlightByDb = new WeakMap<TDb, Set<Promise<void>>>();

/** Keeps `announcement` among the database's announcements in flight until it settles. */
function inFlight(db: TDb, announcement: Promise<void>): Promise<void> {
  let pending = inFlightByDb.get(db);
  if (!pending) inFlightByDb.set(db, (pending = new Set<Promise<void>>()));
  pending.add(announcement);
  // then(forget, forget), not finally: a rejection stays with the caller's promise, never an unhandled second one.
  const forget = () => void pending.delete(announcement);
  announcement.then(forget, forget);
  return announcement;
}

/**
 * Resolves once every announcement started on `db` has gone out (its events emitted to the sockets),
 * those started meanwhile included. The app waits for it on close, before its database closes: an
 * announcement still asking who may read a row would otherwise fail on a closed database.
 */
export async function liveAnnouncementsSent(db: TDb): Promise<void> {
  const pending = inFlightByDb.get(db);
  while (pending && pending.size > 0) await Promise.allSettled([...pending]);
}

export function createLiveAnnouncer(collection: string, table: TRecordTable, conditions: (ctx: TSignedInContext, op: TOperation) => Promise<SQL | undefined>, deps: TLiveDeps): TLiveAnnouncer {
  /** Whether this user's read of one record (GET /{id}) would find the row: the list's scope, not its filters or year. */
  async function mayRead(actor: TActor, id: string): Promise<boolean> {
    const ctx: TSignedInContext = { actor, db: deps.db, year: null, requestId: 'live', ip: '', permissions: deps.permissions, areas: deps.areas };
    let condition: SQL | undefined;
    try {
      condition = await conditions(ctx, 'get');
    } catch {
      // No grant, an area switched off, a permission key not held: never told.
      return false;
    }
    const rows = await deps.db
      .select({ id: table.id })
      .from(table)
      .where(allOf([eq(table.id, id), condition]))
      .limit(1);
    return rows.length > 0;
  }

  /** Which of `ids` this user may read (the same rule as mayRead). */
  async function readableOf(actor: TActor, ids: readonly string[]): Promise<Set<string>> {
    const ctx: TSignedInContext = { actor, db: deps.db, year: null, requestId: 'live', ip: '', permissions: deps.permissions, areas: deps.areas };
    let condition: SQL | undefined;
    try {
      condition = await conditions(ctx, 'get');
    } catch {
      return new Set();
    }
    const readable = new Set<string>();
    for (let start = 0; start < ids.length; start += READ_CHUNK) {
      const rows = await deps.db
        .select({ id: table.id })
        .from(table)
        .where(allOf([inArray(table.id, ids.slice(start, start + READ_CHUNK)), condition]));
      for (const row of rows) readable.add(String(row.id));
    }
    return readable;
  }

  async function readers(writer: TActor | null, id: string): Promise<string[]> {
    const watchers = (await deps.realtime.watchers(collection)).filter((watcher) => watcher.actor.id !== writer?.id);
    const allowed: string[] = [];
    for (const { actor } of watchers) if (await mayRead(actor, id)) allowed.push(actor.id);
    return allowed;
  }

  function tell(userIds: string[], id: string, kind: TLiveKind) {
    const event: TLiveEvent = { collection, id, kind };
    deps.realtime.toWatchers(collection, userIds, 'live', event);
  }

  async function announce(writer: TActor | null, id: string, kind: Exclude<TLiveKind, 'deleted'>): Promise<void> {
    try {
      tell(await readers(writer, id), id, kind);
    } catch (error) {
      deps.log?.warn({ err: error, collection, id }, 'live list change not announced');
    }
  }

  async function announceMany(writer: TActor | null, ids: readonly string[], kind: Exclude<TLiveKind, 'deleted'>): Promise<void> {
    if (ids.length === 0) return;
    try {
      const watchers = (await deps.realtime.watchers(collection)).filter((watcher) => watcher.actor.id !== writer?.id);
      const usersById = new Map<string, string[]>();
      for (const { actor } of watchers) for (const id of await readableOf(actor, ids)) usersById.set(id, [...(usersById.get(id) ?? []), actor.id]);
      for (const id of ids) tell(usersById.get(id) ?? [], id, kind);
    } catch (error) {
      deps.log?.warn({ err: error, collection, rows: ids.length }, 'live list changes not announced');
    }
  }

  return {
    readers,
    tell,
    announce: (writer, id, kind) => inFlight(deps.db, announce(writer, id, kind)),
    announceMany: (writer, ids, kind) => inFlight(deps.db, announceMany(writer, ids, kind)),
  };
}

/** A record a transaction wrote, to announce once it has committed; `by`: who asked (never told of it). */
export type TLiveChange = { table: PgTable; id: string; kind: Exclude<TLiveKind, 'deleted'>; by: TActor | null };

/** Per database: per table, the announcers of the collections that list it, by collection name. */
const announcersByDb = new WeakMap<TDb, Map<PgTable, Map<string, TLiveAnnouncer>>>();

/** Lets writes that do not go through the collection's routes (a workflow's transitions) announce to its list's watchers. */
export function addLiveAnnouncer(db: TDb, table: PgTable, collection: string, announcer: TLiveAnnouncer) {
  let byTable = announcersByDb.get(db);
  if (!byTable) announcersByDb.set(db, (byTable = new Map<PgTable, Map<string, TLiveAnnouncer>>()));
  let byCollection = byTable.get(table);
  if (!byCollection) byTable.set(table, (byCollection = new Map<string, TLiveAnnouncer>()));
  // One announcer per collection: an app built again over the same database replaces the earlier one.
  byCollection.set(collection, announcer);
}

/**
 * Tells the watchers of every collection listing each record's table, once per record (`created`
 * wins over `updated`), each receiver checked as for the collection's own writes. Call it after the
 * commit; never throws. A table no collection lists (or a database no app serves) announces nothing.
 */
export function announceChanges(db: TDb, changes: readonly TLiveChange[]): Promise<void> {
  // Kept in flight as a whole: between two of its batches no announcement of its own is pending.
  return inFlight(db, announceEachChange(db, changes));
}

async function announceEachChange(db: TDb, changes: readonly TLiveChange[]): Promise<void> {
  const byTable = announcersByDb.get(db);
  if (!byTable || changes.length === 0) return;
  const once = new Map<PgTable, Map<string, TLiveChange>>();
  for (const change of changes) {
    let ofTable = once.get(change.table);
    if (!ofTable) once.set(change.table, (ofTable = new Map<string, TLiveChange>()));
    const seen = ofTable.get(change.id);
    if (!seen) ofTable.set(change.id, change);
    else if (change.kind === 'created') ofTable.set(change.id, { ...seen, kind: 'created' });
  }
  for (const [table, ofTable] of once) {
    const announcers = [...(byTable.get(table)?.values() ?? [])];
    if (announcers.length === 0) continue;
    // One batch per writer and kind: the watchers are asked for once per collection, not once per row.
    const batches = new Map<string, { by: TActor | null; kind: TLiveChange['kind']; ids: string[] }>();
    for (const change of ofTable.values()) {
      const key = `${change.by?.id ?? ''}\u0000${change.kind}`;
      const batch = batches.get(key);
      if (batch) batch.ids.push(change.id);
      else batches.set(key, { by: change.by, kind: change.kind, ids: [change.id] });
    }
    for (const batch of batches.values())
      for (const announcer of announcers) {
        if (batch.ids.length === 1) await announcer.announce(batch.by, batch.ids[0], batch.kind);
        else await announcer.announceMany(batch.by, batch.ids, batch.kind);
      }
  }
}

/**
 * For a row a write is about to take out of its lists (an account anonymised, which the users list no
 * longer shows): who may read it is asked now, while it is listed, through every collection that lists
 * its table, and the returned function tells them `deleted`; call it after the commit. Never throws.
 */
export async function prepareRemovalAnnouncement(db: TDb, table: PgTable, id: string, by: TActor | null): Promise<() => void> {
  const announcers = [...(announcersByDb.get(db)?.get(table)?.values() ?? [])];
  const told: { announcer: TLiveAnnouncer; readers: string[] }[] = [];
  for (const announcer of announcers) told.push({ announcer, readers: await announcer.readers(by, id).catch(() => []) });
  return () => {
    for (const { announcer, readers } of told) announcer.tell(readers, id, 'deleted');
  };
}
