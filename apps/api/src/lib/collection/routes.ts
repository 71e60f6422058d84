import { and, eq, getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../errors.ts';
import { dateOf, recordOf } from '../guards.ts';
import { signedInContextOf } from '../context.ts';
import { recordAudit, diffFields } from '../audit.ts';
import { recordFilterToSql, requireAccess, scopeCondition } from '../access.ts';
import { entityOf, type TCollectionAction } from '@app/domain/platform/access/access-table';
import { partialWithoutDefaults, ZErrorBody, ZIdParams } from '../schemas.ts';
import { allOf, isUuid, parseListQuery } from './query.ts';
import { rowToRecord } from './serialize.ts';
import { listSerializer } from './json-writer.ts';
import { createListSql, type TRenderedWhere } from './list-sql.ts';
import { registerCollectionExport } from './export.ts';
import { registerCollectionHistory } from './history-routes.ts';
import { registerCollectionBulk, type TBulkOptions } from './bulk.ts';
import type { TCountCache } from './count-cache.ts';
import { addLiveAnnouncer, announceChanges, createLiveAnnouncer, type TLiveAnnouncer, type TLiveDeps } from './live.ts';
import type { TAnyCollection, TCollection, TOperation, TRecordTable, TSignedInContext } from './define.ts';
import type { TTransitionTx } from '../workflow/run-transition.ts';

const ZListQuery = z.looseObject({
  limit: z.string().optional().describe('Page size, 1-500 (default 25)'),
  skip: z.string().optional().describe('Rows to skip'),
  sort: z.string().optional().describe('Comma-separated fields, `-` prefix for descending'),
  q: z.string().optional().describe('Free text over the search fields'),
  count: z.string().optional().describe('`true` adds X-Total-Count'),
  year: z.string().optional().describe('Selected year (2021-2050); year-scoped collections filter by it'),
  allYears: z.enum(['true', 'false']).optional().describe('`true`: every year, whatever `year` says (only the collections that allow it, e.g. declaration-templates)'),
  fields: z
    .string()
    .optional()
    .describe("Comma-separated record fields to answer (`_id` always comes); default all. A list that leaves out heavy fields (a stay's `breakdown`) is lighter to read and send"),
});

/** List requests whose parsed query and rendered filter a collection keeps (the oldest goes first). */
const MAX_PREPARED_LISTS = 500;

/** A list request as parsed, and its filter rendered for the permission filter of `filterKey`. */
type TPreparedList = {
  parsed: ReturnType<typeof parseListQuery>;
  fields: string[] | undefined;
  custom: SQL[];
  filterKey: string | undefined;
  where: TRenderedWhere | undefined;
  /** The page's filter when it differs from the count's (a bound that serves the sort's index). */
  rowsWhere: TRenderedWhere | undefined;
};

const errorResponses = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };

/** Every response schema of these routes is a zod one: checked, so fastify's untyped route schema needs no cast. */
function zodSchemaOf(schema: unknown): z.ZodType {
  if (!(schema instanceof z.ZodType)) throw new TypeError('a collection route answers with a zod schema');
  return schema;
}

/** Reads the version the client edited, from the body's `updatedAt` or an If-Match header. */
function expectedVersion(body: Record<string, unknown>, ifMatch: string | undefined): Date | undefined {
  const raw = (typeof body.updatedAt === 'string' ? body.updatedAt : undefined) ?? ifMatch?.replace(/^W\//, '').replace(/"/g, '');
  if (!raw) return undefined;
  const date = new Date(raw);
  if (Number.isNaN(date.getTime())) {
    throw new AppError('VALIDATION_FAILED', 'updatedAt must be an ISO date-time', { details: [{ path: 'updatedAt', message: 'must be an ISO date-time' }] });
  }
  return date;
}

/** The table action each generic operation takes. */
const ACTION_OF: Record<TOperation, TCollectionAction> = { getAll: 'list', get: 'read', create: 'create', update: 'update', delete: 'delete' };

export type TCollectionRuntime = {
  def: TAnyCollection;
  /** Entity name of the permission keys and audit entries (from the access table). */
  entity: string;
  /** Grant check (403) and the scope + permission conditions of one operation. */
  conditions(ctx: TSignedInContext, op: TOperation): Promise<SQL | undefined>;
  /** `extra` narrows the list further (e.g. a route's own filters that are not column filters). */
  list(ctx: TSignedInContext, query: Record<string, unknown>, extra?: SQL): Promise<{ rows: Record<string, unknown>[]; total?: number; fields?: string[] }>;
  getById(ctx: TSignedInContext, id: string): Promise<Record<string, unknown>>;
  create(ctx: TSignedInContext, input: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** `restoredFromId`: the write restores the version after that history entry (audited as `restore`). */
  update(ctx: TSignedInContext, id: string, input: Record<string, unknown>, expected?: Date, options?: { restoredFromId?: string }): Promise<Record<string, unknown>>;
  remove(ctx: TSignedInContext, id: string): Promise<void>;
  toRecord(row: Record<string, unknown>, ctx: TSignedInContext): unknown;
  /** The API records of rows, computed fields included (what the generic routes answer). */
  present(rows: Record<string, unknown>[], ctx: TSignedInContext): Promise<Record<string, unknown>[]>;
};

/** The record fields a `?fields=` list asks for (`_id` first), checked against the record schema; undefined: all. */
function requestedFields(raw: unknown, record: z.ZodType): string[] | undefined {
  if (raw === undefined) return undefined;
  const names = String(Array.isArray(raw) ? raw[raw.length - 1] : raw)
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  const known = record instanceof z.ZodObject ? new Set(Object.keys(record.shape)) : undefined;
  const unknown = known ? names.filter((f) => !known.has(f)) : names;
  if (unknown.length > 0 || names.length === 0) {
    throw new AppError('UNKNOWN_FIELD', 'The list request has invalid parameters', {
      details: names.length === 0 ? [{ path: 'fields', message: 'must name at least one field' }] : unknown.map((f) => ({ path: 'fields', message: `unknown field ${f}`, value: f })),
    });
  }
  return ['_id', ...new Set(names.filter((f) => f !== '_id'))];
}

function pickFields(record: Record<string, unknown>, fields: string[]) {
  const out: Record<string, unknown> = {};
  for (const field of fields) if (field in record) out[field] = record[field];
  return out;
}

/** The use cases behind the five generic routes, usable from other modules and tests too. */
export function collectionRuntime<TTable extends TRecordTable, TCreate extends z.ZodObject, TUpdate extends z.ZodObject | undefined, TRecord extends z.ZodType>(
  definition: TCollection<TTable, TCreate, TUpdate, TRecord>,
  options: { counts?: TCountCache; live?: TLiveDeps } = {},
): TCollectionRuntime {
  // The declaration's hooks are typed from its table and schemas; here rows and inputs are plain objects.
  const def = definition as unknown as TAnyCollection;
  const table = def.table;
  const base = { _id: table.id, createdAt: table.createdAt, updatedAt: table.updatedAt };
  const filterable = { ...base, ...def.filterable };
  const sortable = { ...base, ...(def.sortable ?? def.filterable) };
  const sortColumns: Record<string, PgColumn | undefined> = sortable;
  const toRecord = (row: Record<string, unknown>, ctx: TSignedInContext) => (def.toRecord ? def.toRecord(row, ctx) : rowToRecord(row));
  const entity = entityOf(def.resource);
  if (!entity) throw new Error(`collection ${def.name}: access-table resource ${def.resource} has no entity name`);
  const permissionFields = { ...def.filterable, _id: table.id };
  const tableName = getTableName(table);
  const counts = def.cachedCounts ? options.counts : undefined;
  if (counts && typeof def.cachedCounts === 'object') counts.readsAlso(tableName, def.cachedCounts.readsAlso.map(getTableName));
  // After a committed write: this process's next list counts again (other processes hear the trigger's notification).
  const forgetCounts = () => counts?.invalidate(tableName);
  const allColumns = getTableColumns(table);
  const heavyColumnNames = new Set(Object.values(def.heavyFields ?? {}).map((c) => c.name));

  const listSql = createListSql(table);
  const preparedLists = new Map<string, TPreparedList>();
  const everyColumn: { key: string; columns: Record<string, PgColumn> } = { key: '*', columns: allColumns };
  const selections = new Map<string, typeof everyColumn>();

  /** The columns a list reads, and a key naming that set: all of them, less the heavy ones whose field `fields` leaves out. */
  function listColumns(fields: string[] | undefined) {
    if (!fields || heavyColumnNames.size === 0) return everyColumn;
    const wanted = Object.keys(def.heavyFields ?? {}).filter((f) => fields.includes(f));
    if (wanted.length === heavyColumnNames.size) return everyColumn;
    const key = wanted.join(',');
    let selection = selections.get(key);
    if (!selection) {
      const names = new Set(wanted.map((f) => def.heavyFields![f].name));
      const columns: Record<string, PgColumn> = Object.fromEntries(Object.entries(allColumns).filter(([, column]) => !heavyColumnNames.has(column.name) || names.has(column.name)));
      selections.set(key, (selection = { key, columns }));
    }
    return selection;
  }

  async function conditions(ctx: TSignedInContext, op: TOperation): Promise<SQL | undefined> {
    const action = ACTION_OF[op];
    const { filter } = await requireAccess(ctx, def.resource, action);
    const scope = scopeCondition(ctx, def.resource, action, def.scopes ?? {}, op === 'get' || op === 'getAll' ? 'read' : 'write');
    return allOf([scope, filter ? recordFilterToSql(filter, permissionFields) : undefined]);
  }

  // Watchers of the list hear of committed writes, each only of rows they may read (live.ts).
  const live: TLiveAnnouncer | undefined = options.live ? createLiveAnnouncer(def.name, table, conditions, options.live) : undefined;
  // ... and of the workflow transitions of its rows, which run outside these routes (lib/workflow).
  if (live && options.live) addLiveAnnouncer(options.live.db, table, def.name, live);
  /**
   * The live announcer of a write in `ctx`: none when the write runs inside a caller's transaction
   * (`ctx.db` is not the database itself), since it has not committed when this returns; that caller
   * adds the row to its unit's `changed` (lib/workflow/run-transition.ts inTransition) instead.
   */
  const liveOf = (ctx: TSignedInContext): TLiveAnnouncer | undefined => (options.live && ctx.db === options.live.db ? live : undefined);

  /** `?allYears=true` lifts the selected year from a collection that allows it (`listsAllYears`). */
  function yearsOfList(ctx: TSignedInContext, query: Record<string, unknown>): { ctx: TSignedInContext; query: Record<string, unknown> } {
    if (!def.listsAllYears || query.allYears === undefined) return { ctx, query };
    const { allYears, ...rest } = query;
    if (allYears !== 'true' && allYears !== 'false') {
      throw new AppError('INVALID_FILTER', 'Invalid value for allYears', { details: [{ path: 'allYears', message: 'must be true or false', value: allYears }] });
    }
    return { ctx: allYears === 'true' ? { ...ctx, year: null } : ctx, query: rest };
  }

  function yearCondition(ctx: TSignedInContext): SQL | undefined {
    if (!def.year || ctx.year === null) return undefined;
    if (def.year.kind === 'integer') return eq(def.year.column, ctx.year);
    return sql`${def.year.column} between ${`${ctx.year}-01-01`} and ${`${ctx.year}-12-31`}`;
  }

  /**
   * A page sorted by the year's `startsBefore` column: the same rows bounded by it too, so that the page walks one
   * range of its index. Only the page: the count keeps the filter its index answers alone (index-only).
   */
  function rowsBound(ctx: TSignedInContext, query: Record<string, unknown>): SQL | undefined {
    const before = def.year?.startsBefore;
    if (!before || ctx.year === null || typeof query.sort !== 'string') return undefined;
    const first = query.sort.split(',')[0].trim().replace(/^-/, '');
    if (sortColumns[first] !== before.column) return undefined;
    // Whatever ends within the year started at most maxDays before its first day, and before its last.
    const earliest = new Date(Date.UTC(ctx.year, 0, 1 - before.maxDays)).toISOString().slice(0, 10);
    return sql`${before.column} between ${earliest} and ${`${ctx.year}-12-30`}`;
  }

  async function findInScope(ctx: TSignedInContext, db: TSignedInContext['db'], id: string, scope: SQL | undefined, lock = false) {
    if (!isUuid(id)) throw notFound();
    const query = db
      .select()
      .from(table)
      .where(allOf([eq(table.id, id), scope]));
    const rows: Record<string, unknown>[] = await (lock ? query.for('update') : query);
    if (rows.length === 0) throw notFound();
    return rows[0];
  }

  async function assertStillInScope(tx: TSignedInContext['db'], id: string, scope: SQL | undefined) {
    if (!scope) return;
    const rows = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.id, id), scope));
    if (rows.length === 0) throw new AppError('FORBIDDEN', 'This record would fall outside what you may manage');
  }

  async function present(rows: Record<string, unknown>[], ctx: TSignedInContext): Promise<Record<string, unknown>[]> {
    const records = rows.map((row) => recordOf(toRecord(row, ctx), `${def.name} record`));
    if (def.decorate && records.length > 0) await def.decorate(records, ctx);
    return records;
  }

  return {
    def,
    entity,
    conditions,
    toRecord,
    present,
    async list(listCtx, listQuery, extra) {
      const { ctx, query } = yearsOfList(listCtx, listQuery);
      const customKeys = Object.keys(def.customFilters ?? {}).filter((name) => query[name] !== undefined);
      // The parsed query and its rendered filter depend on nothing but the query, the caller (scopes are SQL of the
      // actor), the selected year and the permission filter: a repeated list request reuses them. Custom filters and
      // a route's own conditions may depend on more (today's date), so such requests are parsed and rendered afresh.
      const key = extra || customKeys.length > 0 ? undefined : JSON.stringify([ctx.actor, ctx.year, query]);
      let prepared = key === undefined ? undefined : preparedLists.get(key);
      const fields = prepared ? prepared.fields : requestedFields(query.fields, def.record);
      if (!prepared) {
        // In the order of the checks: the query's own errors (400), then the grant (403).
        const columnQuery = Object.fromEntries(Object.entries(query).filter(([name]) => !Object.hasOwn(def.customFilters ?? {}, name)));
        const parsed = parseListQuery(columnQuery, { filterable, sortable, searchable: def.searchable ?? [], idColumn: table.id });
        const custom = customKeys.map((name) => def.customFilters![name](String(query[name]), ctx));
        prepared = { parsed, fields, custom, filterKey: undefined, where: undefined, rowsWhere: undefined };
      }
      const { filter } = await requireAccess(ctx, def.resource, 'list');
      const filterKey = JSON.stringify(filter);
      if (prepared.filterKey !== filterKey) {
        const scope = scopeCondition(ctx, def.resource, 'list', def.scopes ?? {}, 'read');
        const permission = filter ? recordFilterToSql(filter, permissionFields) : undefined;
        const conditions = [scope, permission, yearCondition(ctx), extra, ...prepared.parsed.where, ...prepared.custom];
        prepared.where = listSql.renderWhere(allOf(conditions));
        const bound = rowsBound(ctx, query);
        prepared.rowsWhere = bound ? listSql.renderWhere(allOf([...conditions, bound])) : prepared.where;
        prepared.filterKey = filterKey;
        if (key !== undefined && !preparedLists.has(key)) {
          if (preparedLists.size >= MAX_PREPARED_LISTS) preparedLists.delete(preparedLists.keys().next().value!);
          preparedLists.set(key, prepared);
        }
      }
      const { parsed, where, rowsWhere } = prepared;
      const columns = listColumns(fields);
      const rowsQuery = listSql.rows(ctx.db, { ...columns, where: rowsWhere, orderBy: parsed.orderBy, limit: parsed.limit, skip: parsed.skip });
      const countRows = () => listSql.count(ctx.db, tableName, where);
      const counted = () => {
        if (!parsed.count) return undefined;
        if (!counts) return countRows();
        // The filter's SQL and parameters (scope and year included) are the cache key.
        return counts.count(tableName, `${where?.text ?? ''}\u0000${JSON.stringify(where?.params ?? [])}`, countRows);
      };
      const [rows, total] = await Promise.all([rowsQuery, counted()]);
      return { rows, total, fields };
    },
    async getById(ctx, id) {
      return findInScope(ctx, ctx.db, id, await conditions(ctx, 'get'));
    },
    async create(ctx, input) {
      const scope = await conditions(ctx, 'create');
      const created = await ctx.db.transaction(async (tx) => {
        const txCtx = { ...ctx, db: tx };
        const values = def.toRow ? await def.toRow({ op: 'create', input, tx, ctx: txCtx }) : input;
        const now = new Date();
        const [row]: Record<string, unknown>[] = await tx
          .insert(table)
          .values({ ...values, createdAt: now, updatedAt: now })
          .returning();
        await assertStillInScope(tx, String(row.id), scope);
        await def.afterWrite?.('create', row, { tx, ctx: txCtx });
        await recordAudit(tx, ctx, { action: 'create', entityType: entity, entityId: String(row.id), changes: diffFields(undefined, row, def.auditOmit) });
        return row;
      });
      forgetCounts();
      void liveOf(ctx)?.announce(ctx.actor, String(created.id), 'created');
      return created;
    },
    async update(ctx, id, input, expected, options = {}) {
      const scope = await conditions(ctx, 'update');
      const afterCommit: TTransitionTx['afterCommit'] = [];
      const changed: TTransitionTx['changed'] = [];
      const updated = await ctx.db.transaction(async (tx) => {
        const txCtx = { ...ctx, db: tx };
        const existing = await findInScope(ctx, tx, id, scope, true);
        const version = dateOf(existing.updatedAt, `${def.name} updatedAt`);
        if (expected && version.getTime() !== expected.getTime()) {
          throw new AppError('STALE_WRITE', 'This record was changed by someone else after you opened it. Reload it and try again.', {
            details: [{ path: 'updatedAt', message: `current version is ${version.toISOString()}` }],
          });
        }
        const values = { ...(def.toRow ? await def.toRow({ op: 'update', input, tx, ctx: txCtx, existing }) : input) };
        // A new status is the workflow's action, taken once the other fields are written.
        const statusKey = def.workflow?.statusKey;
        const nextStatus = statusKey ? values[statusKey] : undefined;
        if (statusKey) delete values[statusKey];
        const [row]: Record<string, unknown>[] = await tx
          .update(table)
          .set({ ...values, updatedAt: new Date(Math.max(Date.now(), version.getTime() + 1)) })
          .where(eq(table.id, id))
          .returning();
        await assertStillInScope(tx, id, scope);
        await def.afterWrite?.('update', row, { tx, ctx: txCtx, existing });
        await recordAudit(tx, ctx, {
          action: options.restoredFromId ? 'restore' : 'update',
          entityType: entity,
          entityId: id,
          changes: diffFields(existing, row, def.auditOmit),
          restoredFromId: options.restoredFromId ?? null,
        });
        if (def.workflow && statusKey && nextStatus !== undefined && nextStatus !== existing[statusKey])
          return def.workflow.change({ tx, afterCommit, changed }, txCtx, id, String(existing[statusKey]), String(nextStatus));
        return row;
      });
      forgetCounts();
      for (const deliver of afterCommit) await deliver();
      void liveOf(ctx)?.announce(ctx.actor, id, 'updated');
      // The records the status change's cascades moved (this one is announced above).
      void announceChanges(
        ctx.db,
        changed.filter((change) => change.table !== table || change.id !== id),
      );
      return updated;
    },
    async remove(ctx, id) {
      const scope = await conditions(ctx, 'delete');
      // Who may read the row is asked while it exists; they are told once the delete has committed.
      const announcer = liveOf(ctx);
      const readers = announcer && isUuid(id) ? await announcer.readers(ctx.actor, id).catch(() => []) : [];
      await ctx.db.transaction(async (tx) => {
        const txCtx = { ...ctx, db: tx };
        const existing = await findInScope(ctx, tx, id, scope, true);
        await def.beforeDelete?.(existing, { tx, ctx: txCtx, existing });
        await tx.delete(table).where(eq(table.id, id));
        await def.afterWrite?.('delete', existing, { tx, ctx: txCtx, existing });
        await recordAudit(tx, ctx, { action: 'delete', entityType: entity, entityId: id, changes: diffFields(existing, undefined, def.auditOmit) });
      });
      forgetCounts();
      announcer?.tell(readers, id, 'deleted');
    },
  };
}

/**
 * Serves GET list, GET one, POST, PUT, DELETE for one declared collection, and `POST .../bulk` (delete
 * where the collection deletes, plus the bulk actions it declares in `options.bulk`).
 */
export function registerCollection<TTable extends TRecordTable, TCreate extends z.ZodObject, TUpdate extends z.ZodObject | undefined, TRecord extends z.ZodType>(
  app: FastifyInstance,
  definition: TCollection<TTable, TCreate, TUpdate, TRecord>,
  options: { bulk?: TBulkOptions } = {},
): TCollectionRuntime {
  const { realtime, db, permissions, areas } = app.services;
  const runtime = collectionRuntime(definition, { counts: app.services.countCache, live: { realtime, db, permissions, areas, log: app.log } });
  const def = runtime.def;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = [def.tag ?? def.name];
  const disabled = new Set(def.disabled ?? []);
  const url = `/api/${def.name}`;
  const update = def.update ?? partialWithoutDefaults(def.create);

  if (!disabled.has('getAll')) {
    // With `?fields=` a record carries only the fields asked for: the answer is checked against the record schema with every field optional.
    const listItem = def.record instanceof z.ZodObject ? def.record.partial() : def.record;
    r.get(url, {
      schema: { tags, summary: `List ${def.name}`, querystring: ZListQuery, response: { 200: z.array(def.record), ...errorResponses } },
      serializerCompiler: (route) =>
        route.httpStatus === '200'
          ? listSerializer(listItem, { check: app.services.config.checkListResponses, method: route.method, url: route.url })
          : serializerCompiler({ ...route, schema: zodSchemaOf(route.schema) }),
      handler: async (request, reply) => {
        const ctx = signedInContextOf(request);
        const { rows, total, fields } = await runtime.list(ctx, request.query);
        if (total !== undefined) reply.header('X-Total-Count', String(total));
        const records = await runtime.present(rows, ctx);
        return fields ? records.map((record) => pickFields(record, fields)) : records;
      },
    });
    // An area that declares its own export for a collection (the NCA register, one lot at a time) keeps it.
    if (!app.hasRoute({ method: 'GET', url: `${url}/export` })) registerCollectionExport(app, runtime, tags);
  }
  if (!disabled.has('get')) {
    r.get(`${url}/:id`, {
      schema: { tags, summary: `Get one of ${def.name}`, params: ZIdParams, response: { 200: def.record, ...errorResponses } },
      handler: async (request) => {
        const ctx = signedInContextOf(request);
        return (await runtime.present([await runtime.getById(ctx, request.params.id)], ctx))[0];
      },
    });
  }
  // The record's history, and the restore of a past version where the table grants one and the record can be updated.
  if (!disabled.has('get')) registerCollectionHistory(app, runtime, { tags, update: disabled.has('update') ? undefined : update });
  if (!disabled.has('create')) {
    r.post(url, {
      schema: { tags, summary: `Create one of ${def.name}`, body: def.create, response: { 201: def.record, ...errorResponses } },
      handler: async (request, reply) => {
        const ctx = signedInContextOf(request);
        const row = await runtime.create(ctx, request.body);
        reply.code(201);
        return (await runtime.present([row], ctx))[0];
      },
    });
  }
  if (!disabled.has('update')) {
    r.put(`${url}/:id`, {
      schema: {
        tags,
        summary: `Update one of ${def.name} (partial)`,
        params: ZIdParams,
        body: update.extend({ updatedAt: z.string().optional().describe('The version you edited; a stale one gets 409') }),
        response: { 200: def.record, ...errorResponses },
      },
      handler: async (request) => {
        const ctx = signedInContextOf(request);
        const { updatedAt: _version, ...input } = request.body;
        const expected = expectedVersion(request.body, request.headers['if-match']);
        return (await runtime.present([await runtime.update(ctx, request.params.id, input, expected)], ctx))[0];
      },
    });
  }
  if (!disabled.has('delete')) {
    r.delete(`${url}/:id`, {
      schema: { tags, summary: `Delete one of ${def.name}`, params: ZIdParams, response: { 200: z.object({ _id: z.string() }), ...errorResponses } },
      handler: async (request) => {
        const ctx = signedInContextOf(request);
        await runtime.remove(ctx, request.params.id);
        return { _id: request.params.id };
      },
    });
  }
  registerCollectionBulk(app, runtime, tags, options.bulk ?? {});
  app.services.collections.set(def.name, runtime);
  return runtime;
}
