/**
 * Worker thread of a stays import: reads the file in batches (bounded xlsx reader, CSV, Alloggiati),
 * validates each row with the domain rules and prices each stay with the comune's rules, off the
 * server's event loop. The priced rows go back to the importing request a batch at a time, column by
 * column as array literals, which it inserts in its one transaction; at most two batches wait for the
 * database, so memory stays flat however long the file. Once a row is bad no more rows are sent (the
 * import will be refused), but reading goes on so that every bad row is reported.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { structures } from '../../../db/schema/index.ts';
import { AppError } from '../../../lib/errors.ts';
import type { TCityRules } from '../rules/city-rules.ts';
import { priceImportedStay, type TPricedImportedStay } from './price-imported-stay.ts';
import { readStayImportBatches, type TImportFormat, type TImportOptions, type TImportRowError } from './read-stay-import-file.ts';

export type TImportWorkerInput = {
  format: TImportFormat;
  /** The path of the uploaded file (read from disk a chunk at a time), or its bytes. */
  file: string | Uint8Array;
  structure: typeof structures.$inferSelect;
  rules: TCityRules;
  /** Stay property -> SQL column. */
  columns: Record<string, TStayColumn>;
  batchSize: number;
  /** Asked of the user for an Alloggiati file: payment status, reason, language of the messages. */
  options?: TImportOptions;
};

/** A column of stays: its name and SQL type (as the schema declares it, e.g. `date`, `uuid[]`). */
export type TStayColumn = { name: string; type: string };

export type TImportWorkerMessage =
  /** A batch of priced rows, column by column: `arrays[i]` is the array literal of `columns[i]`'s values, one per row. */
  | { type: 'rows'; columns: TStayColumn[]; arrays: string[]; count: number; rowsRead: number; rowsExpected?: number }
  | { type: 'progress'; rowsRead: number; rowsExpected?: number }
  | { type: 'done'; errors: TImportRowError[]; total: number; rowsRead: number }
  | { type: 'failed'; code?: string; message: string; details?: unknown };

const MAX_UNACKED = 2;

/**
 * The PostgreSQL array literal of one column's values (`{"a","b",NULL}`), as the server reads it for
 * an array of the column's type: every element quoted (any type reads a quoted element), null as
 * NULL, a jsonb value as its JSON text, an array value as its own literal (cast back per row).
 */
function arrayLiteral(values: unknown[], type: string): string {
  const parts = values.map((value) => {
    if (value === null || value === undefined) return 'NULL';
    const text = type === 'jsonb' ? JSON.stringify(value) : Array.isArray(value) ? arrayLiteral(value, type.slice(0, -2)) : String(value);
    return text.includes('"') || text.includes('\\') ? `"${text.replace(/["\\]/g, '\\$&')}"` : `"${text}"`;
  });
  return `{${parts.join(',')}}`;
}

async function run(input: TImportWorkerInput) {
  const port = parentPort!;
  let unacked = 0;
  let wake: (() => void) | null = null;
  port.on('message', (message: { type: 'ack' }) => {
    if (message.type !== 'ack') return;
    unacked--;
    wake?.();
    wake = null;
  });
  const send = (message: TImportWorkerMessage) => port.postMessage(message);

  // Stay property -> column, in the order of a priced stay's properties (every stay has the same ones).
  let columns: [keyof TPricedImportedStay, TStayColumn][] = [];
  const errors: TImportRowError[] = [];
  let total = 0;
  let rowsRead = 0;
  const file = typeof input.file === 'string' ? input.file : Buffer.from(input.file.buffer, input.file.byteOffset, input.file.byteLength);
  for await (const batch of readStayImportBatches(input.format, file, input.batchSize, input.options)) {
    rowsRead += batch.rowsRead;
    const { rowsExpected } = batch;
    errors.push(...batch.errors);
    const priced: TPricedImportedStay[] = [];
    for (const item of batch.stays) {
      const stay = priceImportedStay(item, input.structure, input.rules, input.format, errors, input.options?.language ?? 'it');
      if (!stay) continue;
      total++;
      if (!errors.length) priced.push(stay);
    }
    if (columns.length === 0 && priced.length) {
      columns = Object.keys(priced[0]).map((key) => {
        const column = input.columns[key];
        if (!column) throw new Error(`import worker: no column for ${key}`);
        return [key as keyof TPricedImportedStay, column];
      });
    }
    if (errors.length || priced.length === 0) {
      send({ type: 'progress', rowsRead, rowsExpected });
      continue;
    }
    // Built before waiting for the database, so this batch is ready while the previous one is inserted.
    const arrays = columns.map(([key, column]) =>
      arrayLiteral(
        priced.map((stay) => stay[key]),
        column.type,
      ),
    );
    while (unacked >= MAX_UNACKED) await new Promise<void>((resolve) => (wake = resolve));
    unacked++;
    send({ type: 'rows', columns: columns.map(([, column]) => column), arrays, count: priced.length, rowsRead, rowsExpected });
  }
  send({ type: 'done', errors, total, rowsRead });
}

run(workerData as TImportWorkerInput).catch((error: unknown) => {
  const message: TImportWorkerMessage =
    error instanceof AppError ? { type: 'failed', code: error.code, message: error.message, details: error.details } : { type: 'failed', message: (error as Error)?.stack ?? String(error) };
  parentPort!.postMessage(message);
});
