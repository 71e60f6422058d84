import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireGrant } from '../../../lib/access.ts';
import { signedInContextOf } from '../../../lib/context.ts';
import { documentJob, runDocumentJob } from '../../../lib/document-jobs.ts';
import { AppError } from '../../../lib/errors.ts';
import { multipartReadError } from '../../../lib/multipart.ts';
import { errorResponses, ZIdParams, ZPdfFile } from '../../../lib/schemas.ts';
import { readerLanguage } from '../../../i18n/reader-language.ts';
import { translate, type TLanguage } from '../../../i18n/translate.ts';
import { readPagopaNotice, type TPagopaNotice } from '../declarations/pagopa-notice.ts';
import { importPagopaPayments, ZPaymentImportResult } from './import-payments.ts';
import type { renderPagopaNotice, TNoticePdfData } from './notice-pdf.ts';
import { MAX_COMUNE_SHEET_BYTES } from './read-comune-sheet.ts';
import { createSiatelCheck, listSiatelChecks, readSiatelCheck, ZSiatelCheck, ZSiatelCheckSummary } from './siatel-checks.ts';

const tags = ['pagoPA and SIATEL'];
const errors = errorResponses(400, 401, 403, 404, 409, 422);
const noticePdfJob = documentJob<typeof renderPagopaNotice>(import.meta.url, './notice-pdf', 'renderPagopaNotice', { name: 'pagoPA notice PDF' });

/** The notice's texts in the reader's language, filled in with the notice's data. */
function noticeTexts(language: TLanguage, notice: TPagopaNotice, period: { from: string; to: string; code: string | null }): TNoticePdfData['texts'] {
  const t = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) => translate(language, key, params);
  const subject = period.code ? t('pagopa.notice.subjectWithCode', { from: period.from, to: period.to, code: period.code }) : t('pagopa.notice.subject', { from: period.from, to: period.to });
  return {
    title: t('pagopa.notice.title'),
    subject,
    creditor: t('pagopa.notice.creditor'),
    debtor: t('pagopa.notice.debtor'),
    creditorTaxCodeLine: t('pagopa.notice.taxCode', { code: notice.creditorTaxCode }),
    debtorTaxCodeLine: t('pagopa.notice.taxCode', { code: notice.debtPosition.fiscalCode }),
    howMuch: t('pagopa.notice.howMuch'),
    amountBy: t('pagopa.notice.amountBy', { amount: notice.amountCents, date: notice.dueDate }),
    amountNote: t('pagopa.notice.amountNote'),
    where: t('pagopa.notice.where'),
    online: t('pagopa.notice.online'),
    inPerson: t('pagopa.notice.inPerson'),
    choose: t('pagopa.notice.choose'),
    bankChannels: t('pagopa.notice.bankChannels'),
    frame: t('pagopa.notice.frame'),
    recipient: t('pagopa.notice.recipient'),
    amountLabel: t('pagopa.notice.amount'),
    amount: t('pagopa.notice.amountValue', { amount: notice.amountCents }),
    creditorShort: t('pagopa.notice.creditorShort'),
    subjectShort: t('pagopa.notice.subjectShort'),
    cbill: t('pagopa.notice.cbill'),
    noCbill: t('pagopa.notice.noCbill'),
    noticeCode: t('pagopa.notice.noticeCode'),
    creditorTaxCode: t('pagopa.notice.creditorTaxCode'),
    notSent: t('pagopa.notice.notSent'),
  };
}

/** The `file` part (at most MAX_COMUNE_SHEET_BYTES) and the plain fields of an upload. */
async function readSheetUpload(request: FastifyRequest): Promise<{ bytes: Buffer; fileName: string; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw new AppError('VALIDATION_FAILED', 'Send multipart/form-data with a file part', { details: [{ path: 'file', message: 'multipart/form-data expected' }] });
  let file: { bytes: Buffer; fileName: string } | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) throw new AppError('VALIDATION_FAILED', 'Send one file part named file', { details: [{ path: part.fieldname, message: 'unexpected file part' }] });
        file = { bytes: await part.toBuffer(), fileName: part.filename || 'file' };
      } else fields[part.fieldname] = String(part.value);
    }
  } catch (error) {
    throw multipartReadError(error, MAX_COMUNE_SHEET_BYTES);
  }
  if (!file) throw new AppError('VALIDATION_FAILED', 'Some fields are not valid', { details: [{ path: 'file', message: 'validation.required' }] });
  return { ...file, fields };
}

/** pagoPA notices of declarations, the comune's payment import and its SIATEL cross-checks. */
export async function registerPagopaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/declarations/:id/pagopa-notice', {
    schema: {
      tags,
      summary: 'The pagoPA payment notice as a PDF with its QR code (Accept-Language: it | en)',
      description: 'Whoever reads the declaration; the same 409s as /pagopa when there is no notice to print. Laid out in a document job (the QR code: ISO/IEC 18004 version 4, ECC M).',
      params: ZIdParams,
      response: { 200: ZPdfFile, ...errors },
    },
    handler: async (request, reply) => {
      const ctx = signedInContextOf(request);
      // Same access as reading the declaration: 403 for roles without it, 404 outside the filing scope.
      const declaration = await app.services.collections.get('declarations')!.getById(ctx, request.params.id);
      const notice = await readPagopaNotice(ctx, request.params.id);
      const language = await readerLanguage(ctx.db, request.headers['accept-language'], ctx.actor.id);
      const period = { from: String(declaration.dateFrom), to: String(declaration.dateTo), code: typeof declaration.code === 'string' ? declaration.code : null };
      const pdf = await runDocumentJob(noticePdfJob, [
        {
          qrPayload: notice.qrPayload,
          noticeNumber: notice.noticeNumber,
          creditorTaxCode: notice.creditorTaxCode,
          creditorName: notice.debtPosition.companyName,
          debtorName: notice.debtPosition.fullName,
          debtorTaxCode: notice.debtPosition.fiscalCode,
          texts: noticeTexts(language, notice, period),
        },
      ]);
      reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="avviso-pagopa-${notice.noticeNumber}.pdf"`);
      return reply.send(Buffer.from(pdf));
    },
  });

  const ZCityParams = z.object({ id: z.uuid() });
  r.get('/api/cities/:id/siatel-checks', {
    schema: { tags, summary: "The comune's SIATEL cross-checks, newest first", params: ZCityParams, response: { 200: z.array(ZSiatelCheckSummary), ...errors } },
    handler: async (request) => listSiatelChecks(signedInContextOf(request), request.params.id),
  });
  r.get('/api/cities/:id/siatel-checks/:checkId', {
    schema: { tags, summary: 'One SIATEL cross-check with its result', params: z.object({ id: z.uuid(), checkId: z.uuid() }), response: { 200: ZSiatelCheck, ...errors } },
    handler: async (request) => readSiatelCheck(signedInContextOf(request), request.params.id, request.params.checkId),
  });

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_COMUNE_SHEET_BYTES, files: 1, fields: 4, parts: 5 } });
    const s = scope.withTypeProvider<ZodTypeProvider>();
    s.post('/api/cities/:id/pagopa-payments', {
      schema: {
        tags,
        summary: 'Import the pagoPA payments the comune received (CSV or xlsx): each row matched to a notice is recorded with its TRN',
        description:
          'multipart/form-data with a `file` part (columns: notice number or IUV, amount, payment date, TRN; headers in Italian or English) and an optional `dryRun` field (`true`: ' +
          'nothing recorded). A bad row anywhere: 400 IMPORT_INVALID with details [{row, path, value, message}] and nothing recorded. Otherwise the matched rows are recorded in one ' +
          'transaction, and the unmatched (unknown notice, declaration not submitted) and duplicated rows (same notice and TRN earlier in the file, or a TRN already recorded) are listed.',
        consumes: ['multipart/form-data'],
        params: ZCityParams,
        response: { 200: ZPaymentImportResult, ...errors, ...errorResponses(413) },
      },
      handler: async (request) => {
        const ctx = signedInContextOf(request);
        requireGrant(ctx.actor, 'declarations', 'importPagopaPayments', 'Only the comune and administrators import pagoPA payments');
        const upload = await readSheetUpload(request);
        if (upload.fields.dryRun !== undefined && upload.fields.dryRun !== 'true' && upload.fields.dryRun !== 'false') {
          throw new AppError('VALIDATION_FAILED', 'Some fields are not valid', { details: [{ path: 'dryRun', message: 'true or false', value: upload.fields.dryRun }] });
        }
        return importPagopaPayments(ctx, { cityId: request.params.id, file: upload.bytes, dryRun: upload.fields.dryRun === 'true' });
      },
    });
    s.post('/api/cities/:id/siatel-checks', {
      schema: {
        tags,
        summary: "Cross-check the Agenzia delle Entrate's SIATEL file (guests and days of stay per structure and month) against the declarations",
        description:
          'multipart/form-data with a `file` part (CSV or xlsx, headers such as Codice fiscale, Denominazione, Anno, Mese, Numero alloggiati, Giorni di permanenza). ' +
          'Lists the structures whose declared presences fall short (absolute and %), the structures in the file that are not registered, and the months not declared; ' +
          'the result is kept. A bad row: 400 IMPORT_INVALID naming every one.',
        consumes: ['multipart/form-data'],
        params: ZCityParams,
        response: { 201: ZSiatelCheck, ...errors, ...errorResponses(413) },
      },
      handler: async (request, reply) => {
        const ctx = signedInContextOf(request);
        requireGrant(ctx.actor, 'siatel-checks', 'create', "Only the comune and administrators cross-check the ministry's data");
        const upload = await readSheetUpload(request);
        const check = await createSiatelCheck(ctx, request.params.id, upload);
        reply.code(201);
        return check;
      },
    });
  });
}
