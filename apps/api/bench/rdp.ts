import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { RDP_IMPORT_COLUMNS } from '@app/domain/environmental/rdp/index';
import { laboratories, settings, users } from '../src/db/schema/index.ts';
import { openDatabase, runMigrations } from '../src/db/client.ts';
import type { TSignedInContext } from '../src/lib/collection/define.ts';
import { importRdps } from '../src/modules/environmental/rdps/import-rdps.ts';
import { verifySignedFile } from '../src/modules/environmental/signed-files/verify-signed-file.ts';
import { ensureBenchDatabase, measurePeakMemory as measure, memoryMb } from './lib.ts';

// Its own database: the RDP migration must not be applied ahead of other branches' migrations on the shared bench database.
const DATABASE_URL = process.env.BENCH_RDP_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_rdp';
const SIGNED_MB = Number(process.env.BENCH_RDP_SIGNED_MB ?? 20);
const IMPORT_ROWS = Number(process.env.BENCH_RDP_IMPORT_ROWS ?? 10_000);
const ROWS_PER_REPORT = 10;
const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/signed-files');

/** A SIGNED_MB MB PDF-like document signed with openssl as a streamed BER .p7m (indefinite lengths), as large signed reports arrive. */
function makeLargeP7m(dir: string): string {
  const doc = path.join(dir, 'large.pdf');
  const body = randomBytes(SIGNED_MB * 2 ** 20)
    .toString('base64')
    .slice(0, SIGNED_MB * 2 ** 20);
  fs.writeFileSync(doc, `%PDF-1.4\n%bench\n${body}\n%%EOF\n`);
  // The signer key is not committed with the fixtures: a throwaway self-signed certificate does.
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '30', '-subj', '/C=IT/serialNumber=TINIT-RSSMRA80A01H501U/CN=ROSSI MARIO'], {
    stdio: 'ignore',
  });
  const out = path.join(dir, 'large.pdf.p7m');
  execFileSync('openssl', ['cms', '-sign', '-binary', '-nodetach', '-cades', '-stream', '-outform', 'DER', '-md', 'sha256', '-signer', cert, '-inkey', key, '-in', doc, '-out', out], {
    stdio: 'ignore',
  });
  return out;
}

/** An import file as a spreadsheet program writes it (a shared-strings table), by exceljs: see writeStaysXlsx in tourist-tax.ts. */
async function importFile(labName: string, packageName: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('RDP');
  sheet.addRow(RDP_IMPORT_COLUMNS.map((c) => c.header));
  const stamp = Date.now().toString(36);
  for (let i = 0; i < IMPORT_ROWS; i++) {
    const report = Math.floor(i / ROWS_PER_REPORT);
    const row: Record<string, unknown> = {
      code: `BENCH-${stamp}-${String(report).padStart(5, '0')}`,
      laboratory: labName,
      sampleDate: '02/11/2026',
      cer: '170504',
      analyticPackages: packageName,
      activity: `Parametro ${i % ROWS_PER_REPORT}`,
      unit: 'mg/kg',
      upperLimit: 100,
      value: i % 97 === 0 ? '120' : i % 5 === 0 ? '< LOQ' : String((i % 90) + 0.5).replace('.', ','),
    };
    sheet.addRow(RDP_IMPORT_COLUMNS.map((c) => row[c.key] ?? null));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * RDP figures: verification time and peak memory of a SIGNED_MB MB streamed .p7m, and the import of an
 * IMPORT_ROWS-row xlsx (ROWS_PER_REPORT results per report) into PostgreSQL.
 */
export async function benchRdp() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-rdp-'));
  try {
    const p7m = makeLargeP7m(dir);
    const bytes = fs.readFileSync(p7m);
    const before = memoryMb();
    const verified = await measure(() => verifySignedFile(bytes, { maxBytes: 64 * 2 ** 20 }));
    console.log(
      `verify ${(bytes.length / 2 ** 20).toFixed(1)} MB streamed .p7m`.padEnd(58),
      `${(verified.seconds * 1000).toFixed(0).padStart(7)} ms   peak RSS +${verified.peakMb.toFixed(0)} MB over ${before.toFixed(0)} MB   signer ${verified.result.signers[0].name}`,
    );
    const small = await measure(() => verifySignedFile(fs.readFileSync(path.join(fixtures, 'doc.pdf.p7m'))));
    console.log('verify small fixture .p7m'.padEnd(58), `${(small.seconds * 1000).toFixed(1).padStart(7)} ms`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }

  await ensureBenchDatabase(DATABASE_URL);
  const database = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: null, poolSize: 4 });
  try {
    await runMigrations(database);
    const db = database.db;
    const labName = 'Bench laboratorio RDP';
    let [lab] = await db.select({ id: laboratories.id }).from(laboratories).where(eq(laboratories.businessName, labName));
    if (!lab) [lab] = await db.insert(laboratories).values({ businessName: labName, vatNumber: '01234560587', managerEmail: 'bench-lab@example.test' }).returning({ id: laboratories.id });
    const packageName = 'Bench pacchetto metalli';
    const [pkg] = await db.select({ id: settings.id }).from(settings).where(eq(settings.name, packageName));
    if (!pkg) await db.insert(settings).values({ settingType: 'analyticPackage', name: packageName, code: 'bench-metalli' });
    let [actor] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'bench-consortium@example.test'));
    if (!actor) [actor] = await db.insert(users).values({ email: 'bench-consortium@example.test', role: 'consortium_user', name: 'Bench', surname: 'Consorzio' }).returning({ id: users.id });
    const ctx = {
      actor: { id: actor.id, email: 'bench-consortium@example.test', role: 'consortium_user', cityId: null, agencyId: null, laboratoryId: null, impersonatorId: null },
      db,
      year: null,
      requestId: 'bench',
      ip: '127.0.0.1',
    } as unknown as TSignedInContext;
    const file = await importFile(labName, packageName);
    const first = await measure(() => db.transaction((tx) => importRdps(tx, ctx, file)));
    console.log(
      `import ${IMPORT_ROWS.toLocaleString('en')} rows xlsx (${(file.length / 2 ** 20).toFixed(1)} MB, new)`.padEnd(58),
      `${(first.seconds * 1000).toFixed(0).padStart(7)} ms   peak RSS +${first.peakMb.toFixed(0)} MB   ${first.result.created} reports, ${first.result.outOfLimits} out of limits`,
    );
    const again = await measure(() => db.transaction((tx) => importRdps(tx, ctx, file)));
    console.log(`re-import of the same file (idempotent)`.padEnd(58), `${(again.seconds * 1000).toFixed(0).padStart(7)} ms   ${again.result.unchanged} unchanged, ${again.result.created} created`);
  } finally {
    await database.close();
  }
}
