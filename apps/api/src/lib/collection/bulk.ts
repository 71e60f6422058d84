import { getTableName, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BULK_DELETE, MAX_BULK_ROWS } from '@app/domain/platform/access/bulk-actions';
import { requireAccess } from '../access.ts';
import { signedInContextOf } from '../context.ts';
import { databaseErrorToAppError } from '../database-errors.ts';
import { AppError, isAppError, validationFailed } from '../errors.ts';
import { errorResponses } from '../schemas.ts';
import { MAX_LIMIT } from './query.ts';
import type { TSignedInContext } from './define.ts';
import type { TCollectionRuntime } from './routes.ts';

/**
 * One action a collection offers on many rows at once: the access-table action it takes (checked per
 * row, as the single route checks it, so a refusal is that row's), the body part it needs (`input`,
 * validated once for the whole request), and the SAME use case the single route calls, for one id in
 * its own transaction.
 */
export type TBulkAction = {
  /** The access-table action of the collection's resource (`validate`, `approve`, `update`, `delete`). */
  access: string;
  summary: string;
  /** The shape of the request's `input` (a reason...); without it `input` is ignored. */
  input?: z.ZodType;
  run: (ctx: TSignedInContext, id: string, input: unknown) => Promise<unknown>;
};

/**
 * How a bulk request's `filter` becomes rows: by default the collection's own list with those query
 * parameters; a collection whose list route adds conditions of its own (declarations' `overdue`)
 * gives them here, so the selection is the list the user saw.
 */
export type TBulkSelection = (ctx: TSignedInContext, filter: Record<string, unknown>) => { ctx: TSignedInContext; query: Record<string, unknown>; extra?: SQL };

export type TBulkOptions = { actions?: Record<string, TBulkAction>; selection?: TBulkSelection };

export const ZBulkResult = z.object({
  done: z.array(z.string()).describe('Ids the action was applied to (each committed on its own)'),
  refused: z.array(z.object({ id: z.string(), code: z.string(), message: z.string() })).describe('Ids the action was not applied to, with the code and message the single route would have answered'),
});
export type TBulkResult = z.infer<typeof ZBulkResult>;

const ZBulkBody = z.object({
  action: z.string().min(1).max(100),
  ids: z.array(z.string().max(100)).min(1).max(MAX_BULK_ROWS).optional().describe(`The rows, at most ${MAX_BULK_ROWS}`),
  filter: z
    .record(z.string(), z.union([z.string().max(10_000), z.array(z.string().max(10_000)).max(50)]))
    .optional()
    .describe(`Instead of ids: the list's query parameters; every row the list would show (at most ${MAX_BULK_ROWS})`),
  input: z.record(z.string(), z.unknown()).optional().describe('What the action needs, e.g. `{ reason }` for markNotPaid'),
});

/**
 * A row's failure as the refusal the single route would answer. Anything else is a fault of ours: it
 * is logged and the row reported as INTERNAL_ERROR rather than failing the request, whose earlier rows
 * are already committed and must be reported as done.
 */
function refusalOf(id: string, error: unknown, resourceOf: (table: string) => string) {
  const known: AppError | undefined = isAppError(error) ? error : databaseErrorToAppError(error, resourceOf);
  return known ? { id, code: known.code, message: known.message } : { id, code: 'INTERNAL_ERROR', message: 'Something went wrong on our side' };
}

/**
 * `POST /api/{collection}/bulk` with `{ action, ids | filter, input }`: the action on each row in turn,
 * each in its own transaction through the single route's use case, so a row is either fully done or
 * refused with the single route's code and message (never half-applied). Ids the caller cannot see are
 * refused NOT_FOUND, as the single route answers them; a filter is resolved by the caller's own scoped
 * list, so it never reaches a row outside it. The selection is exported by the list export route with
 * `_id[in]=...` (or the same filter), not here.
 */
export function registerCollectionBulk(app: FastifyInstance, runtime: TCollectionRuntime, tags: string[], options: TBulkOptions) {
  const def = runtime.def;
  const actions: Record<string, TBulkAction> = { ...options.actions };
  if (!def.disabled?.includes('delete')) {
    actions[BULK_DELETE] = { access: 'delete', summary: 'delete the row (as DELETE /{id})', run: (ctx, id) => runtime.remove(ctx, id) };
  }
  const names = Object.keys(actions);
  if (names.length === 0) return;
  // The readable name of a table still referring to a row being deleted, as the error handler gives it.
  const resourceOf = (table: string) => [...app.services.collections.values()].find((c) => getTableName(c.def.table) === table)?.def.name ?? table.replace(/_/g, '-');
  const selection: TBulkSelection = options.selection ?? ((ctx, filter) => ({ ctx, query: filter }));

  async function selectedIds(ctx: TSignedInContext, filter: Record<string, unknown>): Promise<string[]> {
    const { limit: _limit, skip: _skip, count: _count, fields: _fields, sort: _sort, ...rest } = filter;
    const chosen = selection(ctx, rest);
    const ids: string[] = [];
    // Pages of the list until it ends; one row past the bound says the selection is too large.
    for (let skip = 0; ids.length <= MAX_BULK_ROWS; skip += MAX_LIMIT) {
      const { rows } = await runtime.list(chosen.ctx, { ...chosen.query, limit: String(MAX_LIMIT), skip: String(skip) }, chosen.extra);
      ids.push(...rows.map((row) => String(row.id)));
      if (rows.length < MAX_LIMIT) break;
    }
    if (ids.length > MAX_BULK_ROWS) {
      throw new AppError('BULK_SELECTION_TOO_LARGE', `The filter matches more than ${MAX_BULK_ROWS} rows: narrow it`, { params: { max: MAX_BULK_ROWS } });
    }
    return ids;
  }

  app.withTypeProvider<ZodTypeProvider>().post(`/api/${def.name}/bulk`, {
    schema: {
      tags,
      summary: `One action on many ${def.name}: ${names.map((name) => `\`${name}\` (${actions[name].summary})`).join(', ')}. Each row in its own transaction, refused rows reported with the single route's code`,
      body: ZBulkBody,
      response: { 200: ZBulkResult, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request): Promise<TBulkResult> => {
      const ctx = signedInContextOf(request);
      const body = request.body;
      const action = Object.hasOwn(actions, body.action) ? actions[body.action] : undefined;
      if (!action) {
        throw new AppError('UNKNOWN_BULK_ACTION', `Unknown bulk action ${body.action}; allowed: ${names.join(', ')}`, {
          params: { allowed: names.join(', ') },
          details: [{ path: 'action', message: `one of ${names.join(', ')}`, value: body.action }],
        });
      }
      if ((body.ids === undefined) === (body.filter === undefined)) throw validationFailed([{ path: 'ids', message: 'give either ids or filter' }]);
      let input: unknown = undefined;
      if (action.input) {
        const parsed = action.input.safeParse(body.input ?? {});
        if (!parsed.success) throw validationFailed(parsed.error.issues.map((issue) => ({ path: ['input', ...issue.path.map(String)].join('.'), message: issue.message })));
        input = parsed.data;
      }
      const ids = body.ids ? [...new Set(body.ids)] : await selectedIds(ctx, body.filter ?? {});
      const result: TBulkResult = { done: [], refused: [] };
      for (const id of ids) {
        try {
          await requireAccess(ctx, def.resource, action.access);
          await action.run(ctx, id, input);
          result.done.push(id);
        } catch (error) {
          const refusal = refusalOf(id, error, resourceOf);
          if (refusal.code === 'INTERNAL_ERROR') request.log.error({ err: error, id }, 'bulk action failed on a row');
          result.refused.push(refusal);
        }
      }
      return result;
    },
  });
}
