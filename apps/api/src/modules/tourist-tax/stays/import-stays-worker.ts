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
import type { TErrorCode } from '@app/domain/platform/errors/error-codes';
import { isAppError, type TErrorDetail, type TErrorParams } from '../../../lib/errors.ts';
import { uuidv7 } from '../../../lib/uuidv7.ts';
import type { TCityRules } from '../rules/city-rules.ts';
import { priceImportedStay, type TPricedImportedStay } from './price-imported-stay.ts';
import { readStayImportBatches, type TImportFormat, type TImportOptions, type TImportRowError } from './read-stay-import-file.ts';

export type TImportWorkerInput = {
  format: TImportFormat;
  /** The path of the uploaded file (read from disk a chunk at a time), or its bytes. */
  file: string | Uint8Array;
  structure: typeof structures.$inferSelect;
  rules: TCityRules;
  /** Stay property -> SQL column (`id` included). */
  columns: Record<string, TStayColumn>;
  batchSize: number;
  /** Asked of the user for an Alloggiati file: payment status, reason, language of the messages. */
  options?: TImportOptions;
};

/** A column of stays: its name and SQL type (as the schema declares it, e.g. `date`, `uuid[]`). */
export type TStayColumn = { name: string; type: string };

export type TImportWorkerMessage =
  /**
   * A batch of priced rows, column by column, one value per row: `arrays[i]` holds `columns[i]`'s values as
   * the UTF-8 text of a PostgreSQL array literal, or, for a jsonb column, of a JSON array (`null` for none).
   * The bytes are transferred, not copied.
   */
  | { type: 'rows'; columns: TStayColumn[]; arrays: Uint8Array[]; count: number; rowsRead: number; rowsExpected?: number }
  | { type: 'progress'; rowsRead: number; rowsExpected?: number }
  | { type: 'done'; errors: TImportRowError[]; total: number; rowsRead: number }
  | { type: 'failed'; code?: TErrorCode; message: string; params?: TErrorParams; details?: TErrorDetail[] };

const MAX_UNACKED = 2;

/**
 * One element of a PostgreSQL array literal (`{"a","b",NULL}`), as the server reads it for an array of
 * the column's type: quoted (any type reads a quoted element), null as NULL, an array value as its own
 * literal (the insert casts it back per row).
 */
function arrayElement(value: unknown, type: string): string {
  if (value === null || value === undefined) return 'NULL';
  const text = Array.isArray(value) ? `{${value.map((v) => arrayElement(v, type.slice(0, -2))).join(',')}}` : String(value);
  return text.includes('"') || text.includes('\\') ? `"${text.replace(/["\\]/g, '\\$&')}"` : `"${text}"`;
}

/**
 * A jsonb value travels as an element of a JSON array, not of an array literal: JSON text is full of quotes,
 * and escaping each of them for the literal was a fifth of what the worker allocated (and the server then
 * unescaped it all). The insert turns JSON `null` back into SQL NULL.
 */
const jsonElement = (value: unknown) => (value === null || value === undefined ? 'null' : JSON.stringify(value));

/**
 * The text of one column's list, written as UTF-8 bytes as each stay is priced. A batch's values never pile up
 * as strings on the worker's heap (megabytes per batch that outlived the young generation, so the collector
 * copied and then marked them again and again); each string dies as soon as it is written.
 */
function listBytes(type: string) {
  const [open, close] = type === 'jsonb' ? [0x5b, 0x5d] : [0x7b, 0x7d];
  // Never from Node's shared pool: each list's memory is transferred to the request on its own.
  let bytes = Buffer.allocUnsafeSlow(64 * 1024);
  bytes[0] = open;
  let length = 1;
  return {
    add(text: string) {
      // At most 3 bytes per UTF-16 unit, the separator and the closing bracket.
      const needed = length + 3 * text.length + 2;
      if (needed > bytes.length) {
        const grown = Buffer.allocUnsafeSlow(Math.max(needed, 2 * bytes.length));
        bytes.copy(grown, 0, 0, length);
        bytes = grown;
      }
      if (length > 1) bytes[length++] = 0x2c;
      length += bytes.write(text, length);
    },
    end(): Uint8Array {
      bytes[length++] = close;
      return new Uint8Array(bytes.buffer, bytes.byteOffset, length);
    },
  };
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
  const idColumn = input.columns.id;
  if (!idColumn) throw new Error('import worker: no column for id');
  const errors: TImportRowError[] = [];
  let total = 0;
  let rowsRead = 0;
  const file = typeof input.file === 'string' ? input.file : Buffer.from(input.file.buffer, input.file.byteOffset, input.file.byteLength);
  for await (const batch of readStayImportBatches(input.format, file, input.batchSize, input.options)) {
    rowsRead += batch.rowsRead;
    const { rowsExpected } = batch;
    errors.push(...batch.errors);
    // Each stay goes into the column lists as soon as it is priced, so its objects die young (cheap to collect).
    // The first list holds the ids: time-ordered, increasing in file order, so the batch lands on a few pages at
    // one place of each index that ends in the id, where random ids would touch a page per row and index (see
    // lib/uuidv7.ts). A uuid's text needs no quoting in an array literal.
    let lists: ReturnType<typeof listBytes>[] = [];
    let count = 0;
    for (const item of batch.stays) {
      const stay = priceImportedStay(item, input.structure, input.rules, input.format, errors, input.options?.language ?? 'it');
      if (!stay) continue;
      total++;
      if (errors.length) continue;
      if (columns.length === 0) {
        columns = Object.keys(stay).map((key) => {
          const column = input.columns[key];
          if (!column) throw new Error(`import worker: no column for ${key}`);
          return [key as keyof TPricedImportedStay, column];
        });
      }
      if (count === 0) lists = [idColumn, ...columns.map(([, column]) => column)].map((column) => listBytes(column.type));
      lists[0].add(uuidv7());
      for (let i = 0; i < columns.length; i++) {
        const [key, { type }] = columns[i];
        lists[i + 1].add(type === 'jsonb' ? jsonElement(stay[key]) : arrayElement(stay[key], type));
      }
      count++;
    }
    if (errors.length || count === 0) {
      send({ type: 'progress', rowsRead, rowsExpected });
      continue;
    }
    // Built before waiting for the database, so this batch is ready while the previous one is inserted.
    const arrays = lists.map((list) => list.end());
    while (unacked >= MAX_UNACKED) await new Promise<void>((resolve) => (wake = resolve));
    unacked++;
    const message: TImportWorkerMessage = { type: 'rows', columns: [idColumn, ...columns.map(([, column]) => column)], arrays, count, rowsRead, rowsExpected };
    port.postMessage(
      message,
      arrays.map((array) => array.buffer as ArrayBuffer),
    );
  }
  send({ type: 'done', errors, total, rowsRead });
}

run(workerData as TImportWorkerInput).catch((error: unknown) => {
  const message: TImportWorkerMessage = isAppError(error)
    ? { type: 'failed', code: error.code, message: error.message, params: error.params, details: error.details }
    : { type: 'failed', message: (error instanceof Error ? error.stack : undefined) ?? String(error) };
  parentPort!.postMessage(message);
});
