import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../test/harness.ts';
import { DatabaseUnavailableError, openDatabase, type TDatabase } from './client.ts';

/** The rows of a raw statement (node-postgres's result, on either database). */
async function rowsOf<T>(result: Promise<unknown>) {
  return ((await result) as { rows: T[] }).rows;
}

/** Whether a promise has settled by now (without waiting for it). */
function settledFlag(promise: Promise<unknown>) {
  const state = { settled: false };
  promise.then(
    () => (state.settled = true),
    () => (state.settled = true),
  );
  return state;
}

describe('embedded database in its own thread: one session, taken in turns', () => {
  let database: TDatabase;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: null });
    await database.db.execute(sql`create table turns (id int primary key)`);
  });
  afterAll(() => database.close());

  const ids = async () => (await rowsOf<{ id: number }>(database.db.execute(sql`select id from turns order by id`))).map((r) => r.id);

  it("connections' transactions never interleave: others wait until a transaction ends, see none of its uncommitted rows, and an error in one does not abort another", async () => {
    const connect = async () => {
      const client = new pg.Client(database.thread!.connectionConfig());
      await client.connect();
      return client;
    };
    const [a, b, c] = await Promise.all([connect(), connect(), connect()]);
    try {
      // A's row is uncommitted while B and C send their statements: on a shared session C would count it and B's error would abort A.
      await a.query('begin');
      await a.query('insert into turns values (1)');
      const plain = c.query<{ n: number }>('select count(*)::int as n from turns');
      const failing = (async () => {
        await b.query('begin');
        try {
          await b.query('insert into turns values (2)');
          await b.query('select 1/0');
        } finally {
          await b.query('rollback');
        }
      })();
      const failed = failing.then(
        () => null,
        (error: Error) => error,
      );
      const plainState = settledFlag(plain);
      const failingState = settledFlag(failing);
      await sleep(300);
      expect(plainState.settled).toBe(false);
      expect(failingState.settled).toBe(false);
      await a.query('insert into turns values (3)');
      await a.query('rollback');
      expect((await plain).rows[0].n).toBe(0);
      expect((await failed)?.message).toMatch(/division by zero/);

      await a.query('begin');
      await a.query('insert into turns values (4)');
      const failingAgain = b.query('begin').then(() => b.query('select 1/0'));
      const failedAgain = failingAgain.then(
        () => null,
        (error: Error) => error,
      );
      await a.query('insert into turns values (5)');
      await a.query('commit');
      expect((await failedAgain)?.message).toMatch(/division by zero/);
      await b.query('rollback');
      expect(await ids()).toEqual([4, 5]);
    } finally {
      await Promise.all([a.end(), b.end(), c.end()]);
    }
  });

  it("through the API's pool: two concurrent transactions and a plain read; the failing one rolls back alone and the read sees committed rows only", async () => {
    const { db } = database;
    const first = db.transaction(async (tx) => {
      await tx.execute(sql`insert into turns values (10)`);
      await sleep(200);
      await tx.execute(sql`insert into turns values (11)`);
    });
    const failing = db.transaction(async (tx) => {
      await tx.execute(sql`insert into turns values (20)`);
      await tx.execute(sql`select 1/0`);
    });
    const plain = rowsOf<{ n: number }>(db.execute(sql`select count(*)::int as n from turns`));
    await expect(first).resolves.toBeUndefined();
    await expect(failing).rejects.toThrow();
    expect((await plain)[0].n).toBe(4);
    expect(await ids()).toEqual([4, 5, 10, 11]);
  });

  it('a connection that ends inside its transaction leaves nothing behind: its transaction is rolled back', async () => {
    const client = new pg.Client(database.thread!.connectionConfig());
    await client.connect();
    await client.query('begin');
    await client.query('insert into turns values (30)');
    await client.end();
    expect(await ids()).toEqual([4, 5, 10, 11]);
  });

  it('a connection that ends leaves no named statement behind: the one that replaces it prepares the same names again (node-postgres ends a pooled connection after an error)', async () => {
    const named = { name: 'turn_count', text: 'select count(*)::int as n from turns' };
    const first = new pg.Client(database.thread!.connectionConfig());
    await first.connect();
    expect((await first.query<{ n: number }>(named)).rows[0].n).toBe(4);
    await first.end();
    const second = new pg.Client(database.thread!.connectionConfig());
    await second.connect();
    try {
      expect((await second.query<{ n: number }>(named)).rows[0].n).toBe(4);
    } finally {
      await second.end();
    }
  });
});

describe('embedded database thread stopped', () => {
  it('fails every query at once with DatabaseUnavailableError, logs it, and tells listeners their notifications stopped', async () => {
    const logged: string[] = [];
    const database = await openDatabase({ dataDir: null, log: { error: (message) => logged.push(message) } });
    let lost: Error | undefined;
    await database.listen(
      'table_writes',
      () => undefined,
      (error) => (lost = error),
    );
    await database.thread!.worker.terminate();
    await expect(database.ping()).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(lost).toBeInstanceOf(DatabaseUnavailableError);
    expect(logged.join('\n')).toMatch(/embedded database thread stopped/);
    await database.close();
    // A fresh PGlite (initdb) takes tens of seconds on a loaded machine, as a hook would.
  }, 120_000);
});

// The harness opens PostgreSQL instead when TEST_DATABASE_URL is set.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the API while the embedded database works', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await startTestApp({ seedDemo: false });
  });
  afterAll(() => t.close());

  it('answers /api/health within 200 ms while a long statement runs, and 503 SERVICE_UNAVAILABLE for what needs the database once its thread stopped', async () => {
    expect((await t.request('GET', '/api/config')).body.database).toBe('pglite');
    const long = t.db.execute(sql`select pg_sleep(3)`);
    const longState = settledFlag(long);
    await sleep(100);
    const latencies: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      expect((await t.request('GET', '/api/health')).status).toBe(200);
      latencies.push(performance.now() - started);
      await sleep(100);
    }
    expect(longState.settled).toBe(false);
    expect(Math.max(...latencies)).toBeLessThan(200);
    await long;

    await t.app.services.database.thread!.worker.terminate();
    const config = await t.request('GET', '/api/config');
    expect(config.status).toBe(503);
    expect(config.body.code).toBe('SERVICE_UNAVAILABLE');
    expect((await t.request('GET', '/api/ready')).status).toBe(503);
    expect((await t.request('GET', '/api/health')).status).toBe(200);
  });
});
