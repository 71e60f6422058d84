import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../test/harness.ts';
import { AppError } from './errors.ts';
import { databaseErrorToAppError, findDatabaseError } from './database-errors.ts';

/**
 * Real errors of the database the tests run on (PGlite, or PostgreSQL through node-postgres with
 * TEST_DATABASE_URL), as drizzle throws them and as the driver raised them (drizzle's `cause`).
 */
let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp({ seedDemo: false });
  await t.db.execute(sql`create table walk_parents (id int primary key, code text unique, amount int check (amount >= 0))`);
  await t.db.execute(sql`create table walk_children (id int primary key, parent_id int not null references walk_parents(id))`);
  await t.db.execute(sql`insert into walk_parents (id, code, amount) values (1, 'A', 1), (2, 'B', 1)`);
  await t.db.execute(sql`insert into walk_children (id, parent_id) values (1, 1)`);
});
afterAll(() => t?.close());

/** What the statement throws. */
async function failureOf(statement: ReturnType<typeof sql>): Promise<unknown> {
  try {
    await t.db.execute(statement);
  } catch (error) {
    return error;
  }
  throw new Error('the statement did not fail');
}

const readable = (table: string) => (table === 'walk_children' ? 'children' : table);

/** The AppError of a failure, checked to be the same whether drizzle wrapped the driver's error or not. */
async function mapped(statement: ReturnType<typeof sql>): Promise<AppError | undefined> {
  const error = await failureOf(statement);
  const driverError = findDatabaseError(error);
  expect(driverError).toBeDefined();
  const fromWrapped = databaseErrorToAppError(error, readable);
  expect(databaseErrorToAppError(driverError, readable)).toEqual(fromWrapped);
  return fromWrapped;
}

describe('database errors a request can cause', () => {
  it('deleting a row others still refer to is IN_USE naming the readable name of the referring table, and the row stays', async () => {
    const error = await mapped(sql`delete from walk_parents where id = 1`);
    expect(error?.code).toBe('IN_USE');
    expect(error?.statusCode).toBe(409);
    expect(error?.details).toEqual([{ path: '_id', message: 'still used by children', value: 'children' }]);
    expect(error?.message).not.toMatch(/walk_|constraint|fkey/);
    const rows = await t.db.execute(sql`select id from walk_parents where id = 1`);
    expect((rows as { rows: unknown[] }).rows).toHaveLength(1);
  });

  it('a row referring to a record that does not exist is VALIDATION_FAILED naming the field', async () => {
    const error = await mapped(sql`insert into walk_children (id, parent_id) values (2, 99)`);
    expect(error?.code).toBe('VALIDATION_FAILED');
    expect(error?.details).toEqual([{ path: 'parentId', message: 'refers to a record that does not exist' }]);
  });

  it('a second row with a unique value is DUPLICATE naming the field, not the value', async () => {
    const error = await mapped(sql`insert into walk_parents (id, code, amount) values (3, 'A', 1)`);
    expect(error?.code).toBe('DUPLICATE');
    expect(error?.details).toEqual([{ path: 'code', message: 'already used by another record' }]);
  });

  it('a missing required value, a value breaking a check, and values the column cannot hold are VALIDATION_FAILED', async () => {
    expect((await mapped(sql`insert into walk_children (id, parent_id) values (3, null)`))?.details).toEqual([{ path: 'parentId', message: 'is required' }]);
    expect((await mapped(sql`update walk_parents set amount = -1 where id = 2`))?.code).toBe('VALIDATION_FAILED');
    expect((await mapped(sql`update walk_parents set amount = ${'twelve'} where id = 2`))?.code).toBe('VALIDATION_FAILED');
    expect((await mapped(sql`update walk_parents set amount = ${'99999999999'} where id = 2`))?.code).toBe('VALIDATION_FAILED');
    expect((await mapped(sql`select ${'2025-02-30'}::date`))?.code).toBe('VALIDATION_FAILED');
  });

  it('an error no request value causes (a missing table) stays unmapped: a logged 500', async () => {
    expect(await mapped(sql`select * from walk_nowhere`)).toBeUndefined();
  });

  it('a Node system error with a five-letter code (EPIPE) is not taken for a database error', () => {
    const systemError = Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
    expect(findDatabaseError(new Error('wrapped', { cause: systemError }))).toBeUndefined();
  });
});
