import { seedProductionAdmin, userIdByEmail } from '../src/seed/production-admin.ts';
import { accessTokenOfNewSession } from '../src/modules/platform/auth/sessions.ts';
import { loadFunction, loadTest, openBenchApp, printRow, type TBenchApp } from './lib.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);

/**
 * A filtered, sorted, counted list request on a generic collection (events) with 1,000,000 rows,
 * through the whole API (HTTP, auth, scope, zod serialisation), next to the same SQL sent straight
 * through node-postgres.
 */
export async function benchCollectionList() {
  const bench = await openBenchApp({ rawPoolSize: 10, listen: true });
  try {
    await listEvents(bench);
  } finally {
    await bench.close();
  }
}

async function listEvents({ config, database, raw, base }: TBenchApp) {
  await seedProductionAdmin(database.db, 'bench-admin@bench.test', 'Bench1234');
  const adminId = await userIdByEmail(database.db, 'bench-admin@bench.test');

  const { rows } = await raw.query<{ n: string }>('select count(*) as n from events');
  const have = Number(rows[0].n);
  if (have < ROWS) {
    const t0 = performance.now();
    await raw.query(
      `insert into events (name, description, status, created_at, updated_at)
       select 'Evento ' || g, 'Descrizione ' || g,
              (array['waitingConfirmation','confirmed','canceled'])[1 + g % 3],
              now() - (g || ' seconds')::interval, now()
       from generate_series($1::int + 1, $2::int) g`,
      [have, ROWS],
    );
    console.log(`seeded ${ROWS - have} events in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }

  // As autovacuum would after a bulk load: the visibility map lets counts use an index-only scan.
  await raw.query('vacuum (analyze) events');

  const token = await accessTokenOfNewSession(database.db, config, { id: adminId, role: 'admin' });
  const url = `${base}/api/events?status=confirmed&sort=-createdAt&limit=25&skip=50&count=true`;

  const probe = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!probe.ok) throw new Error(`list request failed: ${probe.status} ${await probe.text()}`);
  console.log(`\nList of events (${ROWS.toLocaleString('en')} rows; status filter, sort -createdAt, page 3, count=true; X-Total-Count ${probe.headers.get('x-total-count')})`);

  const sqlList = `select * from events where status = $1 order by created_at desc, id asc limit 25 offset 50`;
  const sqlCount = `select count(*) from events where status = $1`;
  printRow(
    '  node-postgres, same two queries (20 concurrent)',
    await loadFunction(() => Promise.all([raw.query(sqlList, ['confirmed']), raw.query(sqlCount, ['confirmed'])]), { concurrency: 20, seconds: 10 }),
  );
  printRow('  API GET /api/events (20 concurrent connections)', await loadTest(url, { authorization: `Bearer ${token}` }, { connections: 20, seconds: 10 }));
}
