import type { FastifyInstance } from 'fastify';
import { MODELLO21_STATUSES } from '@app/domain/tourist-tax/filings/modello21-flow';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerCollection } from '../../../lib/collection/routes.ts';
import { errorResponses, ZIdParams, ZPdfFile } from '../../../lib/schemas.ts';
import { registerWorkflowRoutes } from '../../../lib/workflow/run-transition.ts';
import { signedIn } from '../declarations/routes.ts';
import { loadModello21ForPdf, modello21Info, modello21Transitions } from './transition-modello21.ts';
import { printModello21Pdf } from './print-modello21.ts';
import { modello21ToRecord, modello21Collection, ZModello21Record } from './modello21.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['modello21'];
const ZIssue = z.object({ path: z.string(), message: z.string(), month: z.number().optional() });
const ZInfo = z.object({
  _id: z.string(),
  year: z.number(),
  status: z.enum(MODELLO21_STATUSES),
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
  registerCollection(app, modello21Collection);

  r.get('/api/twenty-one-models/:id/info', {
    schema: { tags, summary: 'Model info: requirement, deadline and reconciliation', params: ZIdParams, response: { 200: ZInfo, ...errors } },
    handler: async (request) => modello21Info(app, signedIn(request), request.params.id),
  });
  registerWorkflowRoutes(app, modello21Transitions(app), {
    collection: 'twenty-one-models',
    tags,
    record: ZModello21Record,
    toRecord: (row) => modello21ToRecord(row),
    actions: {
      refresh: { summary: 'Prefill again from the stays and payments (corrected months are kept)', body: z.object({}).optional() },
      submit: { summary: 'Submit to the comune (refused until it reconciles)', body: z.object({}).optional() },
      validate: {
        summary: 'The comune validates it with its number',
        body: z.object({ validationNumber: z.string().trim().min(1, 'validation.required').max(100), cityNotes: z.string().trim().max(5000).nullable().optional() }),
      },
      return: { summary: 'The comune sends it back to draft with a reason', body: z.object({ reason: z.string().trim().min(1, 'validation.required').max(2000) }) },
    },
  });
  r.get('/api/twenty-one-models/:id/pdf', {
    schema: {
      tags,
      summary: 'The Modello 21 PDF (official layout, Italian); draft=true: a preview watermarked "bozza", also before it reconciles',
      params: ZIdParams,
      querystring: z.object({ draft: z.enum(['true', 'false']).optional() }),
      response: { 200: ZPdfFile, ...errors },
    },
    handler: async (request, reply) => {
      const ctx = signedIn(request);
      const row = await loadModello21ForPdf(app, ctx, request.params.id);
      const draft = request.query.draft === 'true';
      const pdf = await printModello21Pdf(ctx.db, row, { draft });
      reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="modello21-${row.year}${draft ? '-bozza' : ''}.pdf"`);
      return reply.send(Buffer.from(pdf));
    },
  });
}
