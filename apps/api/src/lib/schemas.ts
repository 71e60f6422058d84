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
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    shape[key] = (field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : field).optional();
  }
  return z.object(shape) as z.ZodObject<TPartialWithoutDefaults<T['shape']>>;
}

/** The shape of `partialWithoutDefaults(schema)`: every field optional, defaults dropped. */
export type TPartialWithoutDefaults<TShape extends z.ZodRawShape> = {
  [K in keyof TShape]: z.ZodOptional<TShape[K] extends z.ZodDefault<infer TInner> ? TInner : TShape[K]>;
};
