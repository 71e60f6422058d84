import { z } from 'zod';
import type { TErrorStatus } from '@app/domain/platform/errors/error-codes';

export const ZErrorBody = z.object({
  statusCode: z.number(),
  code: z.string(),
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string(), value: z.unknown().optional(), row: z.number().optional() })).optional(),
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

/** The fields every record carries. */
export const ZRecordBase = z.object({
  _id: z.string().describe('UUID'),
  createdAt: z.string().describe('ISO timestamp, UTC'),
  updatedAt: z.string().describe('ISO timestamp, UTC'),
});

export const ZDateString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD').refine((s) => !Number.isNaN(Date.parse(s)), 'must be a real date');
export const ZUuid = z.uuid();
export const ZEmail = z.email();

/**
 * The PUT body of a collection: every field optional and WITHOUT its create default. Zod 4 still
 * applies `.default()` inside `.partial()`, which would reset untouched fields on a partial update.
 */
export function partialWithoutDefaults<T extends z.ZodObject>(schema: T): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    shape[key] = (field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : field).optional();
  }
  return z.object(shape);
}
