import multipart from '@fastify/multipart';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZConfirmAccounting, ZRdpRecord } from '@app/domain/environmental/rdp/rdps';
import { ZDateString } from '@app/domain/platform/records/fields';
import { agencies, lots, uploads } from '../../../db/schema/index.ts';
import { requireAccess } from '../../../lib/access.ts';
import { registerCollection, type TCollectionRuntime } from '../../../lib/collection/routes.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { signedInContextOf } from '../../../lib/context.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { multipartReadError } from '../../../lib/multipart.ts';
import { errorResponses, fileResponse, ZIdParams, ZXlsxFile } from '../../../lib/schemas.ts';
import { XLSX_MIME } from '../../../lib/xlsx-stream.ts';
import { inTransition, registerWorkflowRoutes } from '../../../lib/workflow/run-transition.ts';
import { importRdps, MAX_RDP_IMPORT_BYTES, rdpImportTemplate } from './import-rdps.ts';
import { readerLanguage } from '../../../i18n/reader-language.ts';
import { translate } from '../../../i18n/translate.ts';
import { openNcaFromRdp } from './open-nca.ts';
import { computeRdpTotals } from './rdp-totals.ts';
import { rdpsCollection, rdpToRecord } from './rdps-collection.ts';
import { rdpTransitions, type TRdpFile } from './transition-rdp.ts';

const tags = ['environmental'];
const errors = errorResponses(400, 401, 403, 404, 409);
const ZReason = z.object({ reason: z.string().trim().min(1, 'validation.required').max(2000) });

const signedIn = (request: FastifyRequest): TSignedInContext => {
  return signedInContextOf(request);
};

/** The one `file` part of a multipart request. */
export async function readFilePart(request: FastifyRequest, maxBytes: number): Promise<TRdpFile> {
  if (!request.isMultipart()) throw new AppError('VALIDATION_FAILED', 'Send multipart/form-data with a file part', { details: [{ path: 'file', message: 'multipart/form-data expected' }] });
  let file: TRdpFile | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || file) throw new AppError('VALIDATION_FAILED', 'Send one file part named file', { details: [{ path: part.fieldname, message: 'unexpected file part' }] });
      file = { bytes: await part.toBuffer(), fileName: part.filename || null };
    }
  } catch (error) {
    throw multipartReadError(error, maxBytes);
  }
  if (!file) throw new AppError('VALIDATION_FAILED', 'Some fields are not valid', { details: [{ path: 'file', message: 'validation.required' }] });
  return file;
}

const FILES = { draft: 'temporaryRdp', signed: 'signedRdp', 'signed-content': 'signedInnerPdf' } as const;

/** Laboratory test reports: the collection, the workflow actions, the file uploads and views, the totals. */
export async function registerRdps(app: FastifyInstance): Promise<TCollectionRuntime> {
  const runtime = registerCollection(app, rdpsCollection);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/rdps/sample-choices', {
    schema: {
      tags,
      summary: 'The lots and agencies a report may name (ids and names), for whoever writes reports: a laboratory reads neither registry',
      response: {
        200: z.object({ lots: z.array(z.object({ _id: z.string(), name: z.string(), code: z.string() })), agencies: z.array(z.object({ _id: z.string(), businessName: z.string() })) }),
        ...errors,
      },
    },
    handler: async (request) => {
      const ctx = signedIn(request);
      await requireAccess(ctx, 'rdps', 'sampleChoices');
      const [lotRows, agencyRows] = await Promise.all([
        ctx.db.select({ _id: lots.id, name: lots.name, code: lots.code }).from(lots).orderBy(asc(lots.name)),
        ctx.db.select({ _id: agencies.id, businessName: agencies.businessName }).from(agencies).orderBy(asc(agencies.businessName)),
      ]);
      return { lots: lotRows, agencies: agencyRows };
    },
  });

  registerWorkflowRoutes(app, rdpTransitions(app), {
    collection: 'rdps',
    tags,
    record: ZRdpRecord,
    toRecord: rdpToRecord,
    actions: {
      approveDraft: { summary: 'The consortium approves the draft PDF', body: z.object({}).optional() },
      rejectDraft: { summary: 'The consortium sends the draft back to the laboratory with a note', body: ZReason },
      approveSigned: { summary: 'The consortium approves the signed file: the report is completed', body: z.object({}).optional() },
      rejectSigned: { summary: 'The consortium rejects the signed file with a reason (back to approved; the file stays in history)', body: ZReason },
      confirmAccounting: { summary: 'SAL confirmation: who, when, the SAL reference; freezes the price', body: ZConfirmAccounting },
    },
  });

  await app.register(async (scope) => {
    const maxBytes = Math.max(app.services.config.uploadMaxBytes, 32 * 2 ** 20);
    await scope.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 2, parts: 3 } });
    const s = scope.withTypeProvider<ZodTypeProvider>();
    s.post('/api/rdps/:id/uploadDraft', {
      schema: {
        tags,
        summary: 'The laboratory uploads (or replaces) the draft PDF of a report in processing',
        consumes: ['multipart/form-data'],
        params: ZIdParams,
        response: { 200: ZRdpRecord, ...errors, ...errorResponses(413, 415) },
      },
      handler: async (request) => {
        const ctx = signedIn(request);
        const file = await readFilePart(request, maxBytes);
        return rdpToRecord(await rdpTransitions(app).run(ctx, request.params.id, 'uploadDraft', { file }));
      },
    });
    s.post('/api/rdps/:id/uploadSigned', {
      schema: {
        tags,
        summary: 'The laboratory uploads the signed .p7m of an approved report; verified on upload',
        description:
          'A file that is not signed data, or whose integrity or signature fails, is refused (422 SIGNATURE_INVALID with the reason). An expired certificate, a CA outside the trust list or a missing signingCertificateV2 are accepted and listed in signatureCheck.warnings.',
        consumes: ['multipart/form-data'],
        params: ZIdParams,
        response: { 200: ZRdpRecord, ...errors, ...errorResponses(413, 422) },
      },
      handler: async (request) => {
        const ctx = signedIn(request);
        const file = await readFilePart(request, maxBytes);
        return rdpToRecord(await rdpTransitions(app).run(ctx, request.params.id, 'uploadSigned', { file }));
      },
    });
  });

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_RDP_IMPORT_BYTES, files: 1, fields: 2, parts: 3 } });
    scope.withTypeProvider<ZodTypeProvider>().post('/api/rdps/import', {
      schema: {
        tags,
        summary: 'Import test reports from xlsx (one row per analytic result, grouped by laboratory and code); all or nothing',
        description:
          'multipart/form-data with a `file` part. Every bad row is reported (400 IMPORT_INVALID, details [{row, path, value, message}]) and nothing is written. Re-importing the same file changes nothing.',
        consumes: ['multipart/form-data'],
        response: {
          200: z.object({ created: z.number(), updated: z.number(), unchanged: z.number(), reports: z.number(), rows: z.number(), outOfLimits: z.number() }),
          ...errors,
          ...errorResponses(413),
        },
      },
      handler: async (request) => {
        const ctx = signedIn(request);
        await requireAccess(ctx, 'rdps', 'import');
        const file = await readFilePart(request, MAX_RDP_IMPORT_BYTES);
        // inTransition: once it commits, the watchers of the RDP lists hear of the reports written.
        return inTransition(ctx.db, ({ tx, changed }) => importRdps(tx, ctx, file.bytes, changed));
      },
    });
  });

  r.get('/api/rdps/import-template.xlsx', {
    schema: { tags, summary: 'The xlsx template of the RDP import (headers, two example rows, instructions)', response: { 200: ZXlsxFile, ...errors } },
    handler: async (request, reply) => {
      const ctx = signedIn(request);
      await requireAccess(ctx, 'rdps', 'import');
      const language = await readerLanguage(ctx.db, request.headers['accept-language'], ctx.actor.id);
      const bytes = await rdpImportTemplate(language);
      return reply
        .header('Content-Type', XLSX_MIME)
        .header('Content-Disposition', `attachment; filename="${translate(language, 'rdpImportTemplate.fileName')}"`)
        .header('Cache-Control', 'no-store')
        .send(bytes);
    },
  });

  // The draft, the signed file and the PDF extracted from it, shown in the browser (inline).
  r.get('/api/rdps/:id/files/:file', {
    schema: {
      tags,
      summary: "A report's file: draft (PDF), signed (.p7m) or signed-content (the PDF inside the .p7m)",
      params: z.object({ id: z.string(), file: z.enum(['draft', 'signed', 'signed-content']) }),
      response: { 200: fileResponse('application/octet-stream', 'The file bytes: application/pdf for draft and signed-content, application/pkcs7-mime for signed'), ...errors },
    },
    handler: async (request, reply) => {
      const ctx = signedIn(request);
      const rdp = await runtime.getById(ctx, request.params.id);
      const uploadId = rdp[FILES[request.params.file]] as string | null;
      if (!uploadId) throw notFound('File');
      const [row] = await ctx.db
        .select()
        .from(uploads)
        .where(and(eq(uploads.id, uploadId), eq(uploads.linkedEntityType, 'rdps'), eq(uploads.linkedEntityId, request.params.id)));
      if (!row) throw notFound('File');
      const fileName = `${row.name}.${row.format}`.replace(/[^\x20-\x7e]/g, '').replace(/["\\;%]/g, '_');
      reply
        .header('Content-Type', row.mimeType)
        .header('Content-Length', String(row.size))
        .header('Content-Disposition', `${row.format === 'pdf' ? 'inline' : 'attachment'}; filename="${fileName}"`)
        .header('Cache-Control', 'private, no-store');
      return reply.send(app.services.storage.read(row.storageKey));
    },
  });

  r.post('/api/rdps/:id/openNca', {
    schema: {
      tags,
      summary: 'Apri NCA: a pending NCA report prefilled from a report with values out of limits (lot, agency, WBS, failing rows)',
      description: "The order may be omitted when the lot has exactly one order for the report's agency; otherwise 400 with details on orderId.",
      params: ZIdParams,
      body: z.object({ orderId: z.uuid().nullable().optional() }),
      response: { 201: z.object({ _id: z.string().describe('The new NCA report') }), ...errors },
    },
    handler: async (request, reply) => {
      const created = await openNcaFromRdp(app, signedIn(request), request.params.id, request.body);
      return reply.code(201).send(created);
    },
  });

  r.get('/api/rdps-totals', {
    schema: {
      tags,
      summary: 'Accounting totals of completed reports, per laboratory and per month of the SAL confirmation',
      querystring: z.object({ from: ZDateString.optional(), to: ZDateString.optional(), laboratoryId: z.uuid().optional() }),
      response: {
        200: z.object({
          byLaboratory: z.array(
            z.object({ laboratoryId: z.string(), businessName: z.string(), confirmedCount: z.number(), confirmedTotal: z.number(), pendingCount: z.number(), pendingTotal: z.number() }),
          ),
          byPeriod: z.array(z.object({ period: z.string(), count: z.number(), total: z.number() })),
          confirmedTotal: z.number(),
          pendingTotal: z.number(),
        }),
        ...errors,
      },
    },
    handler: async (request) => {
      const ctx = signedIn(request);
      await requireAccess(ctx, 'rdps', 'totals');
      return computeRdpTotals(ctx, request.query);
    },
  });

  return runtime;
}
