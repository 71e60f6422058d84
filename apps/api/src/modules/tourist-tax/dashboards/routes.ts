import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZDeclarationFigures } from '@app/domain/tourist-tax/filings/declaration-schemas';
import { errorResponses, ZDateString, ZXlsxFile } from '../../../lib/schemas.ts';
import { signedIn } from '../declarations/routes.ts';
import { cityDashboard } from './city-dashboard.ts';
import { readComunePeriodFigures } from './comune-period-figures.ts';
import { exportAnnualSummary, exportPeriodDeclarations } from './exports.ts';
import { readerLanguage } from '../../../i18n/reader-language.ts';
import { hotelierDashboard, ZHotelierDashboard } from './hotelier-dashboard.ts';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['dashboards'];
const ZYear = z.coerce.number().int().min(2021).max(2050);
const ZItem = z.object({ structureId: z.string(), name: z.string() });
const ZCityDashboard = z.object({
  cityId: z.string(),
  year: z.number(),
  period: z.object({ _id: z.string(), periodName: z.string(), dateFrom: z.string(), dateTo: z.string(), submitBy: z.string(), payBy: z.string() }).nullable(),
  counts: z.object({ structures: z.number(), declared: z.number(), notDeclared: z.number(), paid: z.number(), lateSubmission: z.number(), latePayment: z.number() }).nullable(),
  amounts: z.object({ taxDeclared: z.number(), taxCollectedFromGuests: z.number(), taxNotCollected: z.number(), taxPaidToComune: z.number(), taxOutstanding: z.number() }).nullable(),
  lists: z.object({ declared: z.array(ZItem), notDeclared: z.array(ZItem), paid: z.array(ZItem), lateSubmission: z.array(ZItem), latePayment: z.array(ZItem) }).nullable(),
  charts: z.object({
    byStructureTypeAndMonth: z.array(
      z.object({ structureTypeId: z.string().nullable(), structureTypeName: z.string().nullable(), month: z.number(), stays: z.number(), nights: z.number(), presences: z.number() }),
    ),
  }),
  toCheck: z.array(z.object({ structureId: z.string(), name: z.string(), reason: z.enum(['never_declared', 'zero_guests_had_guests_last_year']), detail: z.string() })),
});

const ZComunePeriodFigures = z.object({
  cityId: z.string(),
  dateFrom: z.string(),
  dateTo: z.string(),
  structures: z.array(z.object({ structureId: z.string(), name: z.string(), ...ZDeclarationFigures.shape })),
});

/** Dashboards (comune, hotelier) and the streamed xlsx exports of the filings. */
export function registerDashboardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/dashboards/city', {
    schema: {
      tags,
      summary: "The comune's dashboard for a year and period",
      querystring: z.object({ year: ZYear, declarationTemplateId: z.uuid().optional(), cityId: z.uuid().optional().describe('Admins only') }),
      response: { 200: ZCityDashboard, ...errors },
    },
    handler: async (request) => cityDashboard(signedIn(request), request.query),
  });
  r.get('/api/dashboards/city/period-figures', {
    schema: {
      tags,
      summary: 'What every structure of the comune would declare for a period: its stays checked out then, not yet in a declaration',
      querystring: z.object({ dateFrom: ZDateString, dateTo: ZDateString, cityId: z.uuid().optional().describe('Admins only') }),
      response: { 200: ZComunePeriodFigures, ...errors },
    },
    handler: async (request) => readComunePeriodFigures(signedIn(request), request.query),
  });
  r.get('/api/dashboards/hotelier', {
    schema: {
      tags,
      summary: "The hotelier's dashboard: structures, next deadlines, to-do",
      querystring: z.object({ year: z.string().optional() }),
      response: { 200: ZHotelierDashboard, ...errors },
    },
    handler: async (request) => hotelierDashboard(signedIn(request)),
  });
  r.get('/api/exports/declarations', {
    schema: {
      tags: ['exports'],
      summary: "A period's declarations (xlsx, streamed)",
      querystring: z.object({ declarationTemplateId: z.string(), year: z.string().optional() }),
      response: { 200: ZXlsxFile, ...errors },
    },
    handler: async (request, reply) => {
      const ctx = signedIn(request);
      return exportPeriodDeclarations(ctx, reply, request.query.declarationTemplateId, await readerLanguage(ctx.db, request.headers['accept-language'], ctx.actor.id));
    },
  });
  r.get('/api/exports/annual-summary', {
    schema: {
      tags: ['exports'],
      summary: 'Annual summary per structure: the four quarterly rows of the Agenzia delle Entrate declaration (xlsx, streamed)',
      querystring: z.object({ year: ZYear, cityId: z.uuid().optional(), structureId: z.uuid().optional() }),
      response: { 200: ZXlsxFile, ...errors },
    },
    handler: async (request, reply) => {
      const ctx = signedIn(request);
      return exportAnnualSummary(ctx, reply, request.query, await readerLanguage(ctx.db, request.headers['accept-language'], ctx.actor.id));
    },
  });
}
