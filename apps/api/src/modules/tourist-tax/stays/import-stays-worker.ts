/**
 * Worker thread of a stays import: reads the file in batches (bounded xlsx reader, CSV, Alloggiati),
 * validates each row with the domain rules and prices each stay with the comune's rules, off the
 * server's event loop. The priced rows go back to the importing request as JSON keyed by column
 * name, a batch at a time, which it inserts in its one transaction; at most two batches wait for the
 * database, so memory stays flat however long the file. Once a row is bad no more rows are sent (the
 * import will be refused), but reading goes on so that every bad row is reported.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { structures } from '../../../db/schema/index.ts';
import { AppError } from '../../../lib/errors.ts';
import type { TCityRules } from '../rules/city-rules.ts';
import { priceImportedStay } from './price-imported-stay.ts';
import { readStayImportBatches, type TImportFormat, type TImportOptions, type TImportRowError } from './read-stay-import-file.ts';

export type TImportWorkerInput = {
  format: TImportFormat;
  /** The path of the uploaded file (read from disk a chunk at a time), or its bytes. */
  file: string | Uint8Array;
  structure: typeof structures.$inferSelect;
  rules: TCityRules;
  /** Stay property -> SQL column name. */
  columns: Record<string, string>;
  batchSize: number;
  /** Asked of the user for an Alloggiati file: payment status, reason, language of the messages. */
  options?: TImportOptions;
};

export type TImportWorkerMessage =
  | { type: 'rows'; json: string; columns: string[]; count: number; rowsRead: number; rowsExpected?: number }
  | { type: 'progress'; rowsRead: number; rowsExpected?: number }
  | { type: 'done'; errors: TImportRowError[]; total: number; rowsRead: number }
  | { type: 'failed'; code?: string; message: string; details?: unknown };

const MAX_UNACKED = 2;

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

  const errors: TImportRowError[] = [];
  let total = 0;
  let rowsRead = 0;
  const file = typeof input.file === 'string' ? input.file : Buffer.from(input.file.buffer, input.file.byteOffset, input.file.byteLength);
  for await (const batch of readStayImportBatches(input.format, file, input.batchSize, input.options)) {
    rowsRead += batch.rowsRead;
    const { rowsExpected } = batch;
    errors.push(...batch.errors);
    const records: string[] = [];
    let columns: string[] = [];
    for (const item of batch.stays) {
      const priced = priceImportedStay(item, input.structure, input.rules, input.format, errors, input.options?.language ?? 'it');
      if (!priced) continue;
      total++;
      if (errors.length) continue;
      const record: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(priced)) {
        const column = input.columns[key];
        if (!column) throw new Error(`import worker: no column for ${key}`);
        record[column] = value;
      }
      if (records.length === 0) columns = Object.keys(record);
      records.push(JSON.stringify(record));
    }
    if (errors.length || records.length === 0) {
      send({ type: 'progress', rowsRead, rowsExpected });
      continue;
    }
    while (unacked >= MAX_UNACKED) await new Promise<void>((resolve) => (wake = resolve));
    unacked++;
    send({ type: 'rows', json: `[${records.join(',')}]`, columns, count: records.length, rowsRead, rowsExpected });
  }
  send({ type: 'done', errors, total, rowsRead });
}

run(workerData as TImportWorkerInput).catch((error: unknown) => {
  const message: TImportWorkerMessage =
    error instanceof AppError ? { type: 'failed', code: error.code, message: error.message, details: error.details } : { type: 'failed', message: (error as Error)?.stack ?? String(error) };
  parentPort!.postMessage(message);
});
