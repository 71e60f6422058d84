import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerCollection } from '../../../lib/collection/routes.ts';
import { errorResponses, ZIdParams } from '../../../lib/schemas.ts';
import { signedIn } from '../declarations/routes.ts';
import { decideModello21, loadModello21ForPdf, modello21Info, refreshModello21, submitModello21 } from './model-flow.ts';
import { renderModello21Pdf } from './modello21-pdf.ts';
import { modello21ToRecord, twentyOneModelsCollection, ZModello21Record } from './twenty-one-models.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['modello21'];
const ZIssue = z.object({ path: z.string(), message: z.string(), month: z.number().optional() });
const ZInfo = z.object({
  _id: z.string(),
  year: z.number(),
  status: z.enum(['draft', 'submitted', 'validated']),
  cityName: z.string(),
  structureName: z.string(),
  required: z.boolean().describe('Whether the comune requires the Modello 21'),
  deadline: z.string(),
  daysToDeadline: z.number(),
  reconciled: z.boolean(),
  canSubmit: z.boolean(),
  issues: z.array(ZIssue),
  warnings: z.array(ZIssue),
});

/** Modello 21 (`/api/twenty-one-models`): collection, model info, refresh, submit, comune's decision, PDF. */
export function registerModello21Routes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  registerCollection(app, twentyOneModelsCollection);

  r.get('/api/twenty-one-models/:id/info', {
    schema: { tags, summary: 'Model info: requirement, deadline and reconciliation', params: ZIdParams, response: { 200: ZInfo, ...errors } },
    handler: async (request) => modello21Info(signedIn(request), request.params.id),
  });
  r.post('/api/twenty-one-models/:id/refresh', {
    schema: { tags, summary: 'Prefill again from the stays and payments (corrected months are kept)', params: ZIdParams, body: z.object({}).optional(), response: { 200: ZModello21Record, ...errors } },
    handler: async (request) => modello21ToRecord(await refreshModello21(signedIn(request), request.params.id)),
  });
  r.post('/api/twenty-one-models/:id/submit', {
    schema: { tags, summary: 'Submit to the comune (refused until it reconciles)', params: ZIdParams, body: z.object({}).optional(), response: { 200: ZModello21Record, ...errors } },
    handler: async (request) => modello21ToRecord(await submitModello21(app, signedIn(request), request.params.id)),
  });
  r.post('/api/twenty-one-models/:id/validate', {
    schema: {
      tags,
      summary: 'The comune validates it with its number',
      params: ZIdParams,
      body: z.object({ validationNumber: z.string().trim().min(1, 'validation.required').max(100), cityNotes: z.string().trim().max(5000).nullable().optional() }),
      response: { 200: ZModello21Record, ...errors },
    },
    handler: async (request) => modello21ToRecord(await decideModello21(app, signedIn(request), request.params.id, { validate: true, ...request.body })),
  });
  r.post('/api/twenty-one-models/:id/return', {
    schema: { tags, summary: 'The comune sends it back to draft with a reason', params: ZIdParams, body: z.object({ reason: z.string().trim().min(1, 'validation.required').max(2000) }), response: { 200: ZModello21Record, ...errors } },
    handler: async (request) => modello21ToRecord(await decideModello21(app, signedIn(request), request.params.id, { validate: false, reason: request.body.reason })),
  });
  r.get('/api/twenty-one-models/:id/pdf', {
    schema: { tags, summary: 'The Modello 21 PDF (official layout, Italian)', params: ZIdParams, response: { 200: z.any().describe('application/pdf'), ...errors } },
    handler: async (request, reply) => {
      const ctx = signedIn(request);
      const row = await loadModello21ForPdf(ctx, request.params.id);
      const pdf = await renderModello21Pdf(ctx.db, row);
      reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="modello21-${row.year}.pdf"`);
      return reply.send(Buffer.from(pdf));
    },
  });
}
