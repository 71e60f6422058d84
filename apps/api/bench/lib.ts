import pg from 'pg';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { startCompiledServer, type TCompiledServer } from './compiled-server.ts';
import { loadConfig, type TConfig } from '../src/config.ts';
import { openDatabase, runMigrations, type TDatabase } from '../src/db/client.ts';
import { ensureFeatureFlags } from '../src/modules/platform/settings/features.ts';

export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';

/** Creates the bench database when missing; the bench needs a real PostgreSQL server. */
export async function ensureBenchDatabase(url = BENCH_DATABASE_URL) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`npm run bench needs PostgreSQL (BENCH_DATABASE_URL, default ${BENCH_DATABASE_URL}): ${(error as Error).message}`, { cause: error });
  }
  const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '')}"`);
  await client.end();
}

export type TLoadResult = { rps: number; p50: number; p99: number; errors: number; non2xx: number };

export async function loadTest(url: string, headers: Record<string, string>, options: { connections?: number; seconds?: number } = {}): Promise<TLoadResult> {
  const result = await autocannon({ url, headers, connections: options.connections ?? 20, duration: options.seconds ?? 10 });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
}

/**
 * loadTest over many addresses of one server: each request asks `nextPath()` for its path (autocannon's setupRequest),
 * so a run can send requests that no cache has seen (a different window each).
 */
export async function loadTestPaths(origin: string, nextPath: () => string, headers: Record<string, string>, options: { connections?: number; seconds?: number } = {}): Promise<TLoadResult> {
  const result = await autocannon({
    url: origin,
    headers,
    connections: options.connections ?? 20,
    duration: options.seconds ?? 10,
    requests: [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }],
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
}

/** Runs `fn` with `concurrency` workers for `seconds` and reports throughput and latency percentiles. */
export async function loadFunction(fn: () => Promise<unknown>, options: { concurrency?: number; seconds?: number } = {}): Promise<TLoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + (options.seconds ?? 10) * 1000;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: options.concurrency ?? 20 }, async () => {
      while (Date.now() < end) {
        const t0 = performance.now();
        try {
          await fn();
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const pick = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rps: latencies.length / ((Date.now() - started) / 1000), p50: pick(0.5), p99: pick(0.99), errors, non2xx: 0 };
}

export function printRow(label: string, r: TLoadResult) {
  console.log(
    `${label.padEnd(58)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(1).padStart(7)} ms   p99 ${r.p99.toFixed(1).padStart(7)} ms${r.errors || r.non2xx ? `   errors ${r.errors} non-2xx ${r.non2xx}` : ''}`,
  );
}

export function memoryMb() {
  return process.memoryUsage().rss / 1024 / 1024;
}

/**
 * Samples RSS while `fn` runs and returns the peak above the starting point: this process's by default, or the
 * server's (`rssMb` of a compiled server) when the work happens there.
 */
export async function measurePeakMemory<T>(fn: () => Promise<T>, rssMb: () => number = memoryMb): Promise<{ result: T; peakMb: number; seconds: number }> {
  const start = rssMb();
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb())), 20);
  const t0 = performance.now();
  try {
    const result = await fn();
    peak = Math.max(peak, rssMb());
    return { result, peakMb: peak - start, seconds: (performance.now() - t0) / 1000 };
  } finally {
    clearInterval(timer);
  }
}

/**
 * The database of one bench section: the server of BENCH_DATABASE_URL, the database name suffixed with
 * the section, so a section's data never depends on what other sections left (or are doing).
 */
export function sectionDatabaseUrl(section: string, url = BENCH_DATABASE_URL) {
  const target = new URL(url);
  target.pathname = `/${target.pathname.slice(1)}_${section.replace(/[^a-z0-9_]/gi, '_')}`;
  return target.toString();
}

/** Minimum and median of a list of figures (a noisy machine: the median is the figure, the minimum the floor). */
export function minMedian(values: number[]): { min: number; median: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length === 0 ? NaN : sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { min: sorted[0] ?? NaN, median };
}

/**
 * Runs each contender in turn, `rounds` times (A, B, A, B, ...), so that a noisy neighbour on the
 * machine hits all of them alike; answers every round's result per contender.
 */
export async function interleaved<TName extends string>(contenders: Record<TName, () => Promise<TLoadResult>>, rounds = 3): Promise<Record<TName, TLoadResult[]>> {
  const names = Object.keys(contenders) as TName[];
  const results = Object.fromEntries(names.map((n) => [n, [] as TLoadResult[]])) as Record<TName, TLoadResult[]>;
  for (let round = 0; round < rounds; round++) {
    for (const name of names) results[name].push(await contenders[name]());
  }
  return results;
}

/** One line per contender: throughput and p50 as min / median over the rounds. */
export function printRounds(label: string, results: TLoadResult[]) {
  const rps = minMedian(results.map((r) => r.rps));
  const p50 = minMedian(results.map((r) => r.p50));
  const errors = results.reduce((a, r) => a + r.errors + r.non2xx, 0);
  console.log(
    `${label.padEnd(58)} req/s min ${rps.min.toFixed(0).padStart(6)} median ${rps.median.toFixed(0).padStart(6)}   p50 median ${p50.median.toFixed(1).padStart(6)} ms   (${results.length} rounds)${errors ? `   errors/non-2xx ${errors}` : ''}`,
  );
}

/**
 * A figure next to its target: the per-round ratios (min and median) and whether the median meets
 * the target (`atLeast`: higher is better; `atMost`: lower is better).
 */
export function printTarget(label: string, ratios: number[], target: { atLeast?: number; atMost?: number; unit?: string }) {
  const { min, median } = minMedian(ratios);
  const unit = target.unit ?? 'x';
  const goal = target.atLeast !== undefined ? `>= ${target.atLeast}${unit}` : `<= ${target.atMost}${unit}`;
  const met = target.atLeast !== undefined ? median >= target.atLeast : median <= target.atMost!;
  console.log(`${label.padEnd(58)} min ${min.toFixed(2)}${unit}  median ${median.toFixed(2)}${unit}   target ${goal}: ${met ? 'met' : 'NOT met'}`);
  return met;
}

export type TBenchApp = {
  url: string;
  config: TConfig;
  database: TDatabase;
  /** A node-postgres pool of its own, for seeding and for the raw side of a comparison. */
  raw: pg.Pool;
  /**
   * With `listen: true`, the compiled product (`apps/api/dist/main.js`, its own process) on this database and the
   * configuration's JWT secret, and its base URL; the section signs tokens with `config` and calls it over HTTP.
   */
  server: TCompiledServer | null;
  base: string;
  /** Stops the server, then closes the raw pool and the database, in that order. */
  close(): Promise<void>;
};

/**
 * The set-up every bench section repeats: the database of `url` created when missing and migrated,
 * the feature flags in place, the configuration the API runs with in a bench (quiet, no demo data),
 * a raw pool, and with `listen` the compiled product on a free port of 127.0.0.1.
 */
export async function openBenchApp(options: { url?: string; poolSize?: number; rawPoolSize?: number; jwtSecret?: string; listen?: boolean; port?: number } = {}): Promise<TBenchApp> {
  const url = options.url ?? BENCH_DATABASE_URL;
  await ensureBenchDatabase(url);
  // One secret for the tokens the section signs and the server that checks them.
  const jwtSecret = options.jwtSecret ?? randomBytes(32).toString('hex');
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: url, SEED_DEMO: 'false', JWT_SECRET: jwtSecret });
  const database = await openDatabase({ databaseUrl: url, dataDir: null, poolSize: options.poolSize ?? 10 });
  const raw = new pg.Pool({ connectionString: url, max: options.rawPoolSize ?? 4 });
  let server: TCompiledServer | null = null;
  const close = async () => {
    await server?.stop();
    await raw.end();
    await database.close();
  };
  try {
    await runMigrations(database);
    await ensureFeatureFlags(database.db);
    let base = '';
    if (options.listen) {
      // List answers go out as production sends them: not checked again against the schema (the tests do that).
      server = await startCompiledServer({ databaseUrl: url, port: options.port, env: { JWT_SECRET: jwtSecret, CHECK_LIST_RESPONSES: 'false' } });
      base = server.base;
    }
    return { url, config, database, raw, server, base, close };
  } catch (error) {
    await close();
    throw error;
  }
}
