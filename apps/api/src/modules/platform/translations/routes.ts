import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerCollection } from '../../../lib/collection/routes.ts';
import { rowToRecord } from '../../../lib/collection/serialize.ts';
import { requireActor, signedInContextOf } from '../../../lib/context.ts';
import { errorResponses } from '../../../lib/schemas.ts';
import { labelsCollection, ZLabelInput, ZLabelRecord } from './labels.ts';
import { bulkUpsertTranslations, listTranslations, upsertTranslation, ZBulkResult, ZBulkTranslationsBody, ZTranslationEntry, ZTranslationsQuery } from './translations.ts';

const errors = errorResponses(400, 401, 403, 409);
const tags = ['translations'];

/** /api/labels (admin) and /api/translations: public dictionary, single upsert and bulk upsert. */
export function registerTranslationRoutes(app: FastifyInstance) {
  registerCollection(app, labelsCollection);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/translations', {
    schema: {
      tags,
      summary: 'The dictionary of one language and platform (public)',
      security: [],
      querystring: ZTranslationsQuery,
      response: { 200: z.array(ZTranslationEntry), ...errorResponses(400) },
    },
    handler: async (request) => listTranslations(app.services.db, request.query.language, request.query.platform),
  });
  r.post('/api/translations', {
    schema: {
      tags,
      summary: 'Set one entry (admin): created, or the value replaced for the same key, language and platform',
      body: ZLabelInput,
      response: { 200: ZLabelRecord, 201: ZLabelRecord, ...errors },
    },
    handler: async (request, reply) => {
      requireActor(request);
      const { row, created } = await upsertTranslation(signedInContextOf(request), request.body);
      reply.code(created ? 201 : 200);
      return rowToRecord(row) as z.infer<typeof ZLabelRecord>;
    },
  });
  r.post('/api/translations/bulk', {
    schema: {
      tags,
      summary: 'Set many entries at once (admin), all or nothing; nested values are flattened to dotted keys',
      body: ZBulkTranslationsBody,
      response: { 200: ZBulkResult, ...errors },
    },
    handler: async (request) => {
      requireActor(request);
      return bulkUpsertTranslations(signedInContextOf(request), request.body.translations);
    },
  });
}
