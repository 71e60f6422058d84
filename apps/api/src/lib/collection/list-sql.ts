import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { queryRows, sqlDialect, type TDbOrTx } from '../../db/client.ts';

/** A list filter rendered to SQL once per request: the text after `where` and its parameters. */
export type TRenderedWhere = { sql: SQL; text: string; params: unknown[] };

type TSelection = { prefix: string; keys: string[]; columns: PgColumn[] };

/**
 * The two queries of a list page (the rows, the count), with the SQL drizzle's select builder
 * would send but rendered with less work per request: the select list of each set of columns is
 * rendered once and kept, the filter is rendered once for both queries (and is the count cache's
 * key), and rows are mapped by a mapper made for the columns instead of drizzle's general one. The
 * values still go through each column's own mapping from the driver, as drizzle does.
 */
export function createListSql(table: PgTable) {
  const selections = new Map<string, TSelection>();

  const selectionOf = (db: TDbOrTx, key: string, columns: Record<string, PgColumn>) => {
    let selection = selections.get(key);
    if (!selection) {
      const prefix = db.select(columns).from(table).toSQL().sql;
      selections.set(key, (selection = { prefix, keys: Object.keys(columns), columns: Object.values(columns) }));
    }
    return selection;
  };

  const run = <T>(db: TDbOrTx, text: string, params: unknown[], map: (rows: unknown[][]) => T): Promise<T> => queryRows(db, { sql: text, params }, map);

  return {
    renderWhere(where: SQL | undefined): TRenderedWhere | undefined {
      if (!where) return undefined;
      const { sql: text, params } = sqlDialect.sqlToQuery(where);
      return { sql: where, text, params };
    },

    /** One page of rows; `key` names the set of `columns` (the same key, the same columns). */
    async rows(db: TDbOrTx, page: { key: string; columns: Record<string, PgColumn>; where: TRenderedWhere | undefined; orderBy: SQL[]; limit: number; skip: number }) {
      const { prefix, keys, columns } = selectionOf(db, page.key, page.columns);
      const dialect = sqlDialect;
      const orderBy = sql.join(page.orderBy, sql`, `);
      let order = dialect.sqlToQuery(orderBy);
      let tail = `${page.where ? ` where ${page.where.text}` : ''} order by ${order.sql}`;
      let params = [...(page.where?.params ?? []), ...order.params];
      // A sort by plain columns has no parameters; one that has some is rendered with the filter, so they are numbered after its own.
      if (order.params.length > 0) {
        order = dialect.sqlToQuery(page.where ? sql` where ${page.where.sql} order by ${orderBy}` : sql` order by ${orderBy}`);
        tail = order.sql;
        params = order.params;
      }
      const text = `${prefix}${tail} limit $${params.length + 1} offset $${params.length + 2}`;
      params.push(page.limit, page.skip);
      return run(db, text, params, (rows) =>
        rows.map((row) => {
          const record: Record<string, unknown> = {};
          for (let i = 0; i < keys.length; i++) {
            const value = row[i];
            record[keys[i]] = value === null ? null : columns[i].mapFromDriverValue(value);
          }
          return record;
        }),
      );
    },

    async count(db: TDbOrTx, tableName: string, where: TRenderedWhere | undefined): Promise<number> {
      const text = `select count(*) from "${tableName}"${where ? ` where ${where.text}` : ''}`;
      return run(db, text, where?.params ?? [], (rows) => Number(rows[0][0]));
    },
  };
}
