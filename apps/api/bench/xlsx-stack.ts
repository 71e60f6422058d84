import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ExcelJS from 'exceljs';
import { STAY_IMPORT_COLUMNS } from '@app/domain/tourist-tax/stay-import';
import { readFirstSheetRows } from '../src/lib/xlsx-read.ts';
import { writeXlsx } from '../src/lib/xlsx-write.ts';
import { XLSX_IMPORT_LIMITS } from '../src/modules/tourist-tax/stays/read-stay-import-file.ts';
import { hugeCellWorkbook, sharedStringsBomb } from '../src/test/hostile-xlsx.ts';
import { minMedian } from './lib.ts';

/**
 * Which spreadsheet stack (issue 25): the reader and writer written here (src/lib/xlsx-read.ts, xlsx-write.ts) against
 * exceljs' streaming ones, on BENCH_XLSX_ROWS (default 100,000) stay-like rows of the import's 15 columns (dates,
 * counts, names, a tax code, money). Each figure comes from a child process of its own (one figure, a clean heap):
 * wall time, peak RSS growth (the kernel's high-water mark, so nothing between two samples is missed) and peak JS heap
 * growth (sampled every 10 ms), the median of BENCH_XLSX_ROUNDS rounds (default 3).
 *
 * Then two hostile files from test/hostile-xlsx.ts, each given to both readers in a child with a 2 GB heap and a
 * 60 s wall-time cap (ended past it, so a reader that does not stop cannot hold the machine): a shared-strings bomb
 * (2.5 MB of zip, 1 GB of 8-character strings) and a 512 MB cell.
 *
 * exceljs stays a devDependency for this comparison (and for tests that need an independent reader or writer).
 */

const ROWS = Number(process.env.BENCH_XLSX_ROWS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_XLSX_ROUNDS ?? 3);
const HOSTILE_TIMEOUT_MS = 60_000;
const HOSTILE_HEAP_MB = 2048;
const HEADERS = STAY_IMPORT_COLUMNS.map((c) => c.header);
const DATE_KEYS = new Set(['checkIn', 'checkOut', 'birthDate']);
const PAGE = 1000;

type TFigure = { seconds: number; rssMb: number; heapMb: number; rows?: number; outcome?: string };

const SURNAMES = ['Rossi', 'Bianchi', "D'Amico", 'Esposito', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno', 'Gallo', 'Conti', 'Müller', 'García', 'Smith'];
const NAMES = ['Mario', 'Giulia', 'Luca', 'Francesca', 'Marco', 'Chiara', 'Zoë', 'Anna', 'Paolo', 'Sara'];
const CITIZENSHIPS = ['Italia', 'Germania', 'Francia', 'Spagna', 'Regno Unito', 'Stati Uniti'];

/** Row `i` in column order: the same rows for every writer (a cheap deterministic mix, no shared state). */
function stayRow(i: number): unknown[] {
  const h = (i * 2_654_435_761) >>> 0;
  const checkIn = Date.UTC(2025, 0, 1) + (h % 350) * 86_400_000;
  const nights = 1 + (h % 14);
  const guests = 1 + (h % 5);
  const exempt = guests > 2 && h % 10 < 3 ? 1 : 0;
  const reduced = guests - exempt > 1 && h % 7 === 0 ? 1 : 0;
  const unpaid = h % 25 === 0;
  return [
    new Date(checkIn),
    new Date(checkIn + nights * 86_400_000),
    guests,
    `${SURNAMES[h % SURNAMES.length]} ${i}`,
    NAMES[(h >>> 4) % NAMES.length],
    i % 3 === 0 ? `RSSMRA${String(10 + (h % 90))}A01H501${String.fromCharCode(65 + (h % 26))}` : null,
    new Date(Date.UTC(1950 + (h % 60), (h >>> 3) % 12, 1 + ((h >>> 5) % 28))),
    CITIZENSHIPS[(h >>> 7) % CITIZENSHIPS.length],
    unpaid ? 'Non pagato' : 'Pagato',
    unpaid ? 'Rifiutato' : null,
    exempt,
    exempt ? 'Minori fino al compimento del 14° anno di età' : null,
    reduced,
    reduced ? 'Studenti universitari' : null,
    Math.round((50 + (h % 900)) * nights * 100) / 100,
  ];
}

const COLUMNS = STAY_IMPORT_COLUMNS.map((c) => ({
  header: c.header,
  key: c.key,
  width: 16,
  numFmt: DATE_KEYS.has(c.key) ? 'dd/mm/yyyy' : c.key === 'accommodationAmount' ? '#,##0.00' : undefined,
}));

async function writeOurs(file: string) {
  const out = fs.createWriteStream(file);
  await writeXlsx(out, { sheetName: 'Soggiorni', columns: COLUMNS }, async (add, flush) => {
    for (let i = 0; i < ROWS; i++) {
      add(stayRow(i));
      // Pages, as an export reads them from the database.
      if (i % PAGE === PAGE - 1) await flush();
    }
  });
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return ROWS;
}

async function writeExceljs(file: string, useSharedStrings: boolean) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings, useStyles: true });
  const sheet = workbook.addWorksheet('Soggiorni');
  sheet.columns = COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width, style: c.numFmt ? { numFmt: c.numFmt } : {} }));
  sheet.getRow(1).commit();
  for (let i = 0; i < ROWS; i++) sheet.addRow(stayRow(i)).commit();
  sheet.commit();
  await workbook.commit();
  return ROWS;
}

async function readOurs(file: string) {
  let rows = 0;
  for await (const row of readFirstSheetRows(file, XLSX_IMPORT_LIMITS)) if (row.cells.length) rows++;
  return rows - 1;
}

async function readExceljs(file: string) {
  let rows = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
  for await (const sheet of reader) {
    for await (const row of sheet) if (row.hasValues) rows++;
    break;
  }
  return rows - 1;
}

/** exceljs reading a whole workbook into memory (`Workbook.xlsx.readFile`), as the tests and templates used it. */
async function loadExceljs(file: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  return workbook.worksheets[0].actualRowCount - 1;
}

const CASES: Record<string, (file: string) => Promise<number>> = {
  'write ours': writeOurs,
  'write exceljs': (file) => writeExceljs(file, false),
  'write exceljs, shared strings': (file) => writeExceljs(file, true),
  'read ours': readOurs,
  'read exceljs (stream)': readExceljs,
  'read exceljs (whole)': loadExceljs,
};

/** In the child: one case, its figures printed as one JSON line. */
async function runCase(name: string, file: string) {
  const before = process.memoryUsage();
  let heapPeak = before.heapUsed;
  const timer = setInterval(() => (heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)), 10);
  const started = performance.now();
  // Where a case stands each second, for one that is ended before it finishes.
  const progress = setInterval(() => {
    const seconds = (performance.now() - started) / 1000;
    const rssMb = (process.resourceUsage().maxRSS * 1024 - before.rss) / 2 ** 20;
    process.stdout.write(`${JSON.stringify({ progress: true, seconds, rssMb, heapMb: (heapPeak - before.heapUsed) / 2 ** 20 })}\n`);
  }, 1000);
  let figure: TFigure;
  try {
    const rows = await CASES[name](file);
    figure = { seconds: 0, rssMb: 0, heapMb: 0, rows, outcome: 'ok' };
  } catch (error) {
    const e = error as { code?: string; message?: string };
    figure = { seconds: 0, rssMb: 0, heapMb: 0, outcome: `refused: ${e.code ?? ''} ${(e.message ?? String(error)).slice(0, 120)}`.trim() };
  }
  clearInterval(timer);
  clearInterval(progress);
  heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  figure.seconds = (performance.now() - started) / 1000;
  // maxRSS is the kernel's high-water mark in KB: its growth over the RSS at the start is the peak the case added.
  figure.rssMb = (process.resourceUsage().maxRSS * 1024 - before.rss) / 2 ** 20;
  figure.heapMb = (heapPeak - before.heapUsed) / 2 ** 20;
  process.stdout.write(`${JSON.stringify(figure)}\n`);
}

/** Runs one case in a child process (this file, `case NAME FILE`), ended after `timeoutMs`. */
function inChild(name: string, file: string, options: { timeoutMs?: number; heapMb?: number } = {}): Promise<TFigure> {
  const args = ['--conditions=source', '--import', 'tsx', ...(options.heapMb ? [`--max-old-space-size=${options.heapMb}`] : []), fileURLToPath(import.meta.url), 'case', name, file];
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err = (err + chunk.toString()).slice(-2000)));
    let timedOut = false;
    const timer = options.timeoutMs ? setTimeout(() => ((timedOut = true), child.kill('SIGKILL')), options.timeoutMs) : undefined;
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const seconds = (performance.now() - started) / 1000;
      const lines = out.trim().split('\n').filter(Boolean);
      const last = lines.length ? (JSON.parse(lines[lines.length - 1]) as TFigure & { progress?: boolean }) : undefined;
      if (code === 0 && last && !last.progress) return resolve(last);
      const why = timedOut
        ? `ended after ${options.timeoutMs! / 1000} s (still running)`
        : /heap out of memory|Invalid string length|Array buffer allocation failed/i.test(err)
          ? `crashed: ${/heap out of memory|Invalid string length|Array buffer allocation failed/i.exec(err)![0]}`
          : `exited ${code ?? signal}: ${err.trim().split('\n').slice(-3).join(' | ').slice(0, 200)}`;
      // The memory it had reached by its last report (each second) when it was ended or crashed.
      resolve({ seconds, rssMb: last?.rssMb ?? NaN, heapMb: last?.heapMb ?? NaN, outcome: why });
    });
  });
}

const fmt = (values: number[], digits = 1) => minMedian(values).median.toFixed(digits);

export async function benchXlsxStack() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-xlsx-'));
  try {
    const files: Record<string, string> = {
      'write ours': path.join(dir, 'ours.xlsx'),
      'write exceljs': path.join(dir, 'exceljs.xlsx'),
      'write exceljs, shared strings': path.join(dir, 'exceljs-sst.xlsx'),
    };
    console.log(`  ${ROWS.toLocaleString('en')} stay rows x ${HEADERS.length} columns; median of ${ROUNDS} rounds, each in its own process (Node ${process.version}, ${os.cpus().length} cores)`);
    for (const name of Object.keys(files)) {
      const figures: TFigure[] = [];
      for (let r = 0; r < ROUNDS; r++) figures.push(await inChild(name, files[name]));
      const size = fs.existsSync(files[name]) ? `${(fs.statSync(files[name]).size / 2 ** 20).toFixed(1)} MB` : 'no file';
      console.log(
        `  ${name.padEnd(32)} ${fmt(
          figures.map((f) => f.seconds),
          2,
        )} s, peak RSS +${fmt(
          figures.map((f) => f.rssMb),
          0,
        )} MB, heap +${fmt(
          figures.map((f) => f.heapMb),
          0,
        )} MB (${size}; ${figures[0].outcome})`,
      );
    }
    for (const reader of ['read ours', 'read exceljs (stream)', 'read exceljs (whole)']) {
      for (const [writer, file] of Object.entries(files)) {
        if (writer === 'write exceljs') continue; // the same inline strings as ours; the shared-strings file is Excel's way
        const figures: TFigure[] = [];
        for (let r = 0; r < ROUNDS; r++) figures.push(await inChild(reader, file));
        const rows = figures[0].rows === ROWS ? 'all rows' : `${figures[0].rows} rows: ${figures[0].outcome}`;
        console.log(
          `  ${`${reader}, file of ${writer.replace('write ', '')}`.padEnd(60)} ${fmt(
            figures.map((f) => f.seconds),
            2,
          )} s, peak RSS +${fmt(
            figures.map((f) => f.rssMb),
            0,
          )} MB, heap +${fmt(
            figures.map((f) => f.heapMb),
            0,
          )} MB (${rows})`,
        );
      }
    }

    const hostile: Record<string, Buffer> = {
      'shared-strings bomb (1 GB of 8-char strings)': sharedStringsBomb(HEADERS, { itemChars: 8, inflatedMb: 1024 }),
      'one 512 MB cell': hugeCellWorkbook(HEADERS, 512),
    };
    console.log(`  hostile files, each reader in a child with a ${HOSTILE_HEAP_MB} MB heap, ended after ${HOSTILE_TIMEOUT_MS / 1000} s:`);
    for (const [label, bytes] of Object.entries(hostile)) {
      const file = path.join(dir, 'hostile.xlsx');
      fs.writeFileSync(file, bytes);
      for (const reader of ['read ours', 'read exceljs (stream)', 'read exceljs (whole)']) {
        const f = await inChild(reader, file, { timeoutMs: HOSTILE_TIMEOUT_MS, heapMb: HOSTILE_HEAP_MB });
        const memory = Number.isNaN(f.rssMb) ? '' : `, peak RSS +${f.rssMb.toFixed(0)} MB, heap +${f.heapMb.toFixed(0)} MB${f.outcome === 'ok' || f.outcome?.startsWith('refused') ? '' : ' by then'}`;
        console.log(`  ${`${label} (${(bytes.length / 2 ** 20).toFixed(1)} MB), ${reader}`.padEnd(78)} ${f.seconds.toFixed(1)} s${memory}: ${f.outcome === 'ok' ? `read ${f.rows} rows` : f.outcome}`);
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href && process.argv[2] === 'case') {
  await runCase(process.argv[3], process.argv[4]);
}
