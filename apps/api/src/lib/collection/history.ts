import { and, desc, eq, getTableColumns, gt, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { HISTORY_IGNORED_FIELDS, isWorkflowOwnedField, type THistoryChange, type THistoryEntry } from '@app/domain/platform/history/history';
import { auditLogs, users } from '../../db/schema/index.ts';
import { AppError, notFound, validationFailed } from '../errors.ts';
import { isRecord, recordOf } from '../guards.ts';
import { isSecretField } from '../audit.ts';
import { requireAccess, scopeCondition } from '../access.ts';
import { allOf, isUuid } from './query.ts';
import type { TCollectionRuntime } from './routes.ts';
import type { TSignedInContext } from './define.ts';

/*
 * A record's history, read from the audit log its writes leave (lib/audit.ts): every collection
 * write stores the changed columns' values before and after, so the record as it was after any
 * entry is the current row with the newer entries undone, newest first. Entries that carry no
 * value before (a workflow's reason, an import's summary) undo nothing; a column changed by a path
 * that writes no audit entry (a stay's repricing) keeps its current value in every past version.
 */

/** How many entries a history answers at most (newest first). */
export const HISTORY_LIMIT = 200;

type TEntryRow = {
  id: string;
  seq: number;
  createdAt: Date;
  action: string;
  actorId: string | null;
  actorName: string | null;
  impersonatorId: string | null;
  impersonatorName: string | null;
  restoredFromId: string | null;
  changes: Record<string, unknown> | null;
};

const actors = alias(users, 'history_actor');
const impersonators = alias(users, 'history_impersonator');
/** A user's name as people read it: name and surname, else the e-mail address. */
const nameOf = (user: { name: PgColumn; surname: PgColumn; email: PgColumn }) => sql<string | null>`coalesce(nullif(trim(concat_ws(' ', ${user.name}, ${user.surname})), ''), ${user.email})`;

/** The record's audit entries, newest first: all of them, or those written after `afterSeq`. */
async function readEntries(db: TSignedInContext['db'], entity: string, id: string, options: { limit?: number; afterSeq?: number }): Promise<TEntryRow[]> {
  const query = db
    .select({
      id: auditLogs.id,
      seq: auditLogs.seq,
      createdAt: auditLogs.createdAt,
      action: auditLogs.action,
      actorId: auditLogs.actorId,
      actorName: nameOf(actors),
      impersonatorId: auditLogs.impersonatorId,
      impersonatorName: nameOf(impersonators),
      restoredFromId: auditLogs.restoredFromId,
      changes: auditLogs.changes,
    })
    .from(auditLogs)
    .leftJoin(actors, eq(actors.id, auditLogs.actorId))
    .leftJoin(impersonators, eq(impersonators.id, auditLogs.impersonatorId))
    .where(allOf([eq(auditLogs.entityType, entity), eq(auditLogs.entityId, id), options.afterSeq === undefined ? undefined : gt(auditLogs.seq, options.afterSeq)]))
    .orderBy(desc(auditLogs.seq));
  return options.limit === undefined ? query : query.limit(options.limit);
}

/** A value as the audit log's JSON holds it, back in the column's type (timestamps were ISO strings). */
function revive(column: PgColumn, value: unknown): unknown {
  if (column.dataType === 'date' && typeof value === 'string') {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? value : date;
  }
  return value;
}

/** The row as it was before the entry: its changed columns back to their values before. */
function undoEntry(row: Record<string, unknown>, entry: TEntryRow, columns: Record<string, PgColumn>): Record<string, unknown> {
  if (!entry.changes) return row;
  const before = { ...row };
  for (const [key, change] of Object.entries(entry.changes)) {
    if (!Object.hasOwn(columns, key) || isSecretField(key) || !isRecord(change) || !Object.hasOwn(change, 'from')) continue;
    before[key] = revive(columns[key], change.from);
  }
  return before;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const isEmptyValue = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** The record fields two versions differ in (the API's names and values); a creation lists what it set. */
function changedRecordFields(before: Record<string, unknown> | undefined, after: Record<string, unknown>): THistoryChange[] {
  const changes: THistoryChange[] = [];
  for (const field of Object.keys(after)) {
    if (HISTORY_IGNORED_FIELDS.includes(field) || isSecretField(field)) continue;
    if (!before) {
      if (!isEmptyValue(after[field])) changes.push({ field, after: after[field] });
    } else if (!sameValue(before[field], after[field])) {
      changes.push({ field, before: before[field] ?? null, after: after[field] ?? null });
    }
  }
  return changes;
}

function reasonOf(changes: Record<string, unknown> | null): string | null {
  const reason = changes?.reason;
  return isRecord(reason) && typeof reason.to === 'string' ? reason.to : null;
}

/** The row of the caller's scope for the collection action, locked or not (404 outside it). */
async function readRow(runtime: TCollectionRuntime, ctx: TSignedInContext, id: string, scope: ReturnType<typeof allOf>): Promise<Record<string, unknown>> {
  const table = runtime.def.table;
  if (!isUuid(id)) throw notFound();
  const rows: Record<string, unknown>[] = await ctx.db
    .select()
    .from(table)
    .where(allOf([eq(table.id, id), scope]));
  if (rows.length === 0) throw notFound();
  return rows[0];
}

/**
 * GET /api/{collection}/{id}/history: who changed what and when, newest first. The record is read
 * as GET /api/{collection}/{id} reads it (grant, permission key, row scope: 404 outside it), and
 * each version goes through the collection's own record mapping, so a history shows no field the
 * record itself would not.
 */
export async function listRecordHistory(runtime: TCollectionRuntime, ctx: TSignedInContext, id: string, limit = HISTORY_LIMIT): Promise<THistoryEntry[]> {
  const current = await runtime.getById(ctx, id);
  const entries = await readEntries(ctx.db, runtime.entity, id, { limit });
  const columns = getTableColumns(runtime.def.table);
  const recordOfRow = (row: Record<string, unknown>) => recordOf(runtime.toRecord(row, ctx), `${runtime.def.name} record`);
  const history: THistoryEntry[] = [];
  let after = current;
  let afterRecord = recordOfRow(current);
  for (const entry of entries) {
    const before = undoEntry(after, entry, columns);
    const beforeRecord = entry.action === 'create' ? undefined : before === after ? afterRecord : recordOfRow(before);
    history.push({
      _id: entry.id,
      createdAt: entry.createdAt.toISOString(),
      action: entry.action,
      actorId: entry.actorId,
      actorName: entry.actorName,
      impersonatorId: entry.impersonatorId,
      impersonatorName: entry.impersonatorName,
      restoredFromId: entry.restoredFromId,
      reason: reasonOf(entry.changes),
      changes: changedRecordFields(beforeRecord, afterRecord),
    });
    after = before;
    afterRecord = beforeRecord ?? afterRecord;
  }
  return history;
}

/** The fields a restore may write: those the update schema accepts, never a workflow's status nor a secret. */
function restorableFields(runtime: TCollectionRuntime, update: z.ZodObject): string[] {
  const statusKey = runtime.def.workflow?.statusKey;
  return Object.keys(update.shape).filter((field) => field !== statusKey && !isWorkflowOwnedField(field) && !isSecretField(field) && !HISTORY_IGNORED_FIELDS.includes(field));
}

/**
 * POST /api/{collection}/{id}/history/{entryId}/restore: brings back the record's editable fields as
 * they were right after the entry. It takes the table's `restore` grant (and its scope), then goes
 * through the generic update like a PUT of those fields: the update grant and scope, the update
 * schema, the collection's `toRow` (its rules and its workflow locks: a signed waste form, a
 * validated declaration answer their 409), an optimistic lock on the version read here, and an
 * audit entry of its own (`restore`, naming the entry brought back), so the restore is one more
 * change in the history and can itself be undone.
 */
export async function restoreRecordVersion(runtime: TCollectionRuntime, ctx: TSignedInContext, id: string, entryId: string, update: z.ZodObject): Promise<Record<string, unknown>> {
  const def = runtime.def;
  await requireAccess(ctx, def.resource, 'restore');
  const scope = allOf([await runtime.conditions(ctx, 'get'), scopeCondition(ctx, def.resource, 'restore', def.scopes ?? {}, 'write')]);
  const current = await readRow(runtime, ctx, id, scope);
  if (!isUuid(entryId)) throw notFound('History entry');
  const [target] = await ctx.db
    .select({ seq: auditLogs.seq })
    .from(auditLogs)
    .where(and(eq(auditLogs.id, entryId), eq(auditLogs.entityType, runtime.entity), eq(auditLogs.entityId, id)));
  if (!target) throw notFound('History entry');

  const columns = getTableColumns(def.table);
  let version = current;
  for (const entry of await readEntries(ctx.db, runtime.entity, id, { afterSeq: target.seq })) version = undoEntry(version, entry, columns);
  const past = recordOf(runtime.toRecord(version, ctx), `${def.name} record`);
  const now = recordOf(runtime.toRecord(current, ctx), `${def.name} record`);
  const input: Record<string, unknown> = {};
  for (const field of restorableFields(runtime, update)) {
    if (Object.hasOwn(past, field) && !sameValue(past[field], now[field])) input[field] = past[field];
  }
  if (Object.keys(input).length === 0) throw new AppError('NOTHING_TO_RESTORE', 'The editable fields of this version are the same as now: there is nothing to restore');
  const parsed = update.safeParse(input);
  if (!parsed.success) {
    throw validationFailed(
      parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
      'This version no longer passes the rules of the record: it cannot be restored as it is',
    );
  }
  const updatedAt = current.updatedAt instanceof Date ? current.updatedAt : undefined;
  return runtime.update(ctx, id, parsed.data, updatedAt, { restoredFromId: entryId });
}
