import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ALLOGGIATI_TABLES_SOURCE, searchAlloggiatiCodes } from '@app/domain/tourist-tax/alloggiati-codes';
import { requireAccess } from '../../../lib/access.ts';
import { errorResponses, fileResponse, ZDateString, ZXlsxFile } from '../../../lib/schemas.ts';
import { XLSX_MIME } from '../../../lib/xlsx-stream.ts';
import { signedInContext } from '../registry/routes.ts';
import { ALLOGGIATI_CONTENT_TYPE, buildAlloggiatiDayFile } from './alloggiati-day-file.ts';
import { istatMovementXlsx, loadIstatMovement, ZIstatMovement } from './istat-movements.ts';

const tags = ['tourist-tax'];
const ZStructureParams = z.object({ id: z.uuid() });
const ZMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month YYYY-MM');
const ZCode = z.object({
  code: z.string(),
  name: z.string(),
  province: z.string().nullable(),
  kind: z.enum(['comune', 'state', 'document']),
  validTo: z.string().optional().describe('Last day the code was valid (a suppressed comune, a former state); absent while in force'),
});

/** The files the police and ISTAT ask of a structure, from the guests it already recorded for the tax. */
export function registerPoliceFileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/structures/:id/alloggiati', {
    schema: {
      tags,
      summary: "The questura's file (Alloggiati Web) of the guests arrived on a day",
      description:
        'One 168-character record per guest of the stays with check-in on `date` (16 single guest; 17 head of family then its 19 members; 18 group leader then its 20 members), CRLF line ends, ' +
        'ISO-8859-1 (one byte per character: the fields are read by position). The hotelier uploads it on the Alloggiati Web portal: this product does not send it. ' +
        '422 ALLOGGIATI_INCOMPLETE when a guest lacks a field the record needs: details [{path stays.<stayId>.guests.<index>.<field>, message alloggiati.<reason>: <guest>, value}], ' +
        'reasons missing, unknownCode, ambiguous, tooLong, charset, birthAfterArrival, stayTooLong. Header X-Alloggiati-Guests: the records written (0 on a day without arrivals).',
      params: ZStructureParams,
      querystring: z.object({ date: ZDateString }),
      response: { 200: fileResponse('text/plain', 'Alloggiati Web file (ISO-8859-1, CRLF)'), ...errorResponses(400, 401, 403, 404, 422) },
    },
    handler: async (request, reply) => {
      const file = await buildAlloggiatiDayFile(signedInContext(request), request.params.id, request.query.date);
      return reply
        .header('Content-Type', ALLOGGIATI_CONTENT_TYPE)
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('X-Alloggiati-Guests', String(file.guests))
        .send(file.bytes);
    },
  });

  r.get('/api/structures/:id/istat-movements', {
    schema: {
      tags,
      summary: "The structure's monthly movement of guests for ISTAT and the region (model C/59)",
      description:
        'Per day of the month: arrivals, departures and presences (guests present that night), in total and by residence (Italian province, else state). ' +
        'Presences are the guest-nights the declarations count for the same nights. An xlsx workbook with `?format=xlsx` or `Accept: ' +
        XLSX_MIME +
        '`.',
      params: ZStructureParams,
      querystring: z.object({ month: ZMonth, format: z.enum(['json', 'xlsx']).optional() }),
      response: { 200: ZIstatMovement.or(ZXlsxFile), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const movement = await loadIstatMovement(signedInContext(request), request.params.id, request.query.month);
      const wantsXlsx = request.query.format === 'xlsx' || (request.query.format === undefined && (request.headers.accept ?? '').includes(XLSX_MIME));
      if (!wantsXlsx) return movement;
      const bytes = await istatMovementXlsx(movement);
      return reply.header('Content-Type', XLSX_MIME).header('Content-Disposition', `attachment; filename="movimento-istat-${movement.month}.xlsx"`).send(bytes);
    },
  });

  r.get('/api/alloggiati-codes', {
    schema: {
      tags,
      summary: 'Search the Alloggiati Web code tables by name (comuni, states, places of issue, document types)',
      description: `The tables Luoghi and Tipi_Documento of the Polizia di Stato's service, as the portal published them and as copied in ${ALLOGGIATI_TABLES_SOURCE.repository} (${ALLOGGIATI_TABLES_SOURCE.date}); closed codes included, with their last valid day; see README.`,
      querystring: z.object({
        kind: z.enum(['comune', 'state', 'place', 'document']).describe('comune: birth comune; state: birth state or citizenship; place: place of issue (comune or state); document: document type'),
        q: z.string().max(100).describe('Start of the name (accents ignored), or a code'),
        limit: z.coerce.number().int().min(1).max(50).optional(),
      }),
      response: { 200: z.object({ items: z.array(ZCode), source: z.object({ repository: z.string(), path: z.string(), commit: z.string(), date: z.string() }) }), ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => {
      await requireAccess(signedInContext(request), 'stays', 'searchPoliceCodes');
      return { items: searchAlloggiatiCodes(request.query.kind, request.query.q, request.query.limit ?? 20), source: ALLOGGIATI_TABLES_SOURCE };
    },
  });
}
