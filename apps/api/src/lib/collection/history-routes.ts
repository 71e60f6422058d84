import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actionsOf } from '@app/domain/platform/access/access-table';
import { ZHistoryEntry } from '@app/domain/platform/history/history';
import { signedInContextOf } from '../context.ts';
import { AppError } from '../errors.ts';
import { errorResponses, ZIdParams } from '../schemas.ts';
import { HISTORY_LIMIT, listRecordHistory, restoreRecordVersion } from './history.ts';
import type { TCollectionRuntime } from './routes.ts';

const ZHistoryQuery = z.object({
  limit: z.string().optional().describe(`Most recent entries to answer, 1-${HISTORY_LIMIT} (default ${HISTORY_LIMIT})`),
});

const ZRestoreParams = ZIdParams.extend({ entryId: z.string().describe('The history entry whose version to bring back') });

function limitOf(raw: string | undefined): number {
  if (raw === undefined) return HISTORY_LIMIT;
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit < 1 || limit > HISTORY_LIMIT) {
    throw new AppError('VALIDATION_FAILED', 'Invalid limit', { details: [{ path: 'limit', message: `must be a whole number from 1 to ${HISTORY_LIMIT}`, value: raw }] });
  }
  return limit;
}

/**
 * `GET /api/{collection}/{id}/history` for every collection that serves its records one by one, and
 * `POST /api/{collection}/{id}/history/{entryId}/restore` for those that may be updated and whose
 * access-table resource declares a `restore` action (history.ts says what each does).
 */
export function registerCollectionHistory(app: FastifyInstance, runtime: TCollectionRuntime, options: { tags: string[]; update: z.ZodObject | undefined }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const url = `/api/${runtime.def.name}/:id/history`;
  r.get(url, {
    schema: {
      tags: options.tags,
      summary: `History of one of ${runtime.def.name}: who changed which fields, when, before and after (newest first)`,
      params: ZIdParams,
      querystring: ZHistoryQuery,
      response: { 200: z.array(ZHistoryEntry), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => listRecordHistory(runtime, signedInContextOf(request), request.params.id, limitOf(request.query.limit)),
  });
  const update = options.update;
  if (!update || !actionsOf(runtime.def.resource).includes('restore')) return;
  r.post(`${url}/:entryId/restore`, {
    schema: {
      tags: options.tags,
      summary: `Restore one of ${runtime.def.name} to its editable fields as they were after a history entry (audited as a change; refused on a record its workflow locks)`,
      params: ZRestoreParams,
      response: { 200: runtime.def.record, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => {
      const ctx = signedInContextOf(request);
      const row = await restoreRecordVersion(runtime, ctx, request.params.id, request.params.entryId, update);
      return (await runtime.present([row], ctx))[0];
    },
  });
}
