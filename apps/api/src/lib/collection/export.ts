import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInContextOf } from '../context.ts';
import { ZErrorBody, ZXlsxFile } from '../schemas.ts';
import { streamWorksheet } from '../xlsx-stream.ts';
import { MAX_LIMIT } from './query.ts';
import type { TCollectionRuntime } from './routes.ts';

const errorResponses = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** One cell of the export: lists joined, nested objects as JSON, dates as they are. */
function cellOf(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v))).join(', ');
  if (value instanceof Date) return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return value;
}

/** The record schema's field names (the export's columns), or the first record's keys when the schema is not an object. */
function columnsOf(runtime: TCollectionRuntime, first: Record<string, unknown> | undefined): string[] {
  const schema = runtime.def.record;
  const keys = schema instanceof z.ZodObject ? Object.keys(schema.shape) : Object.keys(first ?? {});
  return keys.length > 0 ? keys : ['_id'];
}

/**
 * `GET /api/{collection}/export`: every row the same list request would match (filters, search,
 * sort, year, the caller's scope), whatever their number, as a streamed xlsx. The database is read
 * page by page, so memory holds one page. The first page is read before the headers are sent, so a
 * bad filter is still a 400 and not a broken file.
 */
export function registerCollectionExport(app: FastifyInstance, runtime: TCollectionRuntime, tags: string[]): void {
  const name = runtime.def.name;
  app.withTypeProvider<ZodTypeProvider>().get(`/api/${name}/export`, {
    schema: {
      tags,
      summary: `Export every matching row of ${name} as xlsx (streamed; same filters, search and sort as the list)`,
      querystring: z.looseObject({ sort: z.string().optional(), q: z.string().optional(), year: z.string().optional() }),
      response: { 200: ZXlsxFile, ...errorResponses },
    },
    handler: async (request, reply) => {
      const ctx = signedInContextOf(request);
      const { limit: _limit, skip: _skip, count: _count, ...filters } = request.query;
      const page = (skip: number) => runtime.list(ctx, { ...filters, limit: String(MAX_LIMIT), skip: String(skip) });
      const first = await page(0);
      const firstRecords = await runtime.present(first.rows, ctx);
      const columns = columnsOf(runtime, firstRecords[0]);
      return streamWorksheet(
        reply,
        { fileName: `${name}.xlsx`, sheetName: name.slice(0, 31), columns: columns.map((key) => ({ header: key, key, width: 20 })) },
        async (add) => {
          const addAll = (records: Record<string, unknown>[]) => {
            for (const record of records) add(Object.fromEntries(columns.map((key) => [key, cellOf(record[key])])));
          };
          addAll(firstRecords);
          let skip = first.rows.length;
          let last = first.rows.length;
          while (last === MAX_LIMIT) {
            const next = await page(skip);
            addAll(await runtime.present(next.rows, ctx));
            last = next.rows.length;
            skip += last;
          }
        },
        request.log,
      );
    },
  });
}
