import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formWorkflow } from '@app/domain/environmental/waste/form-flow';
import { ZNcaReportRecord } from '@app/domain/environmental/nca/report-schemas';
import { ZDestinationOutcome, ZFormRecord, ZFormTotal } from '@app/domain/environmental/waste/form-schemas';
import { searchEerCodes } from '@app/domain/environmental/waste/eer';
import { requireAccess } from '../../../lib/access.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { collectionRuntime, registerCollection } from '../../../lib/collection/routes.ts';
import { signedInContextOf } from '../../../lib/context.ts';
import { errorResponses, ZIdParams, ZPdfFile, ZXlsxFile } from '../../../lib/schemas.ts';
import { registerWorkflowRoutes } from '../../../lib/workflow/run-transition.ts';
import { bulkAccessOf } from '@app/domain/platform/access/bulk-actions';
import { sendXlsx } from '../../../lib/xlsx-stream.ts';
import { attachFormDocument } from './attach-document.ts';
import { exportForms, formTotals, ZFormListFilters, type TFormListFilters } from './form-lists.ts';
import { readerLanguage } from '../../../i18n/reader-language.ts';
import { printFormPdf } from './print-form.ts';
import { rentriBodyOf, ZRentriFirBody } from './rentri/rentri-body.ts';
import { formsCollection, formToRecord } from './forms.ts';
import { ncaReportsRuntime, openNcaFromForm } from './open-nca.ts';
import { formTransitions } from './transition-form.ts';
import { registerFormRegisterRoutes } from './register/routes.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
const ZReason = z.object({ reason: z.string().trim().min(1, 'validation.required').max(2000) });
const tags = ['environmental'];

const ZEerQuery = z.object({
  q: z.string().trim().max(200).default('').describe('A code or its beginning (`15 01`, `150106`, `15 01 10*`), or words of the Italian or English description'),
  limit: z.coerce.number().int().min(1).max(842).default(50),
});
const ZEerText = z.object({ it: z.string().nullable().describe('Italian (Decision 2014/955/EU); every chapter and sub-chapter has it, null is no longer sent'), en: z.string() });
const ZEerEntry = z.object({
  code: z.string().describe('6 digits, as stored'),
  display: z.string().describe('17 05 03*'),
  hazardous: z.boolean(),
  mirror: z.boolean(),
  it: z.string().nullable().describe('Italian description (Decision 2014/955/EU); every entry has it, null is no longer sent'),
  en: z.string(),
  chapter: ZEerText,
  subChapter: ZEerText,
});

function signedIn(request: FastifyRequest): TSignedInContext {
  return signedInContextOf(request);
}

/** Waste forms (`/api/forms`): collection, review transitions, totals, xlsx export, PDF, signed document. */
export async function registerFormRoutes(app: FastifyInstance) {
  const runtime = collectionRuntime(formsCollection);
  const r = app.withTypeProvider<ZodTypeProvider>();
  // One export, two addresses: the collection contract's /export and the older /export.xlsx. Declared
  // before the collection, so the collection keeps this one instead of its generic export.
  const exportXlsx = {
    schema: { tags, summary: 'The forms matching the filters as xlsx', querystring: ZFormListFilters, response: { 200: ZXlsxFile, ...errors } },
    handler: async (request: FastifyRequest<{ Querystring: TFormListFilters }>, reply: FastifyReply) => {
      const ctx = signedIn(request);
      await requireAccess(ctx, 'forms', 'export');
      const language = await readerLanguage(ctx.db, request.headers['accept-language'], ctx.actor.id);
      const { fileName, stream } = await exportForms(runtime, ctx, request.query, reply.log, language);
      return sendXlsx(reply, fileName, stream);
    },
  };
  r.get('/api/forms/eer-codes', {
    schema: {
      tags,
      summary: "The European List of Waste (EER) for the form's code picker: search by code or by Italian or English description",
      querystring: ZEerQuery,
      response: { 200: z.object({ data: z.array(ZEerEntry) }), ...errors },
    },
    handler: async (request) => {
      await requireAccess(signedIn(request), 'forms', 'list');
      return { data: searchEerCodes(request.query.q, request.query.limit) };
    },
  });
  r.get('/api/forms/export', exportXlsx);
  r.get('/api/forms/export.xlsx', exportXlsx);
  registerFormRegisterRoutes(app, runtime);
  const transitions = formTransitions(app);
  registerCollection(app, formsCollection, {
    bulk: {
      actions: {
        approve: {
          access: bulkAccessOf('forms', 'approve'),
          summary: 'the consortium signs each compiled form, as POST /{id}/approve (a form failing a RENTRI check is refused)',
          run: (ctx, id) => transitions.run(ctx, id, 'approve', undefined),
        },
      },
    },
  });

  // The transitions' permission keys (forms.update) apply when the permission system is on.
  await app.register(async (scope) => {
    scope.addHook('preHandler', async (request) => {
      const action = request.routeOptions.url?.split('/').pop();
      if (formWorkflow.isAction(action)) await requireAccess(signedIn(request), 'forms', action);
    });
    registerWorkflowRoutes(scope, transitions, {
      collection: 'forms',
      tags,
      record: ZFormRecord,
      toRecord: formToRecord,
      actions: {
        approve: {
          summary: 'The consortium, the producer, signs the form (RENTRI FirmaProduttore; refused while a RENTRI check fails): compiled -> producerSigned, read-only',
          body: z.object({}).optional(),
        },
        reject: { summary: 'The consortium sends the form back with a reason; it stays compiled', body: ZReason },
        revoke: { summary: "An administrator revokes the producer's signature with a reason (before the transport); the form is compiled again", body: ZReason },
        startTransport: { summary: 'The load leaves: producerSigned -> inTransport', body: z.object({}).optional() },
        accept: { summary: 'The destination accepted the load, with the quantity it took: inTransport -> accepted', body: ZDestinationOutcome.omit({ rejectionCause: true, reason: true }) },
        acceptInPart: {
          summary: 'The destination accepted part of the load (quantity taken, cause, reason): inTransport -> partiallyAccepted',
          body: ZDestinationOutcome.extend({ reason: ZReason.shape.reason }),
        },
        refuse: {
          summary: 'The destination rejected the load (cause, reason): inTransport -> rejected',
          body: ZDestinationOutcome.omit({ acceptedQuantity: true }).extend({ reason: ZReason.shape.reason }),
        },
        cancel: { summary: 'The consortium cancels the form before the transport, with a reason (RENTRI annulla): -> cancelled', body: ZReason },
      },
    });
  });

  r.get('/api/forms/totals', {
    schema: { tags, summary: 'Quantity per EER code, unit and month, over the forms you may list', querystring: ZFormListFilters, response: { 200: z.array(ZFormTotal), ...errors } },
    handler: async (request) => formTotals(runtime, signedIn(request), request.query),
  });
  r.get('/api/forms/:id/pdf', {
    schema: {
      tags,
      summary: 'The form as a PDF, in the order of RENTRI’s FIR, in the reader’s language (Accept-Language, else the account’s)',
      params: ZIdParams,
      response: { 200: ZPdfFile, ...errors },
    },
    handler: async (request, reply) => {
      const ctx = signedIn(request);
      const row = await ctx.db.transaction((tx) => transitions.loadForUpdate(tx, ctx, request.params.id, { lock: false }));
      const pdf = await printFormPdf(ctx.db, row, await readerLanguage(ctx.db, request.headers['accept-language'], ctx.actor.id));
      const name = row.code.replace(/[^A-Za-z0-9_-]+/g, '-');
      return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="formulario-${name}.pdf"`).send(Buffer.from(pdf));
    },
  });
  r.get('/api/forms/:id/rentri', {
    schema: {
      tags,
      summary: 'The form as the body of RENTRI’s “create FIR” (formulari v1.0, NuovoFormularioModel); 409 FORM_RENTRI_INCOMPLETE lists what RENTRI needs first',
      params: ZIdParams,
      response: { 200: ZRentriFirBody, ...errors },
    },
    handler: async (request) => {
      const ctx = signedIn(request);
      return rentriBodyOf(ctx, (id) => ctx.db.transaction((tx) => transitions.loadForUpdate(tx, ctx, id, { lock: false })), request.params.id);
    },
  });
  r.post('/api/forms/:id/openNca', {
    schema: {
      tags,
      summary: 'Open a pending NCA report, prefilled, from a form rejected at destination for non-conformity (one per form)',
      params: ZIdParams,
      body: z.object({}).optional(),
      response: { 201: ZNcaReportRecord, ...errors },
    },
    handler: async (request, reply) => {
      const ctx = signedIn(request);
      const report = await openNcaFromForm(ctx, request.params.id);
      reply.code(201);
      return (await ncaReportsRuntime.present([report], ctx))[0] as z.infer<typeof ZNcaReportRecord>;
    },
  });
  r.post('/api/forms/:id/document', {
    schema: {
      tags,
      summary: 'Attach the signed FIR document (a PDF, or a .p7m whose signature is verified) uploaded with linkedEntityType "forms"',
      params: ZIdParams,
      body: z.object({ uploadId: z.uuid() }),
      response: { 200: ZFormRecord, ...errors, ...errorResponses(415, 422) },
    },
    handler: async (request) => formToRecord(await attachFormDocument(app.services, signedIn(request), request.params.id, request.body.uploadId)),
  });
}
