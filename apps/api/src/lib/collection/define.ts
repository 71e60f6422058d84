import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { TResource } from '@app/domain/platform/access/access-table';
import type { TTx } from '../../db/client.ts';
import type { TActor, TRequestContext } from '../context.ts';
import type { TScopeImplementations } from '../access.ts';
import type { TTransitionTx } from '../workflow/run-transition.ts';

export type TOperation = 'getAll' | 'get' | 'create' | 'update' | 'delete';

/** A table every collection can serve: it has the record columns. */
export type TRecordTable = PgTable & { id: PgColumn; createdAt: PgColumn; updatedAt: PgColumn };

export type TSignedInContext = TRequestContext & { actor: TActor };

export type TWriteArgs<TRow> = { tx: TTx; ctx: TSignedInContext; existing?: TRow };

/** What a PUT body is after validation: the update schema's output, or the create schema's made partial. */
export type TUpdateInput<TCreate extends z.ZodObject, TUpdate extends z.ZodObject | undefined> = TUpdate extends z.ZodObject ? z.infer<TUpdate> : Partial<z.infer<TCreate>>;

/**
 * One write as `toRow` sees it: a create carries the validated POST body; an update the validated
 * PUT body and the row it changes (locked in the caller's scope). `existing` tells them apart.
 */
export type TWrite<TRow, TCreateInput, TUpdateInput> = { tx: TTx; ctx: TSignedInContext } & (
  { op: 'create'; input: TCreateInput; existing?: undefined } | { op: 'update'; input: TUpdateInput; existing: TRow }
);

/**
 * The workflow of a collection's status column. A PUT that changes the status takes the workflow's
 * action through the runner (who may, from which state, audit), after the other fields are written:
 * the generic update never writes a status itself. `change` answers the saved row.
 */
export type TCollectionWorkflow = {
  statusKey: string;
  change: (unit: TTransitionTx, ctx: TSignedInContext, id: string, from: string, to: string) => Promise<Record<string, unknown>>;
};

/** Column values a write sets (`createdAt`/`updatedAt` are the runtime's). */
export type TRowValues<TTable extends TRecordTable> = Partial<TTable['$inferInsert']>;

/**
 * One declaration per collection: the table, the API shapes, what may be filtered, sorted and
 * searched, the resource of the access table (who may do what, and how far), the SQL of its record
 * scopes, and the hooks. `registerCollection` turns it into the five routes of the generic
 * contract, and the row-scope test suite iterates over the same declarations. The hooks are typed
 * from the declaration: rows are the table's select type, inputs the schemas' outputs, and
 * `toRecord` returns the record schema's type.
 */
export type TCollection<
  TTable extends TRecordTable = TRecordTable,
  TCreate extends z.ZodObject = z.ZodObject,
  TUpdate extends z.ZodObject | undefined = z.ZodObject | undefined,
  TRecord extends z.ZodType = z.ZodType,
> = {
  /** URL segment: GET /api/{name}. */
  name: string;
  /**
   * The resource of the access table: its list/read/create/update/delete grants decide who may do
   * what (403 otherwise) and how far (the record scope); its entity names the permission keys
   * (`<entity>.getAll`) and the audit entries.
   */
  resource: TResource;
  table: TTable;
  tag?: string;
  /** The API record (response) schema. */
  record: TRecord;
  /** POST body. */
  create: TCreate;
  /** PUT body (partial); defaults to create.partial(). */
  update?: TUpdate;
  /** API field name -> column, for filters. `_id`, `createdAt`, `updatedAt` are always filterable and sortable. */
  filterable: Record<string, PgColumn>;
  /** API field name -> column, for sort; defaults to filterable. */
  sortable?: Record<string, PgColumn>;
  searchable?: PgColumn[];
  /**
   * Year-scoped collections: the date (or integer year) column the selected year filters. `startsBefore`: a date
   * column that the rules keep from 1 to `maxDays` days before `column` (a stay's check-in before its check-out),
   * bounded by the year too, so that a list sorted by it walks one index range instead of every year's rows.
   */
  year?: { column: PgColumn; kind: 'date' | 'integer'; startsBefore?: { column: PgColumn; maxDays: number } };
  /** A year-scoped collection whose list also answers `?allYears=true`: every year, whatever `year` says. */
  listsAllYears?: boolean;
  /**
   * The SQL of every record scope the table grants on the resource (other than a plain `all`),
   * keyed by scope name. Reads take the scope of the caller's list/read grant, writes that of the
   * create/update/delete grant; rows outside it do not exist for the caller (404) and written rows
   * must stay inside it.
   */
  scopes?: TScopeImplementations;
  /** Maps a row to the API record. Defaults to `id` -> `_id` and dates to ISO strings. */
  toRecord?: (row: TTable['$inferSelect'], ctx: TSignedInContext) => z.infer<TRecord>;
  /** Maps validated input to column values; validates cross-field and cross-record rules. Defaults to the input as is. */
  toRow?: (write: TWrite<TTable['$inferSelect'], z.infer<TCreate>, TUpdateInput<TCreate, TUpdate>>) => Promise<TRowValues<TTable>> | TRowValues<TTable>;
  /**
   * Computed fields that need the database (counts of related rows): called with the records of
   * one response (a list page or one record), after toRecord, and fills them in place.
   */
  decorate?: (records: Record<string, unknown>[], ctx: TSignedInContext) => Promise<void>;
  beforeDelete?: (row: TTable['$inferSelect'], args: TWriteArgs<TTable['$inferSelect']> & { existing: TTable['$inferSelect'] }) => Promise<void> | void;
  afterWrite?: (op: 'create' | 'update' | 'delete', row: TTable['$inferSelect'], args: TWriteArgs<TTable['$inferSelect']>) => Promise<void> | void;
  /** Fields never written to the audit log (secrets). */
  auditOmit?: string[];
  /** The workflow of the table's status column, when the PUT body may change it. */
  workflow?: TCollectionWorkflow;
  /** Operations this collection does not offer over the generic routes. */
  disabled?: TOperation[];
  /** Extra list conditions from the query string that are not plain column filters. */
  customFilters?: Record<string, (value: string, ctx: TSignedInContext) => SQL>;
  /**
   * Record fields held in heavy columns (large JSON), keyed by record field: a list with `?fields=`
   * naming none of them does not read the column, so `toRecord` must accept a row without it.
   */
  heavyFields?: Record<string, PgColumn>;
  /**
   * List counts are cached per filter until the next write to the table (lib/collection/count-cache.ts), or to
   * any table of `readsAlso`: every table the list's conditions (scopes, custom filters) read besides its own.
   * Only for tables that carry the `notify_table_write` trigger (migrations 0019, 0027, 0046, 0059).
   */
  cachedCounts?: boolean | { readsAlso: PgTable[] };
};

export function defineCollection<TTable extends TRecordTable, TCreate extends z.ZodObject, TRecord extends z.ZodType, TUpdate extends z.ZodObject | undefined = undefined>(
  def: TCollection<TTable, TCreate, TUpdate, TRecord>,
): TCollection<TTable, TCreate, TUpdate, TRecord> {
  return def;
}

/**
 * A declaration with its types erased, as the runtime and the registry hold it: rows, inputs and
 * records are plain objects there (zod validated them at the route).
 */
export type TAnyCollection = Omit<TCollection, 'toRecord' | 'toRow' | 'beforeDelete' | 'afterWrite'> & {
  toRecord?: (row: Record<string, unknown>, ctx: TSignedInContext) => unknown;
  toRow?: (write: TWrite<Record<string, unknown>, Record<string, unknown>, Record<string, unknown>>) => Promise<Record<string, unknown>> | Record<string, unknown>;
  beforeDelete?: (row: Record<string, unknown>, args: TWriteArgs<Record<string, unknown>> & { existing: Record<string, unknown> }) => Promise<void> | void;
  afterWrite?: (op: 'create' | 'update' | 'delete', row: Record<string, unknown>, args: TWriteArgs<Record<string, unknown>>) => Promise<void> | void;
};
