import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { accessTokenOfNewSession } from '../src/modules/platform/auth/sessions.ts';
import { databaseCpuSecondsBetween, databaseCpuTicks } from './export.ts';
import { minMedian, openBenchApp } from './lib.ts';
import { ensureBenchComune, measureMemory, postImport, seedExportStays, writeStaysXlsx } from './tourist-tax.ts';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_IMPORT_ROUNDS ?? 3);

const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const minAndMedian = (values: number[], digits = 1) => {
  const { min, median } = minMedian(values);
  return `min ${min.toFixed(digits)}, median ${median.toFixed(digits)}`;
};

/** Latencies of one request repeated by `concurrency` callers until `until` settles. */
async function probeWhile(until: Promise<unknown>, url: string, headers: Record<string, string>, concurrency = 2) {
  const latencies: number[] = [];
  let done = false;
  void until.finally(() => (done = true));
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (!done) {
        const t0 = performance.now();
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${url}: ${res.status}`);
        latencies.push(performance.now() - t0);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }),
  );
  return latencies;
}

/**
 * Import of a ROWS-row xlsx (the template, as a hotelier fills it) through POST /api/stays/import,
 * ROUNDS times, over HTTP to the compiled product: wall time, the server process's RSS peak (its import worker
 * thread included), the CPU seconds of the server and of the database backends (when PostgreSQL runs here),
 * and, while each import runs, the latency of GET /api/health and of a stays list page (p99 over
 * the import). Sets up its own comune and structure; removes the imported stays after each round.
 */
export async function benchImport() {
  const bench = await openBenchApp({ listen: true });
  const { config, database, raw, base } = bench;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
  try {
    const setup = await ensureBenchComune(raw);
    // The rows go into a table that already holds the 1,000,000 stays of the export bench, as a comune's table
    // would: every index of stays is that size, whichever sections ran before.
    await seedExportStays(raw, setup);
    const hotelier = { authorization: `Bearer ${await accessTokenOfNewSession(database.db, config, { id: setup.hotelierId, role: 'user' })}` };
    const file = path.join(tmp, 'soggiorni.xlsx');
    const tw = performance.now();
    await writeStaysXlsx(file, ROWS, 0);
    const bytes = fs.readFileSync(file);
    console.log(
      `\nImport POST /api/stays/import, xlsx of ${ROWS.toLocaleString('en')} rows (${(bytes.length / 1024 / 1024).toFixed(1)} MB, written in ${((performance.now() - tw) / 1000).toFixed(1)} s), ${ROUNDS} rounds`,
    );
    const clean = () => raw.query('delete from stays where structure_id = $1', [setup.importStructureId]);
    const listUrl = `${base}/api/stays?structureId=${setup.listStructureId}&sort=-checkOut&limit=25`;
    const seconds: number[] = [];
    const peaks: number[] = [];
    const health: number[] = [];
    const list: number[] = [];
    const serverCpu: number[] = [];
    const databaseCpu: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      await clean();
      let probes: Promise<[number[], number[]]> | null = null;
      const serverCpu0 = bench.server!.cpuSeconds();
      const databaseCpu0 = await databaseCpuTicks(raw);
      const measured = await measureMemory(async () => {
        const importing = postImport(base, hotelier, setup.importStructureId, 'xlsx', bytes, 'soggiorni.xlsx');
        probes = Promise.all([probeWhile(importing, `${base}/api/health`, {}), probeWhile(importing, listUrl, hotelier)]);
        return importing;
      }, bench.server);
      const cpu = bench.server!.cpuSeconds() - serverCpu0;
      const db = databaseCpuSecondsBetween(databaseCpu0, await databaseCpuTicks(raw));
      const [h, l] = await probes!;
      if (measured.result.status !== 200 || measured.result.body.created !== ROWS) throw new Error(`import: ${measured.result.status} ${JSON.stringify(measured.result.body).slice(0, 500)}`);
      seconds.push(measured.seconds);
      peaks.push(measured.peakMb);
      health.push(percentile(h, 0.99));
      list.push(percentile(l, 0.99));
      serverCpu.push(cpu);
      if (db !== null) databaseCpu.push(db);
      console.log(
        `  round ${round}: ${measured.seconds.toFixed(1)} s (${Math.round(ROWS / measured.seconds).toLocaleString('en')} rows/s), server RSS peak +${measured.peakMb.toFixed(0)} MB (from ${measured.startMb.toFixed(0)} MB); CPU: server ${cpu.toFixed(1)} s${db === null ? '' : `, database ${db.toFixed(1)} s`}; load average ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}; during it /api/health p99 ${percentile(h, 0.99).toFixed(0)} ms (${h.length} requests), list p99 ${percentile(l, 0.99).toFixed(0)} ms (${l.length} requests)`,
      );
    }
    await clean();
    console.log(`  import ${ROWS.toLocaleString('en')} rows: ${minAndMedian(seconds)} s   (target < 15 s)`);
    console.log(`  server RSS peak: ${minAndMedian(peaks, 0)} MB above start   (target < +300 MB)`);
    console.log(`  CPU: server ${minAndMedian(serverCpu)} s${databaseCpu.length ? `; database ${minAndMedian(databaseCpu)} s` : ''}`);
    console.log(`  p99 during the import: /api/health ${minAndMedian(health, 0)} ms; stays list page ${minAndMedian(list, 0)} ms`);
  } finally {
    await bench.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
