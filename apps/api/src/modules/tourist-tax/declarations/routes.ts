import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eurosToCents } from '@app/domain/tourist-tax/money';
import { collectionRuntime, registerCollection } from '../../../lib/collection/routes.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { signedInContextOf } from '../../../lib/context.ts';
import { errorResponses, ZDateString, ZIdParams, ZPdfFile } from '../../../lib/schemas.ts';
import { registerWorkflowRoutes } from '../../../lib/workflow/run-transition.ts';
import { bulkAccessOf } from '@app/domain/platform/access/bulk-actions';
import { ZEuros } from '../registry/fields.ts';
import { addDeclarationAttachment, listDeclarationAttachments, removeDeclarationAttachment, ZAttachmentInput, ZAttachmentRecord } from './attachments.ts';
import { declarationTemplatesCollection, generateYearPeriods, ZGeneratePeriodsBody, ZTemplateRecord } from './declaration-templates.ts';
import { declarationSearch, declarationsCollection, declarationToRecord, overdueCondition, ZDeclarationRecord } from './declarations.ts';
import { allOf } from '../../../lib/collection/query.ts';
import { readFilingSettings, updateFilingSettings, ZFilingSettings, ZFilingSettingsUpdate } from './filing-settings.ts';
import { printDeclarationReceipt } from './print-receipt.ts';
import { readerLanguage } from '../../../i18n/reader-language.ts';
import { listDeclarationPayments, ZPaymentRecord } from './payments.ts';
import { readPagopaNotice, ZPagopaNotice } from './pagopa-notice.ts';
import { declarationTransitions, recordDeclarationPayment } from './transition-declaration.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['declarations'];

export function signedIn(request: FastifyRequest): TSignedInContext {
  return signedInContextOf(request);
}

const ZConfirm = z.object({ confirm: z.literal(true).describe('The user confirmed the prompt') });
const ZReturnBody = z.object({ reason: z.string().trim().min(1, 'validation.required').max(2000) });
const ZPaymentBody = z.object({
  paymentDate: ZDateString,
  trn: z.string().trim().min(1, 'validation.required').max(100).describe('TRN / CRO of the transfer, or the PagoPA notice code'),
  paidAmount: ZEuros.nullable().optional().describe('Amount of this payment; defaults to what is still due (tax collected from guests minus earlier payments)'),
  paymentReceiptUploadId: z.uuid().nullable().optional(),
  treasuryReference: z.string().trim().max(100).nullable().optional().describe("The treasury's reversale / ordinativo d'incasso number"),
  receiptNumber: z.string().trim().max(100).nullable().optional().describe("The treasury's quietanza number"),
});
const ZDeclarationListQuery = z.looseObject({
  limit: z.string().optional(),
  skip: z.string().optional(),
  sort: z.string().optional(),
  q: z.string().optional(),
  count: z.string().optional(),
  year: z.string().optional(),
  overdue: z.enum(['submission', 'payment']).optional().describe('submission: not submitted after submitBy; payment: not paid after payBy'),
  allYears: z.enum(['true', 'false']).optional().describe('true: every year, whatever `year` says (the comune browses all its declarations)'),
});
const declarationsList = collectionRuntime(declarationsCollection);

/** The list's own parameters beside the generic ones: every year (allYears), overdue, q over the structure's name too. */
function declarationListSelection(signed: TSignedInContext, listQuery: Record<string, unknown>) {
  const { overdue, allYears, q, ...query } = listQuery;
  const ctx = allYears === 'true' ? { ...signed, year: null } : signed;
  const extra = allOf([overdue === undefined ? undefined : overdueCondition(String(overdue)), typeof q === 'string' && q.trim() ? declarationSearch(q.trim()) : undefined]);
  return { ctx, query, extra };
}
const ZAttachmentParams = z.object({ id: z.string(), attachmentId: z.string() });

/** Declaration periods, declarations (flow, payment, attachments, receipt) and the comune's filing settings. */
export function registerDeclarationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  registerCollection(app, declarationTemplatesCollection);
  r.post('/api/declaration-templates/generate', {
    schema: { tags, summary: "Generate a comune's periods for a whole year", body: ZGeneratePeriodsBody, response: { 201: z.array(ZTemplateRecord), ...errors } },
    handler: async (request, reply) => {
      const ctx = signedIn(request);
      const rows = await generateYearPeriods(ctx, request.body);
      reply.code(201);
      return rows.map((row) => ({ ...row, _id: row.id, id: undefined, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() }));
    },
  });
  const transitions = declarationTransitions(app);
  registerCollection(app, declarationsCollection, {
    bulk: {
      actions: {
        validate: {
          access: bulkAccessOf('declarations', 'validate'),
          summary: 'validate (comune), as POST /{id}/validate; input `{ confirm: true }` after the prompt',
          input: ZConfirm,
          // The confirmation is the whole request's; validate takes no reason.
          run: (ctx, id) => transitions.run(ctx, id, 'validate', undefined),
        },
      },
      // The rows the list shows: its own filters (overdue, allYears, q over the structure) included.
      selection: declarationListSelection,
    },
  });
  r.get('/api/declarations', {
    schema: {
      tags,
      summary: 'List declarations (generic list query, plus overdue=submission|payment and allYears=true; q also finds the structure by name)',
      querystring: ZDeclarationListQuery,
      response: { 200: z.array(ZDeclarationRecord), ...errors },
    },
    handler: async (request, reply) => {
      const { ctx, query, extra } = declarationListSelection(signedIn(request), request.query);
      const { rows, total } = await declarationsList.list(ctx, query, extra);
      if (total !== undefined) reply.header('X-Total-Count', String(total));
      return rows.map((row) => declarationToRecord(row as never));
    },
  });

  registerWorkflowRoutes(app, transitions, {
    collection: 'declarations',
    tags,
    record: ZDeclarationRecord,
    toRecord: declarationToRecord,
    actions: {
      submit: { summary: 'Submit (hotelier): figures frozen, counted stays locked', body: z.object({}) },
      validate: { summary: 'Validate (comune), after the confirmation prompt', body: ZConfirm },
      return: { summary: 'Send back to the hotelier with a reason (comune)', body: ZReturnBody },
      revoke: { summary: 'Revoke a validation (comune), after the confirmation prompt', body: ZConfirm },
    },
  });

  r.get('/api/declarations/:id/payments', {
    schema: { tags, summary: 'The payments of a declaration, oldest first', params: ZIdParams, response: { 200: z.array(ZPaymentRecord), ...errors } },
    handler: async (request) => {
      const ctx = signedIn(request);
      // The declaration in the caller's scope (404 otherwise), then its payments.
      await app.services.collections.get('declarations')!.getById(ctx, request.params.id);
      return listDeclarationPayments(ctx.db, request.params.id);
    },
  });

  r.get('/api/declarations/:id/pagopa', {
    schema: {
      tags,
      summary: 'pagoPA notice data of a declaration: notice number, IUV, QR payload and the GPD debt position (409 when nothing is due or the comune is not set up)',
      params: ZIdParams,
      response: { 200: ZPagopaNotice, ...errors },
    },
    handler: async (request) => {
      const ctx = signedIn(request);
      // Same access as reading the declaration: 403 for roles without it, 404 outside the filing scope.
      await app.services.collections.get('declarations')!.getById(ctx, request.params.id);
      return readPagopaNotice(ctx, request.params.id);
    },
  });

  r.post('/api/declarations/:id/payment', {
    schema: {
      tags,
      summary: 'Record a payment to the comune (hotelier); each call adds one (several payments per declaration)',
      params: ZIdParams,
      body: ZPaymentBody,
      response: { 200: ZDeclarationRecord, ...errors },
    },
    handler: async (request) => {
      const ctx = signedIn(request);
      const paid = request.body.paidAmount === undefined || request.body.paidAmount === null ? null : eurosToCents(request.body.paidAmount);
      return declarationToRecord(await recordDeclarationPayment(app, ctx, request.params.id, request.body, paid));
    },
  });

  r.get('/api/declarations/:id/receipt', {
    schema: { tags, summary: 'PDF receipt of a submitted declaration', params: ZIdParams, response: { 200: ZPdfFile, ...errors } },
    handler: async (request, reply) => {
      const ctx = signedIn(request);
      const runtime = app.services.collections.get('declarations')!;
      const row = await runtime.getById(ctx, request.params.id);
      const pdf = await printDeclarationReceipt(ctx.db, row as never, await readerLanguage(ctx.db, request.headers['accept-language'], ctx.actor.id));
      reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="ricevuta-${String(row.code ?? row.id)}.pdf"`);
      return reply.send(Buffer.from(pdf));
    },
  });

  r.get('/api/declarations/:id/attachments', {
    schema: { tags, summary: 'Attachments of a declaration', params: ZIdParams, response: { 200: z.array(ZAttachmentRecord), ...errors } },
    handler: async (request) => listDeclarationAttachments(signedIn(request), request.params.id),
  });
  r.post('/api/declarations/:id/attachments', {
    schema: { tags, summary: 'Attach an uploaded file (identity card, passport, driving licence, other)', params: ZIdParams, body: ZAttachmentInput, response: { 201: ZAttachmentRecord, ...errors } },
    handler: async (request, reply) => {
      const record = await addDeclarationAttachment(signedIn(request), request.params.id, request.body);
      reply.code(201);
      return record;
    },
  });
  r.delete('/api/declarations/:id/attachments/:attachmentId', {
    schema: { tags, summary: 'Remove an attachment', params: ZAttachmentParams, response: { 200: z.object({ _id: z.string() }), ...errors } },
    handler: async (request) => {
      await removeDeclarationAttachment(signedIn(request), request.params.id, request.params.attachmentId);
      return { _id: request.params.attachmentId };
    },
  });

  const ZCityQuery = z.object({ cityId: z.uuid().optional().describe('Admins only'), year: z.string().optional() });
  r.get('/api/filing-settings', {
    schema: { tags, summary: "The comune's filing settings (reminders)", querystring: ZCityQuery, response: { 200: ZFilingSettings, ...errors } },
    handler: async (request) => readFilingSettings(signedIn(request), request.query.cityId),
  });
  r.put('/api/filing-settings', {
    schema: { tags, summary: "Change the comune's filing settings", querystring: ZCityQuery, body: ZFilingSettingsUpdate, response: { 200: ZFilingSettings, ...errors } },
    handler: async (request) => updateFilingSettings(signedIn(request), request.query.cityId, request.body),
  });
}
