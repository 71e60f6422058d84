import fs from 'node:fs';
import os from 'node:os';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { accessTokenOfNewSession } from '../src/modules/platform/auth/sessions.ts';
import { memoryMb, openBenchApp } from './lib.ts';
import { ensureBenchComune, EXPORT_YEAR, measureMemory, memoryText, seedExportStays } from './tourist-tax.ts';

const ROUNDS = Math.max(3, Number(process.env.BENCH_EXPORT_ROUNDS ?? 3));
const TARGET_ROWS_PER_SECOND = 50_000;

/** Min and median of a list of numbers. */
function minMedian(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { min: sorted[0], median: sorted[Math.floor(sorted.length / 2)], max: sorted[sorted.length - 1] };
}

/**
 * CPU ticks (1/100 s) used so far by each PostgreSQL backend of the bench database, read from /proc:
 * null when the server is not on this machine. A backend that ends during a round is not counted.
 */
export async function databaseCpuTicks(raw: pg.Pool): Promise<Map<number, number> | null> {
  const pids = (await raw.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database()')).rows.map((r) => r.pid);
  const ticks = new Map<number, number>();
  for (const pid of pids) {
    try {
      // Fields 14 and 15 (utime, stime) after the parenthesised command name.
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      return null;
    }
  }
  return ticks;
}

export function databaseCpuSecondsBetween(before: Map<number, number> | null, after: Map<number, number> | null): number | null {
  if (!before || !after) return null;
  let ticks = 0;
  for (const [pid, total] of after) ticks += total - (before.get(pid) ?? 0);
  return ticks / 100;
}

/**
 * GET /api/stays/export.xlsx of a whole comune's year (the 1,000,000 stays of the tourist-tax bench
 * comune, seeded by seedExportStays when missing), over HTTP to the compiled product, ROUNDS times
 * after a warm-up: rows/s (min and median) next to the target, the server's RSS peak of each round above
 * its start, the CPU of server and client, the database backends' CPU (when PostgreSQL runs on
 * this machine), and whether each file ends as a complete zip.
 */
export async function benchExport() {
  const bench = await openBenchApp({ listen: true });
  const { config, database, raw, base } = bench;
  try {
    const setup = await ensureBenchComune(raw);
    await seedExportStays(raw, setup);
    const auth = { authorization: `Bearer ${await accessTokenOfNewSession(database.db, config, { id: setup.cityUserId, role: 'city' })}` };
    const count = async (where: string, params: unknown[]) => Number((await raw.query<{ n: string }>(`select count(*) as n from stays where ${where}`, params)).rows[0].n);
    const inYear = await count('city_id = $1 and check_out between $2 and $3', [setup.cityId, `${EXPORT_YEAR}-01-01`, `${EXPORT_YEAR}-12-31`]);
    const inTable = await count('true', []);

    /** One export, the body counted and dropped; true when it ends with a zip's end-of-central-directory record. */
    const exportOnce = async (query: string) => {
      const res = await fetch(`${base}/api/stays/export.xlsx?${query}`, { headers: auth });
      if (!res.ok || !res.body) throw new Error(`export failed: ${res.status} ${await res.text()}`);
      let bytes = 0;
      let tail = Buffer.alloc(0);
      const sink = new Writable({
        write(chunk: Buffer, _enc, done) {
          bytes += chunk.length;
          tail = Buffer.concat([tail.subarray(-3), chunk.subarray(-64)]);
          done();
        },
      });
      await pipeline(Readable.fromWeb(res.body as never), sink);
      return { bytes, complete: tail.includes(Buffer.from([0x50, 0x4b, 0x05, 0x06])) };
    };

    // Warm-up (first fetch of the process, first workbook): module loading is not part of the figure.
    await exportOnce(`year=${EXPORT_YEAR}&quarter=1&structureId=${setup.listStructureId}`);

    console.log(
      `\nExport GET /api/stays/export.xlsx?year=${EXPORT_YEAR} as the comune: ${inYear.toLocaleString('en')} stays in the file (${inTable.toLocaleString('en')} in the table); ${ROUNDS} rounds, body streamed, counted and dropped`,
    );
    const rates: number[] = [];
    const cpuRates: number[] = [];
    const peaks: number[] = [];
    const dbSeconds: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const db0 = await databaseCpuTicks(raw);
      const cpu0 = process.cpuUsage();
      const serverCpu0 = bench.server?.cpuSeconds() ?? 0;
      const m = await measureMemory(() => exportOnce(`year=${EXPORT_YEAR}`), bench.server);
      const cpu = process.cpuUsage(cpu0);
      const serverCpu = (bench.server?.cpuSeconds() ?? 0) - serverCpu0;
      const db = databaseCpuSecondsBetween(db0, await databaseCpuTicks(raw));
      if (db !== null) dbSeconds.push(db);
      const cpuSeconds = (cpu.user + cpu.system) / 1e6 + serverCpu;
      if (!m.result.complete) throw new Error('the export did not end with a complete zip');
      rates.push(inYear / m.seconds);
      cpuRates.push(inYear / cpuSeconds);
      peaks.push(m.peakMb);
      console.log(
        `  round ${round}: ${m.seconds.toFixed(1)} s, ${Math.round(inYear / m.seconds).toLocaleString('en')} rows/s; server and client CPU ${cpuSeconds.toFixed(1)} s (${Math.round(inYear / cpuSeconds).toLocaleString('en')} rows per CPU-second)${db === null ? '' : `, database CPU ${db.toFixed(1)} s`}; ${(m.result.bytes / 1024 / 1024).toFixed(1)} MB xlsx (complete zip); ${memoryText(m)}`,
      );
    }
    const r = minMedian(rates);
    const c = minMedian(cpuRates);
    const p = minMedian(peaks);
    const verdict = r.median >= TARGET_ROWS_PER_SECOND ? 'meets' : 'BELOW';
    console.log(
      `  rows/s: min ${Math.round(r.min).toLocaleString('en')}, median ${Math.round(r.median).toLocaleString('en')} (target >= ${TARGET_ROWS_PER_SECOND.toLocaleString('en')}: median ${verdict}); rows per CPU-second of the server and this client (less sensitive to a loaded machine): min ${Math.round(c.min).toLocaleString('en')}, median ${Math.round(c.median).toLocaleString('en')}${dbSeconds.length ? `; database CPU per round: median ${minMedian(dbSeconds).median.toFixed(1)} s` : ''}; load average ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} cores; server RSS peak above start: median +${p.median.toFixed(0)} MB, max +${p.max.toFixed(0)} MB (target: flat); server RSS now ${(bench.server?.rssMb() ?? memoryMb()).toFixed(0)} MB`,
    );
  } finally {
    await bench.close();
  }
}
