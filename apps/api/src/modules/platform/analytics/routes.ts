import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../lib/schemas.ts';
import { recordPageView } from './record-page-view.ts';

const ZPath = z.string().trim().min(1).max(2048).regex(/^\//, 'must start with /');

export function registerAnalyticsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/page-views', {
    schema: {
      tags: ['analytics'],
      summary: 'Record a page view (anonymous allowed). Stored only when the analytics feature is on: 201; otherwise 204 and nothing is stored',
      security: [],
      body: z.object({ pageName: z.string().trim().max(200).nullish(), fullPath: ZPath, path: ZPath }),
      response: { 201: z.object({ _id: z.string() }), 204: z.null().describe('analytics is off: nothing stored'), ...errorResponses(400, 401) },
    },
    handler: async (request, reply) => {
      const stored = await recordPageView(app.services.db, request.actor?.id ?? null, request.body);
      if (!stored) return reply.code(204).send(null);
      return reply.code(201).send({ _id: stored.id });
    },
  });
}
