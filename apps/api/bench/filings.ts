import pg from 'pg';
import { openDatabase, runMigrations } from '../src/db/client.ts';
import { figuresForDeclaration } from '../src/modules/tourist-tax/declarations/declaration-figures.ts';
import { loadModello21Prefill } from '../src/modules/tourist-tax/modello21/prefill.ts';
import { BENCH_DATABASE_URL, ensureBenchDatabase, memoryMb } from './lib.ts';

const STAYS = Number(process.env.BENCH_FILING_STAYS ?? 1_000_000);
const STRUCTURES = Number(process.env.BENCH_FILING_STRUCTURES ?? 500);
const MODEL_STAYS = Number(process.env.BENCH_MODEL_STAYS ?? 10_000);
const CITY = 'Bench – Comune dei filing';

/**
 * Declarations of a whole comune for one quarter over 1,000,000 stays (spread over a year and
 * STRUCTURES structures), and the Modello 21 prefill of one structure with 10,000 stays in the year.
 * Seeded with generate_series into the bench PostgreSQL once; later runs reuse the rows.
 */
export async function benchDeclarations() {
  await ensureBenchDatabase();
  const database = await openDatabase({ databaseUrl: BENCH_DATABASE_URL, dataDir: null, poolSize: 10 });
  await runMigrations(database);
  const raw = new pg.Pool({ connectionString: BENCH_DATABASE_URL, max: 4 });
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
      console.log(`seeded ${(STAYS - cityStays).toLocaleString('en')} stays in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    const modelStays = Number((await raw.query<{ n: string }>('select count(*) as n from stays where structure_id = $1', [modelStructureId])).rows[0].n);
    if (modelStays < MODEL_STAYS) await insertStays(MODEL_STAYS - modelStays, `id = '${modelStructureId}'::uuid`, [cityId]);
    await raw.query('analyze stays');

    const structureRows = (await raw.query<{ id: string }>(`select id from structures where city_id = $1 and name like 'Bench struttura 0%' order by name`, [cityId])).rows;
    const quarter = { dateFrom: '2025-04-01', dateTo: '2025-06-30' };
    const inQuarter = Number(
      (await raw.query<{ n: string }>('select count(*) as n from stays where city_id = $1 and check_out between $2 and $3', [cityId, quarter.dateFrom, quarter.dateTo])).rows[0].n,
    );

    const mem0 = memoryMb();
    const t0 = performance.now();
    let total = 0;
    let stayCount = 0;
    // Four structures at a time, as concurrent requests would.
    for (let i = 0; i < structureRows.length; i += 4) {
      const batch = await Promise.all(
        structureRows.slice(i, i + 4).map((s) => figuresForDeclaration(database.db, { id: null, structureId: s.id, ...quarter, type: 'automatic', noGuests: false, manual: null })),
      );
      for (const f of batch) {
        total += f.totalAmountCents;
        stayCount += f.numberOfStays;
      }
    }
    const seconds = (performance.now() - t0) / 1000;
    console.log(`\nDeclarations of a comune for Q2 2025 (${structureRows.length} structures, ${STAYS.toLocaleString('en')} stays in the year, ${inQuarter.toLocaleString('en')} in the quarter)`);
    console.log(
      `  figures of every structure: ${seconds.toFixed(2)} s (${((seconds * 1000) / structureRows.length).toFixed(1)} ms per structure); ${stayCount.toLocaleString('en')} stays, tax ${(total / 100).toFixed(2)} EUR; RSS +${(memoryMb() - mem0).toFixed(0)} MB`,
    );
    if (
      stayCount !==
      inQuarter -
        Number(
          (await raw.query<{ n: string }>('select count(*) as n from stays where structure_id = $1 and check_out between $2 and $3', [modelStructureId, quarter.dateFrom, quarter.dateTo])).rows[0].n,
        )
    ) {
      throw new Error('declaration figures did not count every stay of the quarter');
    }

    const runs: number[] = [];
    let months: Awaited<ReturnType<typeof loadModello21Prefill>> = [];
    for (let i = 0; i < 5; i++) {
      const t1 = performance.now();
      months = await loadModello21Prefill(database.db, modelStructureId, 2025);
      runs.push(performance.now() - t1);
    }
    runs.sort((a, b) => a - b);
    const receipts = months.reduce((a, m) => a + m.receiptsCount, 0);
    console.log(
      `Modello 21 prefill of one structure (${MODEL_STAYS.toLocaleString('en')} stays in 2025, ${receipts.toLocaleString('en')} paid): median ${runs[2].toFixed(1)} ms, best ${runs[0].toFixed(1)} ms (5 runs)`,
    );
  } finally {
    await raw.end();
    await database.close();
  }
}
