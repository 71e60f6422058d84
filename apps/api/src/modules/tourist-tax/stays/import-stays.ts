import { eq, getTableColumns, getTableName, sql } from 'drizzle-orm';
import { stays, structures } from '../../../db/schema/index.ts';
import type { TTx } from '../../../db/client.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { requireAccess } from '../../../lib/access.ts';
import { AppError } from '../../../lib/errors.ts';
import { startWorker, taskLimiter } from '../../../lib/worker-task.ts';
import { inTransition } from '../../../lib/workflow/run-transition.ts';
import { recordAudit } from '../../platform/index.ts';
import { loadCityRules } from '../rules/city-rules.ts';
import type { TImportWorkerInput, TImportWorkerMessage, TStayColumn } from './import-stays-worker.ts';
import type { TImportFormat, TImportOptions } from './read-stay-import-file.ts';
import { structureForStay } from './stays.ts';

export type TImportResult = { created: number; skipped: number; total: number };

/**
 * How far an import has got, for the client's progress bar. `rowsExpected` is what the file
 * announces (an xlsx's declared dimension, a CSV's line count, an Alloggiati file's stays), when known.
 */
export type TImportProgress = { structureId: string; rowsRead: number; created: number; phase: 'reading' | 'done'; rowsExpected?: number };

/** Rows per worker batch and per INSERT statement. */
const BATCH_ROWS = 2000;

/** The worker's heap: enough for a batch in flight, small enough that garbage is collected early (RSS stays flat). */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 160, maxYoungGenerationSizeMb: 16 };

/** Imports running at once; more wait their turn (two cores are shared with every other request). */
const limitImports = taskLimiter(2);

/** Stay property -> SQL column and type, for the worker's column arrays (the table's columns are snake_case). */
const STAY_COLUMNS: Record<string, TStayColumn> = Object.fromEntries(
  Object.entries(getTableColumns(stays)).map(([key, column]) => [key, { name: column.keyAsName ? key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) : column.name, type: column.getSQLType() }]),
);

/**
 * One batch of priced rows into stays, set-based: each column arrives as one array (a PostgreSQL
 * array literal built by the worker, a JSON array for a jsonb column) and `unnest` (`jsonb_array_elements`)
 * turns the arrays back into rows, zipped by `rows from`, which the server parses at about half the cost of
 * the same rows as JSON objects. The worker's UTF-8 bytes go to the server as they are, a `text` parameter
 * (both drivers take bytes for it), never decoded into a string here and encoded again. A stay already
 * imported (same structure and fingerprint, from the table or earlier in the file) is skipped by the unique
 * index, and the check-out dates of the inserted stays that fall in a period the structure has already
 * declared come back (the import is then refused).
 */
async function insertBatch(tx: TTx, structureId: string, batch: { columns: TStayColumn[]; arrays: Uint8Array[] }) {
  const lists = batch.arrays.map((bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  // unnest cannot take an array of arrays: an array-typed column travels as text[] of array literals, cast back per row.
  const arrayTyped = (column: TStayColumn) => column.type.endsWith('[]');
  const json = (column: TStayColumn) => column.type === 'jsonb';
  const list = sql.raw(batch.columns.map((column) => `"${column.name}"`).join(', '));
  const values = sql.raw(batch.columns.map((column, i) => (arrayTyped(column) ? `c${i}::${column.type}` : json(column) ? `nullif(c${i}, 'null'::jsonb)` : `c${i}`)).join(', '));
  const arrays = sql.join(
    batch.columns.map((column, i) =>
      json(column) ? sql`jsonb_array_elements(${lists[i]}::text::jsonb)` : sql`unnest(${lists[i]}::text::${sql.raw(arrayTyped(column) ? 'text[]' : `${column.type}[]`)})`,
    ),
    sql`, `,
  );
  const aliases = sql.raw(batch.columns.map((_, i) => `c${i}`).join(', '));
  const table = sql.raw(`"${getTableName(stays)}"`);
  const result = await tx.execute<{ created: number; ids: string[] | null; closed: string[] | null }>(sql`
    with inserted as (
      insert into ${table} (${list})
      select ${values} from rows from (${arrays}) as u(${aliases})
      on conflict (structure_id, import_fingerprint) do nothing
      returning id, check_out
    )
    select count(*)::int as created,
           array_agg(i.id::text) as ids,
           array_agg(i.check_out::text order by i.check_out) filter (where exists (
             select 1 from declarations d
             where d.structure_id = ${structureId} and d.status in ('submitted', 'validated') and i.check_out between d.date_from and d.date_to)) as closed
    from inserted i`);
  const row = result.rows[0];
  return { created: Number(row.created), ids: row.ids ?? [], closed: row.closed ?? [] };
}

/**
 * Imports the stays of one structure from a file, all or nothing, in one transaction: a worker
 * thread reads the file in batches (an xlsx within the bounds of XLSX_IMPORT_LIMITS, else 400
 * IMPORT_TOO_LARGE), validates every row, prices every stay with the comune's rules read in this
 * transaction, and hands back batches of rows that are inserted as they come. Any bad row (reported
 * with its row, field and value, all of them) or any stay in a period already declared makes the
 * transaction roll back, so nothing is written. Each stay carries the fingerprint of its row(s),
 * unique per structure, so importing the same file again creates nothing new (`skipped` counts those).
 *
 * The request is synchronous; `onProgress` hears how many rows have been read after each batch.
 */
export async function importStays(
  ctx: TSignedInContext,
  input: { structureId: string; format: TImportFormat; options?: TImportOptions } & ({ file: string } | { bytes: Buffer }),
  onProgress?: (progress: TImportProgress) => void,
): Promise<TImportResult> {
  await requireAccess(ctx, 'stays', 'import');
  return limitImports(() =>
    // inTransition: once it commits, the watchers of the stays lists hear of the new stays.
    inTransition(ctx.db, async (unit) => {
      const { tx } = unit;
      const structure = await structureForStay(tx, ctx, input.structureId);
      // One import per structure at a time: the fingerprint check must see the other's rows.
      await tx.select({ id: structures.id }).from(structures).where(eq(structures.id, structure.id)).for('update');
      const rules = await loadCityRules(tx, structure.cityId);

      const file = 'file' in input ? input.file : new Uint8Array(input.bytes);
      const workerInput: TImportWorkerInput = { format: input.format, file, structure, rules, columns: STAY_COLUMNS, batchSize: BATCH_ROWS, options: input.options };
      const transfer = typeof file === 'string' ? [] : [file.buffer];
      const worker = startWorker(new URL(`./import-stays-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url), workerInput, transfer, WORKER_LIMITS);
      let created = 0;
      const closed: string[] = [];
      const italian = (input.options?.language ?? 'it') === 'it';
      try {
        const outcome = await new Promise<Extract<TImportWorkerMessage, { type: 'done' }>>((resolve, reject) => {
          // Batches are inserted one after the other, in file order, on the transaction's connection.
          let chain = Promise.resolve();
          worker.on('message', (message: TImportWorkerMessage) => {
            chain = chain
              .then(async () => {
                if (message.type === 'rows') {
                  const batch = await insertBatch(tx, structure.id, message);
                  created += batch.created;
                  for (const id of batch.ids) unit.changed.push({ table: stays, id, kind: 'created', by: ctx.actor });
                  closed.push(...batch.closed);
                  worker.postMessage({ type: 'ack' });
                  onProgress?.({ structureId: structure.id, rowsRead: message.rowsRead, rowsExpected: message.rowsExpected, created, phase: 'reading' });
                } else if (message.type === 'progress') {
                  onProgress?.({ structureId: structure.id, rowsRead: message.rowsRead, rowsExpected: message.rowsExpected, created, phase: 'reading' });
                } else if (message.type === 'done') {
                  resolve(message);
                } else {
                  reject(message.code ? new AppError(message.code, message.message, { params: message.params, details: message.details }) : new Error(`stays import worker: ${message.message}`));
                }
              })
              .catch(reject);
          });
          worker.on('error', reject);
          worker.on('exit', (code) => reject(new Error(`stays import worker exited (${code})`)));
        });
        const { errors } = outcome;
        if (errors.length) {
          errors.sort((a, b) => a.row - b.row);
          const badRows = new Set(errors.map((e) => e.row)).size;
          const message = italian ? `${badRows} righe non valide: nessun soggiorno è stato importato` : `${badRows} rows not valid: no stay was imported`;
          throw new AppError('IMPORT_INVALID', message, {
            params: { rows: badRows },
            details: errors.map((e) => ({ row: e.row, path: e.field, value: e.value, message: e.message })),
          });
        }
        // Stays checking out in a period the structure has already declared would change filed figures.
        if (closed.length) {
          const message = italian
            ? `${closed.length} soggiorni cadono in periodi già dichiarati: nessun soggiorno è stato importato`
            : `${closed.length} stays fall in periods already declared: no stay was imported`;
          throw new AppError('STAY_DECLARED', message, {
            params: { stays: closed.length },
            details: closed.map((checkOut) => ({ path: 'checkOut', value: checkOut, message: 'period already declared' })),
          });
        }
        const result = { created, skipped: outcome.total - created, total: outcome.total };
        await recordAudit(tx, ctx, { action: 'import', entityType: 'stays', entityId: structure.id, changes: { format: input.format, ...result } });
        onProgress?.({ structureId: structure.id, rowsRead: outcome.rowsRead, rowsExpected: outcome.rowsRead, created, phase: 'done' });
        return result;
      } finally {
        worker.removeAllListeners('exit');
        await worker.terminate();
      }
    }),
  );
}
