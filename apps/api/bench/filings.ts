import { computeDeclarationFigures, type TDeclarationFigures } from '@app/domain/tourist-tax/filings/declaration-figures';
import { computeComuneFigures, computeStructureFigures, loadStaysForFigures } from '../src/modules/tourist-tax/declarations/declaration-figures.ts';
import { loadModello21Prefill } from '../src/modules/tourist-tax/modello21/prefill.ts';
import { memoryMb, openBenchApp, sectionDatabaseUrl } from './lib.ts';

const STAYS = Number(process.env.BENCH_FILING_STAYS ?? 1_000_000);
const STRUCTURES = Number(process.env.BENCH_FILING_STRUCTURES ?? 500);
const MODEL_STAYS = Number(process.env.BENCH_MODEL_STAYS ?? 10_000);
const ROUNDS = Math.max(3, Number(process.env.BENCH_FILING_ROUNDS ?? 3));
const TARGET_MS = 200;
const CITY = 'Bench – Comune dei filing';
/** A database of the section's own: its 1,000,000 stays never sit under another section's figures. */
const DATABASE_URL = sectionDatabaseUrl('filings');

/** Min and median of a list of numbers. */
function minMedian(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { min: sorted[0], median: sorted[Math.floor(sorted.length / 2)] };
}

/**
 * Declarations of a whole comune for one quarter over 1,000,000 stays (spread over a year and
 * STRUCTURES structures), and the Modello 21 prefill of one structure with 10,000 stays in the year.
 * Seeded with generate_series into the section's own bench database once; later runs reuse the rows.
 * The comune's figures three ways, interleaved in each round: the grouped aggregate for the whole
 * comune (what the target is about), the same aggregate structure by structure (4 at a time, as
 * concurrent requests would), and the stays read into JavaScript and summed by the domain (the
 * former way); all three must give the same figures.
 */
export async function benchDeclarations() {
  const bench = await openBenchApp({ url: DATABASE_URL, poolSize: 10 });
  const { database, raw } = bench;
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
    // As autovacuum leaves a table in use: the visibility map lets the aggregate read the covering index alone.
    await raw.query('vacuum (analyze) stays');

    const structureRows = (await raw.query<{ id: string }>(`select id from structures where city_id = $1 order by name`, [cityId])).rows;
    const quarter = { dateFrom: '2025-04-01', dateTo: '2025-06-30' };
    const inYear = Number((await raw.query<{ n: string }>(`select count(*) as n from stays where city_id = $1 and check_out between '2025-01-01' and '2025-12-31'`, [cityId])).rows[0].n);
    const inQuarter = Number(
      (await raw.query<{ n: string }>('select count(*) as n from stays where city_id = $1 and check_out between $2 and $3', [cityId, quarter.dateFrom, quarter.dateTo])).rows[0].n,
    );

    const ways: Record<string, () => Promise<Map<string, TDeclarationFigures>>> = {
      'one grouped aggregate for the comune': () => computeComuneFigures(database.db, cityId, quarter.dateFrom, quarter.dateTo),
      'the aggregate structure by structure, 4 at a time': async () => {
        const figures = new Map<string, TDeclarationFigures>();
        for (let i = 0; i < structureRows.length; i += 4) {
          const batch = structureRows.slice(i, i + 4);
          const results = await Promise.all(batch.map((s) => computeStructureFigures(database.db, s.id, quarter.dateFrom, quarter.dateTo, null)));
          batch.forEach((s, k) => results[k].numberOfStays > 0 && figures.set(s.id, results[k]));
        }
        return figures;
      },
      'stays read into JavaScript, summed by the domain': async () => {
        const figures = new Map<string, TDeclarationFigures>();
        for (let i = 0; i < structureRows.length; i += 4) {
          const batch = structureRows.slice(i, i + 4);
          const results = await Promise.all(batch.map(async (s) => computeDeclarationFigures(await loadStaysForFigures(database.db, s.id, quarter.dateFrom, quarter.dateTo, null))));
          batch.forEach((s, k) => results[k].numberOfStays > 0 && figures.set(s.id, results[k]));
        }
        return figures;
      },
    };
    const times = new Map<string, number[]>(Object.keys(ways).map((name) => [name, []]));
    const peaks = new Map<string, number>(Object.keys(ways).map((name) => [name, 0]));
    let reference: string | null = null;
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, run] of Object.entries(ways)) {
        const mem0 = memoryMb();
        const t0 = performance.now();
        const figures = await run();
        times.get(name)!.push(performance.now() - t0);
        peaks.set(name, Math.max(peaks.get(name)!, memoryMb() - mem0));
        const counted = [...figures.values()].reduce((a, f) => a + f.numberOfStays, 0);
        if (counted !== inQuarter) throw new Error(`${name}: ${counted} stays counted, ${inQuarter} in the quarter`);
        const canonical = JSON.stringify([...figures.entries()].sort(([a], [b]) => (a < b ? -1 : 1)));
        reference ??= canonical;
        if (canonical !== reference) throw new Error(`${name}: figures differ from the other ways`);
      }
    }
    const total = [...(await computeComuneFigures(database.db, cityId, quarter.dateFrom, quarter.dateTo)).values()].reduce((a, f) => a + f.totalAmountCents, 0);
    console.log(
      `\nDeclarations of a comune for Q2 2025: ${structureRows.length} structures, ${inYear.toLocaleString('en')} stays in the year, ${inQuarter.toLocaleString('en')} in the quarter (tax ${(total / 100).toFixed(2)} EUR); ${ROUNDS} rounds, interleaved, same figures every way`,
    );
    for (const [name, list] of times) {
      const { min, median } = minMedian(list);
      const target = name === Object.keys(ways)[0] ? `   (target < ${TARGET_MS} ms: median ${median < TARGET_MS ? 'meets' : 'ABOVE'})` : '';
      console.log(`  ${name.padEnd(52)} min ${min.toFixed(0).padStart(6)} ms   median ${median.toFixed(0).padStart(6)} ms   RSS +${peaks.get(name)!.toFixed(0)} MB${target}`);
    }

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
