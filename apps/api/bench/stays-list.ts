import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableColumns } from 'drizzle-orm';
import type pg from 'pg';
import { stays } from '../src/db/schema/index.ts';
import { accessTokenOfNewSession } from '../src/modules/platform/auth/sessions.ts';
import { STAY_LIST_HEAVY_FIELDS } from '../src/modules/tourist-tax/stays/stay-shapes.ts';
import { MAX_STAY_NIGHTS } from '@app/domain/tourist-tax/engine';
import { directusInstallDir, directusVersion, startDirectus, type TDirectus } from './directus.ts';
import { freePort, startCompiledServer, type TCompiledServer } from './compiled-server.ts';
import { interleaved, loadTest, loadTestPaths, minMedian, openBenchApp, printRounds, printTarget, sectionDatabaseUrl, type TLoadResult } from './lib.ts';

const SMALL = Number(process.env.BENCH_LIST_SMALL ?? 100_000);
const LARGE = Number(process.env.BENCH_LIST_LARGE ?? 1_000_000);
const STRUCTURES = 100;
const ROUNDS = Number(process.env.BENCH_LIST_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_LIST_SECONDS ?? 5);
const CONNECTIONS = 32;
const YEAR = 2025;
const CITY = 'Bench list – Comune';
const JWT_SECRET = 'bench-list-jwt-secret-0123456789abcdef';
/** What the web list of stays asks for (apps/web/src/tourist-tax/stays/screens.tsx): no breakdown, no other guests, no invoice. */
const LIST_FIELDS = '_id,guest,structureId,checkIn,checkOut,nightsNumber,componentsNumber,toPayAmount,paymentStatus,noPaymentReason,source,isLocked';

/**
 * Stays lists under load (32 connections), the compiled product next to a raw node-postgres server running
 * the same SQL, each in its own process. Each size has its own database (the section's name and
 * the size), seeded here once with the same deterministic rows and reused by later runs: one
 * structure sorted by check-in (hotelier) at LARGE stays, and a whole comune's quarter (comune
 * user) at SMALL and at LARGE stays, to see how each grows with the table.
 */
export async function benchStaysList() {
  const small = await atSize(SMALL, async (run) => {
    const comune = await run(`Stays list, a whole comune, Q2 ${YEAR} (comune user; sort -checkOut, page 3, count=true)`, 'comune');
    printTarget('  API / raw, per round', ratios(comune.api, comune.raw), { atLeast: 0.85 });
    return comune;
  });
  await atSize(
    LARGE,
    async (run) => {
      const structure = await run(`Stays list, one structure, ${YEAR}, sort by check-in (hotelier; 25 rows, count=true)`, 'structure');
      printTarget('  API / raw, per round', ratios(structure.api, structure.raw), { atLeast: 0.85 });
      if (structure.directus) printTarget('  API / Directus, per round', ratios(structure.api, structure.directus), { atLeast: 3 });
      else console.log(`  (Directus is not in this run: ${DIRECTUS_ABSENT}; the raw server is the reference.)`);
      const large = await run(`Stays list, a whole comune, Q2 ${YEAR} (comune user; sort -checkOut, page 3, count=true)`, 'comune');
      printTarget('  API / raw, per round', ratios(large.api, large.raw), { atLeast: 0.85 });
      // Growth: how much slower a request got from SMALL to LARGE stays (median of the per-round p50 latencies), API next to raw.
      const growth = (later: TLoadResult[], earlier: TLoadResult[]) => minMedian(later.map((r) => r.p50)).median / minMedian(earlier.map((r) => r.p50)).median;
      const apiGrowth = growth(large.api, small.api);
      const rawGrowth = growth(large.raw, small.raw);
      console.log(
        `  comune list, ${SMALL.toLocaleString('en')} -> ${LARGE.toLocaleString('en')} stays, median p50 grows: API x${apiGrowth.toFixed(2)}, raw x${rawGrowth.toFixed(2)}   target API <= raw: ${apiGrowth <= rawGrowth ? 'met' : 'NOT met'}`,
      );
      const admin = await run(
        `Stays list, administrator, every comune, a window of check-outs not asked before on each request (${WINDOWS.length.toLocaleString('en')} windows in ${YEAR}; sort -checkOut, 25 rows, count=true)`,
        'admin',
      );
      printTarget('  API / raw, per round', ratios(admin.api, admin.raw), { atLeast: 0.9 });
    },
    { directus: true },
  );
}

const DIRECTUS_ABSENT = 'no install found (BENCH_DIRECTUS_DIR; npm install --prefix <dir> directus@11)';
/** The hotelier's list as Directus asks for it: the same structure, year, sort, page and columns, with its filtered count. */
const DIRECTUS_FIELDS = 'id,guest,structure_id,check_in,check_out,nights_number,components_number,to_pay_amount_cents,payment_status,no_payment_reason,source,locked_at';

const ratios = (api: TLoadResult[], base: TLoadResult[]) => api.map((r, i) => r.rps / base[i].rps);

const day = (offset: number) => new Date(Date.UTC(YEAR, 0, 1 + offset)).toISOString().slice(0, 10);
/**
 * The administrator's windows of check-outs: every start day of the year with 1 to 90 days, in a fixed shuffled order
 * (a linear congruential generator, so every run asks the same sequence). Each side walks the list from its start and
 * no request repeats a window while fewer requests than windows are sent: no count the API caches is asked again.
 */
const WINDOWS: [string, string][] = (() => {
  const windows: [string, string][] = [];
  for (let start = 0; start < 365; start++) for (let days = 1; days <= 90 && start + days <= 365; days++) windows.push([day(start), day(start + days - 1)]);
  let seed = 24;
  for (let i = windows.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const j = seed % (i + 1);
    [windows[i], windows[j]] = [windows[j], windows[i]];
  }
  return windows;
})();

type TRun = (label: string, name: 'structure' | 'comune' | 'admin') => Promise<Record<'raw' | 'api', TLoadResult[]> & { directus?: TLoadResult[] }>;

/** Opens (seeding if needed) the database of `size` stays, starts the API and the raw server on it, and hands `body` a runner of interleaved rounds. */
async function atSize<T>(size: number, body: (run: TRun) => Promise<T>, options: { directus?: boolean } = {}): Promise<T> {
  // The API under load is the compiled server in a process of its own; this one seeds and signs the tokens.
  const bench = await openBenchApp({ url: sectionDatabaseUrl(`stays_list_${size}`), poolSize: 2, jwtSecret: JWT_SECRET });
  const { url, config, database, raw } = bench;
  const children: ChildProcess[] = [];
  let product: TCompiledServer | null = null;
  let directus: TDirectus | null = null;
  try {
    const setup = await seedComune(raw, size);
    await growStays(raw, setup, size);
    const tokens = {
      structure: { authorization: `Bearer ${await accessTokenOfNewSession(database.db, config, { id: setup.hotelierId, role: 'user' })}` },
      comune: { authorization: `Bearer ${await accessTokenOfNewSession(database.db, config, { id: setup.cityUserId, role: 'city' })}` },
      admin: { authorization: `Bearer ${await accessTokenOfNewSession(database.db, config, { id: setup.adminId, role: 'admin' })}` },
    };

    // The columns the API selects for the list fields: every column but the heavy ones, as the raw server selects them.
    const heavy = new Set(Object.values(STAY_LIST_HEAVY_FIELDS).map((c) => c.name));
    const columns = Object.values(getTableColumns(stays))
      .filter((c) => !heavy.has(c.name))
      // The schema names columns in camelCase and the database in snake_case (drizzle's casing option).
      .map((c) => `"${c.name.replace(/[A-Z]/g, (l) => `_${l.toLowerCase()}`)}"`)
      .join(', ');
    const inYear = `check_out between '${YEAR}-01-01' and '${YEAR}-12-31'`;
    // A page sorted by check-in carries the check-in bound the product derives from the year (a stay lasts 1 to MAX_STAY_NIGHTS nights).
    const earliestCheckIn = new Date(Date.UTC(YEAR, 0, 1 - MAX_STAY_NIGHTS)).toISOString().slice(0, 10);
    const checkInBound = `check_in between '${earliestCheckIn}' and '${YEAR}-12-30'`;
    const hotelierScope = `structure_id in (select id from structures where $1::uuid = any(user_ids))`;
    const from = `${YEAR}-04-01`;
    const to = `${YEAR}-06-30`;
    const queries = {
      structure: {
        list: `select ${columns} from stays where ${hotelierScope} and ${inYear} and structure_id = $2 and ${checkInBound} order by check_in asc, id asc limit 25`,
        count: `select count(*) as n from stays where ${hotelierScope} and ${inYear} and structure_id = $2`,
        args: [setup.hotelierId, setup.listStructureId],
      },
      comune: {
        list: `select ${columns} from stays where city_id = $1 and ${inYear} and check_out >= $2 and check_out <= $3 order by check_out desc, id asc limit 25 offset 50`,
        count: `select count(*) as n from stays where city_id = $1 and ${inYear} and check_out >= $2 and check_out <= $3`,
        args: [setup.cityId, from, to],
      },
      // The window comes with each request (`?w=from,to`): $1 and $2.
      admin: {
        list: `select ${columns} from stays where ${inYear} and check_out >= $1 and check_out <= $2 order by check_out desc, id asc limit 25`,
        count: `select count(*) as n from stays where ${inYear} and check_out >= $1 and check_out <= $2`,
        args: [],
      },
    };
    const apiUrl = {
      structure: `/api/stays?year=${YEAR}&structureId=${setup.listStructureId}&sort=checkIn&limit=25&count=true&fields=${LIST_FIELDS}`,
      comune: `/api/stays?year=${YEAR}&checkOut%5Bgte%5D=${from}&checkOut%5Blte%5D=${to}&sort=-checkOut&limit=25&skip=50&count=true&fields=${LIST_FIELDS}`,
      admin: `/api/stays?year=${YEAR}&checkOut%5Bgte%5D=${WINDOWS[0][0]}&checkOut%5Blte%5D=${WINDOWS[0][1]}&sort=-checkOut&limit=25&count=true&fields=${LIST_FIELDS}`,
    };
    /** The path of the administrator's next window on each side (its own cursor over WINDOWS, the first kept for the probe). */
    const cursors = { api: 1, raw: 1 };
    const windowPath = (side: 'api' | 'raw') => () => {
      const [first, last] = WINDOWS[cursors[side]++ % WINDOWS.length];
      return side === 'api' ? `/api/stays?year=${YEAR}&checkOut%5Bgte%5D=${first}&checkOut%5Blte%5D=${last}&sort=-checkOut&limit=25&count=true&fields=${LIST_FIELDS}` : `/admin?w=${first},${last}`;
    };

    const env = { ...process.env, BENCH_LIST_DATABASE_URL: url, JWT_SECRET, BENCH_RAW_QUERIES: JSON.stringify(queries) };
    product = await startCompiledServer({ databaseUrl: url, env: { JWT_SECRET, CHECK_LIST_RESPONSES: 'false' } });
    const productBase = product.base;
    const rawPort = await startServer('raw', env, children);
    const api = (name: keyof typeof apiUrl) => `${productBase}${apiUrl[name]}`;
    const rawUrl = (name: keyof typeof queries) => `http://127.0.0.1:${rawPort}/${name}${name === 'admin' ? `?w=${WINDOWS[0].join(',')}` : ''}`;
    // Directus answers the hotelier's list only (the figure the issue compares it on), when an install is at hand.
    const directusDir = options.directus ? directusInstallDir() : null;
    if (directusDir) {
      directus = await startDirectus(directusDir, url, await freePort());
      console.log(`\nDirectus ${directusVersion(directusDir)} from ${directusDir}, on the same database (data cache and rate limiter off)`);
    }
    const directusUrl = () =>
      `${directus!.baseUrl}/items/stays?filter[structure_id][_eq]=${setup.listStructureId}&filter[check_out][_between]=${YEAR}-01-01,${YEAR}-12-31&sort=check_in,id&limit=25&fields=${DIRECTUS_FIELDS}&meta=filter_count`;

    const probe = async (target: string, headers: Record<string, string>) => {
      const res = await fetch(target, { headers });
      if (!res.ok) throw new Error(`list request failed: ${res.status} ${await res.text()}`);
      const bytes = Buffer.from(await res.arrayBuffer());
      return { total: res.headers.get('x-total-count'), rows: (JSON.parse(bytes.toString()) as unknown[]).length, kb: bytes.length / 1024 };
    };
    const tableRows = Number((await raw.query<{ n: string }>('select count(*) as n from stays')).rows[0].n);
    return await body(async (label, name) => {
      const a = await probe(api(name), tokens[name]);
      const r = await probe(rawUrl(name), {});
      if (a.total !== r.total || a.rows !== r.rows) throw new Error(`${name}: the API answers ${a.rows} rows of ${a.total}, the raw server ${r.rows} of ${r.total}`);
      console.log(`\n${label} (${tableRows.toLocaleString('en')} stays in the table; X-Total-Count ${a.total}; page ${a.kb.toFixed(1)} KB from the API, ${r.kb.toFixed(1)} KB raw)`);
      const withDirectus = directus !== null && name === 'structure';
      if (withDirectus) {
        const res = await fetch(directusUrl(), { headers: directus!.headers });
        const answer = (await res.json()) as { data?: unknown[]; meta?: { filter_count?: number } };
        if (!res.ok || String(answer.meta?.filter_count) !== a.total || answer.data?.length !== a.rows) {
          throw new Error(`Directus answers ${res.status} with ${answer.data?.length} rows of ${answer.meta?.filter_count}, the API ${a.rows} of ${a.total}`);
        }
      }
      const load = (target: string, headers: Record<string, string>) => () => loadTest(target, headers, { connections: CONNECTIONS, seconds: SECONDS });
      const windowed = (side: 'api' | 'raw', origin: string, headers: Record<string, string>) => () => loadTestPaths(origin, windowPath(side), headers, { connections: CONNECTIONS, seconds: SECONDS });
      const contenders: Record<string, () => Promise<TLoadResult>> =
        name === 'admin'
          ? { raw: windowed('raw', `http://127.0.0.1:${rawPort}`, {}), api: windowed('api', productBase, tokens.admin) }
          : { raw: load(rawUrl(name), {}), api: load(api(name), tokens[name]) };
      if (withDirectus) contenders.directus = load(directusUrl(), directus!.headers);
      const results = await interleaved(contenders, ROUNDS);
      printRounds(`  raw node-postgres server, same SQL (${CONNECTIONS} connections)`, results.raw);
      printRounds(`  API GET /api/stays (${CONNECTIONS} connections)`, results.api);
      if (results.directus) printRounds(`  Directus GET /items/stays, administrator (${CONNECTIONS} connections)`, results.directus);
      if (name === 'admin') {
        const repeated = Math.max(cursors.api, cursors.raw) > WINDOWS.length;
        console.log(
          `  windows asked: API ${(cursors.api - 1).toLocaleString('en')}, raw ${(cursors.raw - 1).toLocaleString('en')} of ${WINDOWS.length.toLocaleString('en')}${repeated ? ' (some repeated: those counts could come from the cache)' : ', none twice'}`,
        );
      }
      return { raw: results.raw, api: results.api, directus: results.directus };
    });
  } finally {
    for (const child of children) child.kill();
    await product?.stop();
    directus?.stop();
    await bench.close();
  }
}

/** Starts list-server.ts (the raw node-postgres reference) and answers its port. */
export async function startServer(kind: 'raw', env: NodeJS.ProcessEnv, children: ChildProcess[]): Promise<number> {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'list-server.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', script, kind], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.on('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
}

type TSetup = { cityId: string; listStructureId: string; hotelierId: string; cityUserId: string; adminId: string };

/** The comune, its STRUCTURES structures (the hotelier manages three), a comune user; a table of more than `size` stays starts again empty. */
async function seedComune(raw: pg.Pool, size: number): Promise<TSetup> {
  if (Number((await raw.query<{ n: string }>('select count(*) as n from stays')).rows[0].n) > size) await raw.query('truncate stays');
  const one = async (text: string, values: unknown[]) => (await raw.query<{ id: string }>(text, values)).rows[0]?.id;
  const cityId = (await one('select id from cities where name = $1', [CITY])) ?? (await one(`insert into cities (name, province) values ($1, 'LT') returning id`, [CITY]));
  if (!(await one('select id from structures where city_id = $1 limit 1', [cityId]))) {
    await raw.query(`insert into structures (city_id, name) select $1, 'Bench lista struttura ' || lpad(g::text, 3, '0') from generate_series(1, ${STRUCTURES}) g`, [cityId]);
  }
  const user = async (email: string, role: string, city: string | null) =>
    (await one('select id from users where lower(email) = $1', [email])) ??
    (await one(`insert into users (email, name, surname, role, city_id, is_confirmed, is_profile_complete) values ($1, 'Bench', $2, $2, $3, true, true) returning id`, [email, role, city]));
  const hotelierId = await user('bench-list-hotelier@bench.test', 'user', null);
  const cityUserId = await user('bench-list-comune@bench.test', 'city', cityId);
  const adminId = await user('bench-list-admin@bench.test', 'admin', null);
  await raw.query(`update structures set user_ids = case when name <= 'Bench lista struttura 003' then array[$2::uuid] else '{}' end where city_id = $1`, [cityId, hotelierId]);
  const listStructureId = await one(`select id from structures where city_id = $1 and name = 'Bench lista struttura 001'`, [cityId]);
  return { cityId, listStructureId, hotelierId, cityUserId, adminId };
}

/**
 * Adds stays up to `total`: check-outs over YEAR, 1-7 nights, 1-4 guests, spread over the
 * structures, each with the stored breakdown of its nights as saved stays carry it.
 */
async function growStays(raw: pg.Pool, setup: TSetup, total: number) {
  const have = Number((await raw.query<{ n: string }>('select count(*) as n from stays')).rows[0].n);
  const t0 = performance.now();
  for (let from = have + 1; from <= total; from += 100_000) {
    const to = Math.min(total, from + 99_999);
    await raw.query(
      `with s as (select array_agg(id order by name) as ids from structures where city_id = $1)
       insert into stays (structure_id, city_id, check_in, check_out, components_number, guest, payment_status, no_payment_reason,
                          nights_number, taxable_nights, paying_guests, tariff_import_cents, reduction_import_cents, to_pay_amount_cents, breakdown, source)
       select s.ids[1 + g % array_length(s.ids, 1)], $1::uuid, b.check_out - b.nights, b.check_out, b.comps,
              jsonb_build_object('name', 'Ospite', 'surname', 'Cognome ' || g, 'taxCode', null, 'birthDate', ('1950-01-01'::date + (g % 20000))::text, 'citizenship', 'Italia'),
              case when g % 25 = 0 then 'not_paid' else 'paid' end, case when g % 25 = 0 then 'Rifiutato dall''ospite' end,
              b.nights, b.nights, b.comps, 200 * b.nights * b.comps, 0, 200 * b.nights * b.comps,
              jsonb_build_object(
                'nights', (select jsonb_agg(jsonb_build_object('date', (b.check_out - b.nights + k)::text, 'tariffId', null, 'tariffName', 'Tariffa ordinaria', 'tariffType', 'flat',
                                                               'nightlyPriceCents', 200, 'percentageBasisPoints', null, 'taxable', true, 'tariffCents', 200 * b.comps,
                                                               'reductionCents', 0, 'toPayCents', 200 * b.comps) order by k)
                           from generate_series(0, b.nights - 1) k),
                'categories', jsonb_build_array(jsonb_build_object('kind', 'full', 'id', null, 'name', 'Ospiti paganti', 'guests', b.comps, 'taxableGuestNights', b.comps * b.nights,
                                                                   'tariffCents', 200 * b.nights * b.comps, 'reductionCents', 0, 'toPayCents', 200 * b.nights * b.comps))),
              case when g % 3 = 0 then 'xlsx' else 'manual' end
       from generate_series($2::int, $3::int) g
       cross join s
       cross join lateral (select '${YEAR}-01-08'::date + (g % 358) as check_out, 1 + g % 7 as nights, 1 + (g / 7) % 4 as comps) b`,
      [setup.cityId, from, to],
    );
    process.stdout.write(`  seeding stays: ${to.toLocaleString('en')} / ${total.toLocaleString('en')}\r`);
  }
  if (total > have) console.log(`seeded ${(total - have).toLocaleString('en')} stays in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  // As autovacuum leaves a table in use: with the visibility map, counts read the index only.
  await raw.query('vacuum (analyze) stays');
}
