import { z } from 'zod';
import type { TErrorStatus } from '@app/domain/platform/errors/error-codes';
import { XLSX_MIME } from './xlsx-stream.ts';
import { isRecord } from './guards.ts';

export const ZErrorBody = z.object({
  statusCode: z.number(),
  code: z.string(),
  message: z.string(),
  params: z
    .record(z.string(), z.union([z.string(), z.number()]))
    .optional()
    .describe("The values the message carries (a count, a limit, a date): the client writes the code's message in its language with them"),
  details: z
    .array(
      z.object({
        path: z.string(),
        message: z.string(),
        value: z.unknown().optional(),
        row: z.number().optional(),
        code: z.string().optional().describe("The field's rule, where it has a name: the client writes the message in its language from it"),
      }),
    )
    .optional(),
});

/**
 * The `response` entries of a route's error statuses, each answered with the one error body:
 * `response: { 200: ZThing, ...errorResponses(400, 401, 403) }`. Only statuses of the error-code
 * table are accepted.
 */
export function errorResponses<S extends TErrorStatus>(...statuses: S[]): Record<S, typeof ZErrorBody> {
  return Object.fromEntries(statuses.map((status) => [status, ZErrorBody])) as Record<S, typeof ZErrorBody>;
}

export const ZIdParams = z.object({ id: z.string() });

/**
 * The 200 entry of a route that answers a file (xlsx, PDF, an upload's bytes), sent with reply.send as
 * a Buffer or a stream: OpenAPI describes a binary string of that media type. Fastify sends bytes as
 * they are and never calls the serializer for them, so nothing is checked at run time; the type is
 * `unknown` because such handlers return the reply itself.
 */
export function fileResponse(mediaType: string, description: string) {
  return z.custom<unknown>().meta({ type: 'string', format: 'binary', contentMediaType: mediaType, description });
}
export const ZXlsxFile = fileResponse(XLSX_MIME, 'xlsx file');
export const ZPdfFile = fileResponse('application/pdf', 'PDF file');
export const ZZipFile = fileResponse('application/zip', 'zip file');

/** The fields every record carries, and the calendar-date shape: the domain's, shared with the web. */
export { ZDateString, ZRecordBase } from '@app/domain/platform/records/fields';
export const ZUuid = z.uuid();
export const ZEmail = z.email();

/**
 * The PUT body of a collection: every field optional and WITHOUT its create default. Zod 4 still
 * applies `.default()` inside `.partial()`, which would reset untouched fields on a partial update.
 */
export function partialWithoutDefaults<T extends z.ZodObject>(schema: T): z.ZodObject<TPartialWithoutDefaults<T['shape']>> {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries<z.ZodType>(schema.shape)) {
    shape[key] = (field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : field).optional();
  }
  return z.object(shape) as z.ZodObject<TPartialWithoutDefaults<T['shape']>>;
}

/** The shape of `partialWithoutDefaults(schema)`: every field optional, defaults dropped. */
export type TPartialWithoutDefaults<TShape extends z.ZodRawShape> = {
  [K in keyof TShape]: z.ZodOptional<TShape[K] extends z.ZodDefault<infer TInner> ? TInner : TShape[K]>;
};

/**
 * The largest whole number any integer column holds (PostgreSQL `integer`, also the money columns
 * in cents). A number beyond it in a request can only fail later in SQL, so it is refused up front.
 */
export const MAX_STORABLE_INTEGER = 2_147_483_647;

/**
 * Names that resolve on every plain object through its prototype (`__proto__`, `constructor`,
 * `toString`...). As query or body keys they are never a field of ours; looked up in a field map
 * they would find the prototype's member instead of nothing.
 */
const PROTOTYPE_NAMES = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

export const isPrototypeName = (name: string) => PROTOTYPE_NAMES.has(name);

export type TUnsafeInput = { code: 'VALIDATION_FAILED' | 'UNKNOWN_FIELD'; path: string; message: string };

/**
 * The checks every request input (body, query string, path parameters) passes before its route's
 * own schema, whatever that schema says: no NUL character in any text or key (PostgreSQL cannot
 * store it in text), no number beyond what the database holds, no key named after an
 * Object.prototype member (in the query string such a key is a field nobody declared: UNKNOWN_FIELD).
 * Returns the first offending value, or null.
 */
export function findUnsafeInput(value: unknown, where: 'body' | 'query' | 'params'): TUnsafeInput | null {
  const visit = (node: unknown, path: string, depth: number): TUnsafeInput | null => {
    if (typeof node === 'string') return node.includes('\u0000') ? { code: 'VALIDATION_FAILED', path, message: 'must not contain NUL characters' } : null;
    if (typeof node === 'number') {
      if (!Number.isFinite(node) || Math.abs(node) > MAX_STORABLE_INTEGER) return { code: 'VALIDATION_FAILED', path, message: 'is too large' };
      return null;
    }
    if (node === null || typeof node !== 'object' || depth > 64) return null;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const found = visit(node[i], path ? `${path}.${i}` : String(i), depth + 1);
        if (found) return found;
      }
      return null;
    }
    if (!isRecord(node)) return null;
    for (const key of Object.keys(node)) {
      const keyPath = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return { code: 'VALIDATION_FAILED', path: keyPath.replaceAll('\u0000', '\\0'), message: 'must not contain NUL characters' };
      // `toString[gt]` names the field `toString` with an operator.
      const fieldName = where === 'query' ? key.replace(/\[[^\]]*\]$/, '') : key;
      if (isPrototypeName(fieldName)) return { code: where === 'query' ? 'UNKNOWN_FIELD' : 'VALIDATION_FAILED', path: keyPath, message: 'unknown field' };
      const found = visit(node[key], keyPath, depth + 1);
      if (found) return found;
    }
    return null;
  };
  return visit(value, '', 0);
}
