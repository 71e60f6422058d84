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
import { readStayImportBatches, type TImportFormat, type TImportRowError } from './read-stay-import-file.ts';

export type TImportWorkerInput = {
  format: TImportFormat;
  bytes: Uint8Array;
  structure: typeof structures.$inferSelect;
  rules: TCityRules;
  /** Stay property -> SQL column name. */
  columns: Record<string, string>;
  batchSize: number;
};

export type TImportWorkerMessage =
  | { type: 'rows'; json: string; columns: string[]; count: number; rowsRead: number }
  | { type: 'progress'; rowsRead: number }
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
  const bytes = Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength);
  for await (const batch of readStayImportBatches(input.format, bytes, input.batchSize)) {
    rowsRead += batch.rowsRead;
    errors.push(...batch.errors);
    const records: string[] = [];
    let columns: string[] = [];
    for (const item of batch.stays) {
      const priced = priceImportedStay(item, input.structure, input.rules, input.format, errors);
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
      send({ type: 'progress', rowsRead });
      continue;
    }
    while (unacked >= MAX_UNACKED) await new Promise<void>((resolve) => (wake = resolve));
    unacked++;
    send({ type: 'rows', json: `[${records.join(',')}]`, columns, count: records.length, rowsRead });
  }
  send({ type: 'done', errors, total, rowsRead });
}

run(workerData as TImportWorkerInput).catch((error: unknown) => {
  const message: TImportWorkerMessage =
    error instanceof AppError ? { type: 'failed', code: error.code, message: error.message, details: error.details } : { type: 'failed', message: (error as Error)?.stack ?? String(error) };
  parentPort!.postMessage(message);
});
