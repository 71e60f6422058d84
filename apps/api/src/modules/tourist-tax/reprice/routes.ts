import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/schemas.ts';
import { signedInContext } from '../registry/routes.ts';
import { repriceStays, ZRepriceBody, ZRepriceResult } from './reprice-stays.ts';

/** Repricing the saved stays of a comune after its rules changed (preview, then apply). */
export function registerRepriceRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/stays/reprice', {
    schema: {
      tags: ['tourist-tax'],
      summary: "Preview (default) or apply the comune's current rules to its stays not yet declared",
      description:
        'After editing or deleting a tariff, reduction or exemption: lists the stays whose amounts change (before/after), the ones the rules cannot price, and how many declared stays are left untouched. With apply=true saves the changed stays (or the chosen stayIds) in one transaction.',
      body: ZRepriceBody,
      response: { 200: ZRepriceResult, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => repriceStays(signedInContext(request), request.body),
  });
}
