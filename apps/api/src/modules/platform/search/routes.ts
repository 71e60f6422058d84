import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../../lib/context.ts';
import { requireGrant } from '../../../lib/access.ts';
import { errorResponses, ZRecordBase } from '../../../lib/schemas.ts';
import { MIN_SEARCH_LETTERS, SEARCH_LIMIT, searchHoteliers, searchMunicipalities } from './search-tenants.ts';

const ZHotelierHit = ZRecordBase.extend({
  name: z.string().nullable(),
  surname: z.string().nullable(),
  email: z.string(),
  commercialName: z.string().nullable(),
  taxCode: z.string().nullable(),
  vatNumber: z.string().nullable(),
  cityId: z.string().nullable(),
  isEnabled: z.boolean(),
  structuresCount: z.number().int().describe('Structures this hotelier manages'),
});

const ZMunicipalityHit = ZRecordBase.extend({
  name: z.string(),
  email: z.string().nullable().describe('Contact e-mail, else PEC, else the account e-mail'),
  contactEmail: z.string().nullable(),
  emailPec: z.string().nullable(),
  accountEmail: z.string().nullable(),
  phone: z.string().nullable(),
  province: z.string().nullable(),
  istatCode: z.string().nullable(),
  isActive: z.boolean(),
});

/** Admin multi-tenant search: hoteliers or municipalities by free text, at least three letters. */
export function registerSearchRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/search', {
    schema: {
      tags: ['search'],
      summary: `Multi-tenant search (admin): hoteliers or municipalities matching q (at least ${MIN_SEARCH_LETTERS} characters), at most ${SEARCH_LIMIT}`,
      querystring: z.object({
        tab: z.enum(['hoteliers', 'municipalities']),
        q: z.string().trim().min(MIN_SEARCH_LETTERS, `must have at least ${MIN_SEARCH_LETTERS} characters`).max(200),
      }),
      response: { 200: z.union([z.array(ZHotelierHit), z.array(ZMunicipalityHit)]), ...errorResponses(400, 401, 403) },
    },
    // Role first, so a non-admin learns nothing from the validation of its query.
    preValidation: async (request) => {
      requireGrant(requireActor(request), 'search', 'view');
    },
    handler: async (request) => {
      const { tab, q } = request.query;
      return tab === 'hoteliers' ? searchHoteliers(app.services.db, q) : searchMunicipalities(app.services.db, q);
    },
  });
}
