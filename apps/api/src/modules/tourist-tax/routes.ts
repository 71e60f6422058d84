import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerCollection } from '../../lib/collection/routes.ts';
import type { TSignedInContext } from '../../lib/collection/define.ts';
import { contextOf, requireActor } from '../../lib/context.ts';
import { ZErrorBody } from '../../lib/schemas.ts';
import { citiesCollection } from './cities.ts';
import { exemptionsCollection } from './exemptions.ts';
import { previewStay } from './preview-stay.ts';
import { reductionsCollection } from './reductions.ts';
import { relevantAreasCollection } from './relevant-areas.ts';
import { ZStayComputation, ZStayPreviewInput } from './stay-shapes.ts';
import { staysCollection } from './stays.ts';
import { structureClassesCollection } from './structure-classes.ts';
import { structureTypesCollection } from './structure-types.ts';
import { structuresCollection } from './structures.ts';
import { tariffsCollection } from './tariffs.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };

export function signedInContext(request: Parameters<typeof contextOf>[0]): TSignedInContext {
  requireActor(request);
  return contextOf(request) as TSignedInContext;
}

/** Tourist tax: the comuni, their registries and rules, structures and stays, imports and exports. */
export async function registerTouristTax(app: FastifyInstance) {
  for (const collection of [
    citiesCollection,
    structureTypesCollection,
    structureClassesCollection,
    relevantAreasCollection,
    structuresCollection,
    tariffsCollection,
    reductionsCollection,
    exemptionsCollection,
    staysCollection,
  ]) {
    registerCollection(app, collection);
  }
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/stays/preview', {
    schema: {
      tags: ['tourist-tax'],
      summary: 'Compute the tax of a stay without saving it (per-night and per-guest-category breakdown)',
      body: ZStayPreviewInput,
      response: { 200: ZStayComputation, ...errors },
    },
    handler: async (request) => previewStay(signedInContext(request), request.body),
  });
}
