import { sql } from 'drizzle-orm';
import { timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Columns every record has. Timestamps are kept at millisecond precision because clients echo
 * `updatedAt` back for optimistic locking and JavaScript dates have no microseconds.
 */
export const recordColumns = {
  id: uuid()
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  createdAt: timestamp({ withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
};

export const timestamptz = () => timestamp({ withTimezone: true, mode: 'date', precision: 3 });
