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
 * and, in the first ROUNDS rounds, the latency of GET /api/health and of a stays list page polled while it runs (p99
 * over the import); then ROUNDS rounds with nothing else running. Sets up its own comune and structure; removes the
 * imported stays after each round.
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
    /**
     * ROUNDS imports, each after the previous one's rows are removed. With `probed`, two callers each poll
     * GET /api/health and a stays list page while it runs (about 125 requests a second, the "light request stays fast"
     * figure); without, the import has the machine to itself, as one hotelier's upload on a quiet server.
     */
    const rounds = async (probed: boolean) => {
      const seconds: number[] = [];
      const peaks: number[] = [];
      const health: number[] = [];
      const list: number[] = [];
      const serverCpu: number[] = [];
      const databaseCpu: number[] = [];
      console.log(probed ? '  while two users poll /api/health and a stays list page:' : '  alone (nothing else asks the server meanwhile):');
      for (let round = 1; round <= ROUNDS; round++) {
        await clean();
        const polling: { probes: Promise<[number[], number[]]> | null } = { probes: null };
        const serverCpu0 = bench.server!.cpuSeconds();
        const databaseCpu0 = await databaseCpuTicks(raw);
        const measured = await measureMemory(async () => {
          const importing = postImport(base, hotelier, setup.importStructureId, 'xlsx', bytes, 'soggiorni.xlsx');
          if (probed) polling.probes = Promise.all([probeWhile(importing, `${base}/api/health`, {}), probeWhile(importing, listUrl, hotelier)]);
          return importing;
        }, bench.server);
        const cpu = bench.server!.cpuSeconds() - serverCpu0;
        const db = databaseCpuSecondsBetween(databaseCpu0, await databaseCpuTicks(raw));
        const [h, l] = polling.probes ? await polling.probes : [[], []];
        if (measured.result.status !== 200 || measured.result.body.created !== ROWS) throw new Error(`import: ${measured.result.status} ${JSON.stringify(measured.result.body).slice(0, 500)}`);
        seconds.push(measured.seconds);
        peaks.push(measured.peakMb);
        if (probed) health.push(percentile(h, 0.99));
        if (probed) list.push(percentile(l, 0.99));
        serverCpu.push(cpu);
        if (db !== null) databaseCpu.push(db);
        const during = probed ? `; during it /api/health p99 ${percentile(h, 0.99).toFixed(0)} ms (${h.length} requests), list p99 ${percentile(l, 0.99).toFixed(0)} ms (${l.length} requests)` : '';
        console.log(
          `  round ${round}: ${measured.seconds.toFixed(1)} s (${Math.round(ROWS / measured.seconds).toLocaleString('en')} rows/s), server RSS peak +${measured.peakMb.toFixed(0)} MB (from ${measured.startMb.toFixed(0)} MB); CPU: server ${cpu.toFixed(1)} s${db === null ? '' : `, database ${db.toFixed(1)} s`}; load average ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}${during}`,
        );
      }
      await clean();
      console.log(
        `  import ${ROWS.toLocaleString('en')} rows${probed ? ', polled' : ', alone'}: ${minAndMedian(seconds)} s   (target < 15 s: ${minMedian(seconds).median < 15 ? 'median met' : 'NOT met'})`,
      );
      console.log(`  server RSS peak: ${minAndMedian(peaks, 0)} MB above start   (target < +300 MB: ${minMedian(peaks).median < 300 ? 'met' : 'NOT met'})`);
      console.log(`  CPU: server ${minAndMedian(serverCpu)} s${databaseCpu.length ? `; database ${minAndMedian(databaseCpu)} s` : ''}`);
      if (probed) console.log(`  p99 during the import: /api/health ${minAndMedian(health, 0)} ms; stays list page ${minAndMedian(list, 0)} ms`);
    };
    await rounds(true);
    await rounds(false);
  } finally {
    await bench.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
