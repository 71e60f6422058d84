import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { TResource } from '@app/domain/platform/access/access-table';
import type { TTx } from '../../db/client.ts';
import type { TActor, TRequestContext } from '../context.ts';
import type { TScopeImplementations } from '../access.ts';

export type TOperation = 'getAll' | 'get' | 'create' | 'update' | 'delete';

/** A table every collection can serve: it has the record columns. */
export type TRecordTable = PgTable & { id: PgColumn; createdAt: PgColumn; updatedAt: PgColumn };

export type TSignedInContext = TRequestContext & { actor: TActor };

export type TWriteArgs<TRow> = { tx: TTx; ctx: TSignedInContext; existing?: TRow };

/**
 * One declaration per collection: the table, the API shapes, what may be filtered, sorted and
 * searched, the resource of the access table (who may do what, and how far), the SQL of its record
 * scopes, and the hooks. `registerCollection` turns it into the five routes of the generic
 * contract, and the row-scope test suite iterates over the same declarations.
 */
export type TCollection<TTable extends TRecordTable = TRecordTable, TRow extends Record<string, unknown> = TTable['$inferSelect']> = {
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
  record: z.ZodType;
  /** POST body. */
  create: z.ZodObject;
  /** PUT body (partial); defaults to create.partial(). */
  update?: z.ZodObject;
  /** API field name -> column, for filters. `_id`, `createdAt`, `updatedAt` are always filterable and sortable. */
  filterable: Record<string, PgColumn>;
  /** API field name -> column, for sort; defaults to filterable. */
  sortable?: Record<string, PgColumn>;
  searchable?: PgColumn[];
  /** Year-scoped collections: the date (or integer year) column the selected year filters. */
  year?: { column: PgColumn; kind: 'date' | 'integer' };
  /**
   * The SQL of every record scope the table grants on the resource (other than a plain `all`),
   * keyed by scope name. Reads take the scope of the caller's list/read grant, writes that of the
   * create/update/delete grant; rows outside it do not exist for the caller (404) and written rows
   * must stay inside it.
   */
  scopes?: TScopeImplementations;
  /** Maps a row to the API record. Defaults to `id` -> `_id` and dates to ISO strings. */
  toRecord?: (row: TRow, ctx: TSignedInContext) => unknown;
  /** Maps validated input to column values; validates cross-field and cross-record rules. */
  toRow?: (input: Record<string, unknown>, args: TWriteArgs<TRow>) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /**
   * Computed fields that need the database (counts of related rows): called with the records of
   * one response (a list page or one record), after toRecord, and fills them in place.
   */
  decorate?: (records: Record<string, unknown>[], ctx: TSignedInContext) => Promise<void>;
  beforeDelete?: (row: TRow, args: TWriteArgs<TRow> & { existing: TRow }) => Promise<void> | void;
  afterWrite?: (op: 'create' | 'update' | 'delete', row: TRow, args: TWriteArgs<TRow>) => Promise<void> | void;
  /** Fields never written to the audit log (secrets). */
  auditOmit?: string[];
  /** Operations this collection does not offer over the generic routes. */
  disabled?: TOperation[];
  /** Extra list conditions from the query string that are not plain column filters. */
  customFilters?: Record<string, (value: string, ctx: TSignedInContext) => SQL>;
};

export function defineCollection<TTable extends TRecordTable>(def: TCollection<TTable>): TCollection<TTable> {
  return def;
}

export type TAnyCollection = TCollection<TRecordTable, Record<string, unknown>>;
