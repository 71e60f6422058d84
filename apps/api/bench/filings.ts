import { readFileSync } from 'node:fs';
import { computeComuneFigures, comuneTotalsQuery } from '../src/modules/tourist-tax/declarations/declaration-figures.ts';
import { loadModello21Prefill } from '../src/modules/tourist-tax/modello21/prefill.ts';
import { accessTokenOfNewSession } from '../src/modules/platform/auth/sessions.ts';
import { minMedian, openBenchApp, sectionDatabaseUrl } from './lib.ts';

const STAYS = Number(process.env.BENCH_FILING_STAYS ?? 1_000_000);
const STRUCTURES = Number(process.env.BENCH_FILING_STRUCTURES ?? 500);
const MODEL_STAYS = Number(process.env.BENCH_MODEL_STAYS ?? 10_000);
const ROUNDS = Math.max(3, Number(process.env.BENCH_FILING_ROUNDS ?? 5));
/** Issue 24: the declarations of a whole comune for a quarter, as the comune asks for them over HTTP. */
const TARGET_MS = 50;
const CITY = 'Bench – Comune dei filing';
/** A database of the section's own: its 1,000,000 stays never sit under another section's figures. */
const DATABASE_URL = sectionDatabaseUrl('filings');

type TStructureFigures = { structureId: string; numberOfStays: number; payingPresences: number; totalAmount: number; unpaidAmount: number; rejectedPayments: number };

/**
 * Declarations of a whole comune for one quarter over 1,000,000 stays (spread over a year and
 * STRUCTURES structures), and the Modello 21 prefill of one structure with 10,000 stays in the year.
 * Seeded with generate_series into the section's own bench database once; later runs reuse the rows.
 * The comune's figures three ways, interleaved in each round: the compiled product over HTTP
 * (GET /api/dashboards/city/period-figures, from the stored totals of migration 0060: what the target is
 * about), the same SQL through a raw node-postgres pool (the limit), and the former path (the grouped
 * aggregate over the quarter's stays, computeComuneFigures, in this process); the product's figures must
 * equal the former path's for every structure.
 */
export async function benchDeclarations() {
  // BENCH_FILINGS_PORT: a fixed port for the server (a shared machine's own range), else a free one.
  const bench = await openBenchApp({ url: DATABASE_URL, poolSize: 10, listen: true, port: Number(process.env.BENCH_FILINGS_PORT) || undefined });
  const { database, raw, config } = bench;
  try {
    let cityId = (await raw.query<{ id: string }>('select id from cities where name = $1', [CITY])).rows[0]?.id;
    if (!cityId) cityId = (await raw.query<{ id: string }>('insert into cities (name) values ($1) returning id', [CITY])).rows[0].id;
    const have = Number((await raw.query<{ n: string }>('select count(*) as n from structures where city_id = $1 and name like $2', [cityId, 'Bench struttura %'])).rows[0].n);
    if (have < STRUCTURES) {
      await raw.query(`insert into structures (city_id, name) select $1, 'Bench struttura ' || lpad(g::text, 5, '0') from generate_series($2::int + 1, $3::int) g`, [cityId, have, STRUCTURES]);
    }
    const modelStructureName = 'Bench struttura Modello 21';
    let modelStructureId = (await raw.query<{ id: string }>('select id from structures where city_id = $1 and name = $2', [cityId, modelStructureName])).rows[0]?.id;
    if (!modelStructureId) modelStructureId = (await raw.query<{ id: string }>('insert into structures (city_id, name) values ($1, $2) returning id', [cityId, modelStructureName])).rows[0].id;
    const cityUserEmail = 'bench-filings-comune@bench.test';
    const cityUserId =
      (await raw.query<{ id: string }>('select id from users where lower(email) = $1', [cityUserEmail])).rows[0]?.id ??
      (
        await raw.query<{ id: string }>(
          `insert into users (email, name, surname, role, city_id, is_confirmed, is_profile_complete) values ($1, 'Bench', 'Comune', 'city', $2, true, true) returning id`,
          [cityUserEmail, cityId],
        )
      ).rows[0].id;

    const insertStays = async (count: number, structureFilter: string, params: unknown[]) => {
      // A stay of 1-5 nights, 1-4 guests, 2.00 EUR per guest per night, 1 in 20 not paid; checkOut spread over 2025.
      await raw.query(
        `with s as (select array_agg(id order by name) as ids from structures where ${structureFilter})
         insert into stays (structure_id, city_id, check_in, check_out, components_number, guest, payment_status, no_payment_reason,
                            nights_number, taxable_nights, paying_guests, tariff_import_cents, reduction_import_cents, to_pay_amount_cents)
         select s.ids[1 + g % array_length(s.ids, 1)], $1::uuid,
                ('2025-01-01'::date + (g % 365)) - (1 + g % 5), '2025-01-01'::date + (g % 365), 1 + g % 4,
                jsonb_build_object('name', 'Ospite', 'surname', 'N' || g),
                case when g % 20 = 0 then 'not_paid' else 'paid' end, case when g % 20 = 0 then 'refused' end,
                1 + g % 5, 1 + g % 5, 1 + g % 4, (1 + g % 4) * (1 + g % 5) * 200, 0, (1 + g % 4) * (1 + g % 5) * 200
         from generate_series(1, ${count}) g, s`,
        params,
      );
    };
    const cityStays = Number((await raw.query<{ n: string }>('select count(*) as n from stays where city_id = $1 and structure_id <> $2', [cityId, modelStructureId])).rows[0].n);
    if (cityStays < STAYS) {
      const t0 = performance.now();
      await insertStays(STAYS - cityStays, `city_id = $1::uuid and name like 'Bench struttura 0%'`, [cityId]);
      console.log(`seeded ${(STAYS - cityStays).toLocaleString('en')} stays in ${((performance.now() - t0) / 1000).toFixed(1)} s (the stored totals kept by the same statement)`);
    }
    const modelStays = Number((await raw.query<{ n: string }>('select count(*) as n from stays where structure_id = $1', [modelStructureId])).rows[0].n);
    if (modelStays < MODEL_STAYS) await insertStays(MODEL_STAYS - modelStays, `id = '${modelStructureId}'::uuid`, [cityId]);
    // As autovacuum leaves tables in use: the visibility map lets an aggregate read an index alone.
    await raw.query('vacuum (analyze) stays');
    await raw.query('vacuum (analyze) stay_figure_totals');

    const structureCount = Number((await raw.query<{ n: string }>(`select count(*) as n from structures where city_id = $1`, [cityId])).rows[0].n);
    const quarter = { dateFrom: '2025-04-01', dateTo: '2025-06-30' };
    const inYear = Number((await raw.query<{ n: string }>(`select count(*) as n from stays where city_id = $1 and check_out between '2025-01-01' and '2025-12-31'`, [cityId])).rows[0].n);
    const inQuarter = Number(
      (await raw.query<{ n: string }>('select count(*) as n from stays where city_id = $1 and check_out between $2 and $3', [cityId, quarter.dateFrom, quarter.dateTo])).rows[0].n,
    );

    const token = await accessTokenOfNewSession(database.db, config, { id: cityUserId, role: 'city' });
    const apiUrl = `${bench.base}/api/dashboards/city/period-figures?dateFrom=${quarter.dateFrom}&dateTo=${quarter.dateTo}`;
    const totalsSql = comuneTotalsQuery(database.db, cityId, quarter.dateFrom, quarter.dateTo).toSQL();
    // Rows as arrays, as drizzle asks for them (its select list has no aliases): the 4th column is the stays.
    const rawTotals = () => raw.query<unknown[]>({ text: totalsSql.sql, values: totalsSql.params, rowMode: 'array' });
    const totalsRows = (await rawTotals()).rows.reduce((a, row) => a + Number(row[3]), 0);
    const plan = (await raw.query<{ 'QUERY PLAN': unknown }>(`explain (analyze, format json) ${totalsSql.sql}`, totalsSql.params)).rows[0]['QUERY PLAN'] as [
      { Plan: Record<string, unknown>; 'Execution Time': number },
    ];
    const rowsRead = (node: Record<string, unknown>): number =>
      (/Scan/.test(String(node['Node Type'])) && String(node['Relation Name'] ?? node['Index Name'] ?? '').includes('stay_figure_totals')
        ? Number(node['Actual Rows']) * Number(node['Actual Loops'] ?? 1)
        : 0) + ((node.Plans as Record<string, unknown>[] | undefined) ?? []).reduce((a, child) => a + rowsRead(child), 0);

    const byStructure = (rows: TStructureFigures[]) =>
      JSON.stringify(rows.map((r) => [r.structureId, r.numberOfStays, r.payingPresences, r.totalAmount, r.unpaidAmount, r.rejectedPayments]).sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : 1)));
    let apiFigures = '';
    let formerFigures = '';
    const ways: Record<string, () => Promise<void>> = {
      'API GET /api/dashboards/city/period-figures (HTTP)': async () => {
        const res = await fetch(apiUrl, { headers: { authorization: `Bearer ${token}` } });
        const body = (await res.json()) as { structures: TStructureFigures[] };
        if (!res.ok) throw new Error(`period figures: ${res.status} ${JSON.stringify(body)}`);
        apiFigures = byStructure(body.structures);
      },
      'raw node-postgres, the same SQL (+ JSON)': async () => {
        JSON.stringify((await rawTotals()).rows);
      },
      'former path: aggregate over the stays (in process)': async () => {
        const figures = await computeComuneFigures(database.db, cityId, quarter.dateFrom, quarter.dateTo);
        formerFigures = byStructure(
          [...figures].map(([structureId, f]) => ({
            structureId,
            numberOfStays: f.numberOfStays,
            payingPresences: f.payingPresences,
            totalAmount: f.totalAmountCents / 100,
            unpaidAmount: f.unpaidAmountCents / 100,
            rejectedPayments: f.rejectedPayments,
          })),
        );
      },
    };
    // One request each to warm the connections and the server's routes, not timed.
    for (const run of Object.values(ways)) await run();
    const times = new Map<string, number[]>(Object.keys(ways).map((name) => [name, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, run] of Object.entries(ways)) {
        const t0 = performance.now();
        await run();
        times.get(name)!.push(performance.now() - t0);
      }
      if (apiFigures !== formerFigures) throw new Error('the stored totals and the aggregate over the stays give different figures');
    }
    console.log(
      `\nDeclarations of a comune for Q2 2025, compiled server over HTTP: ${structureCount} structures, ${inYear.toLocaleString('en')} stays in the year, ${inQuarter.toLocaleString('en')} in the quarter (${totalsRows.toLocaleString('en')} counted from the totals); ${rowsRead(plan[0].Plan).toLocaleString('en')} totals rows read (${plan[0]['Execution Time'].toFixed(1)} ms in the database); ${ROUNDS} rounds, interleaved, same figures as the aggregate over the stays; load average ${loadAverage()}`,
    );
    const [apiName, rawName] = Object.keys(ways);
    for (const [name, list] of times) {
      const { min, median } = minMedian(list);
      const target = name === apiName ? `   target < ${TARGET_MS} ms: median ${median < TARGET_MS ? 'met' : 'NOT met'}` : '';
      console.log(`  ${name.padEnd(56)} min ${min.toFixed(1).padStart(7)} ms   median ${median.toFixed(1).padStart(7)} ms${target}`);
    }
    const api = minMedian(times.get(apiName)!);
    const rawTimes = minMedian(times.get(rawName)!);
    console.log(`  API - raw, median: ${(api.median - rawTimes.median).toFixed(1)} ms (HTTP, the session check, the JSON)`);

    const runs: number[] = [];
    let months: Awaited<ReturnType<typeof loadModello21Prefill>> = [];
    for (let i = 0; i < 5; i++) {
      const t1 = performance.now();
      months = await loadModello21Prefill(database.db, modelStructureId, 2025);
      runs.push(performance.now() - t1);
    }
    const { min, median } = minMedian(runs);
    const receipts = months.reduce((a, m) => a + m.receiptsCount, 0);
    console.log(
      `Modello 21 prefill of one structure (${MODEL_STAYS.toLocaleString('en')} stays in 2025, ${receipts.toLocaleString('en')} paid): min ${min.toFixed(1)} ms, median ${median.toFixed(1)} ms (5 runs)`,
    );
  } finally {
    await bench.close();
  }
}

function loadAverage() {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}
