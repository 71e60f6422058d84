import { readerLanguage } from '../../../i18n/reader-language.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, type TErrorDetail } from '../../../lib/errors.ts';
import { multipartReadError } from '../../../lib/multipart.ts';
import { loadCityRules } from '../rules/city-rules.ts';
import { exportStays } from '../stays/export-stays.ts';
import { exportStructures } from './export-structures.ts';
import { importStays } from '../stays/import-stays.ts';
import type { TImportFormat, TImportOptions } from '../stays/read-stay-import-file.ts';
import { findStructureInScope, hotelierIdsOfCitySql } from './scope.ts';
import { eq, sql } from 'drizzle-orm';
import { cities, users } from '../../../db/schema/index.ts';
import { addUserVisibilityRule, registerUserLinkCheck } from '../../platform/index.ts';
import { buildStayImportTemplate, stayImportTemplateFileName } from '../stays/stay-import-template.ts';
import { XLSX_MIME } from '../../../lib/xlsx-stream.ts';
import { registerCollection } from '../../../lib/collection/routes.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { contextOf, signedInContextOf } from '../../../lib/context.ts';
import { errorResponses, ZXlsxFile } from '../../../lib/schemas.ts';
import { citiesCollection } from './cities.ts';
import { exemptionsCollection } from '../rules/exemptions.ts';
import { previewStay } from '../stays/preview-stay.ts';
import { reductionsCollection } from '../rules/reductions.ts';
import { relevantAreasCollection } from './relevant-areas.ts';
import { ZStayComputation, ZStayPreviewInput } from '../stays/stay-shapes.ts';
import { registerStayCollection } from '../stays/register-stays.ts';
import { structureClassesCollection } from './structure-classes.ts';
import { structureTypesCollection } from './structure-types.ts';
import { structuresCollection } from './structures.ts';
import { tariffsCollection } from '../rules/tariffs.ts';

const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
const ZImportFormat = z.enum(['xlsx', 'csv', 'alloggiati']);
const ZImportResult = z.object({
  created: z.number().describe('Stays written'),
  skipped: z.number().describe('Stays already imported before (same fingerprint), not written again'),
  total: z.number(),
});
const ZBool = z.enum(['true', 'false']).transform((v) => v === 'true');

const tooLargeUpload = () =>
  new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${MAX_IMPORT_BYTES} bytes`, {
    params: { maxBytes: MAX_IMPORT_BYTES },
    details: [{ path: 'file', message: `at most ${MAX_IMPORT_BYTES} bytes` }],
  });

/**
 * Reads the `structureId` and `format` fields and the `file` part of the import request. The file is
 * streamed to a temporary file (never held whole in memory), which `removeUpload` deletes.
 */
async function readImportRequest(request: FastifyRequest, folder: string): Promise<{ structureId: string; format: TImportFormat; file: string; options: TImportOptions }> {
  if (!request.isMultipart()) {
    throw new AppError('VALIDATION_FAILED', 'Send multipart/form-data with structureId, format and file', { details: [{ path: 'file', message: 'multipart/form-data expected' }] });
  }
  const fields: Record<string, string> = {};
  let file: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) throw new AppError('VALIDATION_FAILED', 'Send one file part named file', { details: [{ path: part.fieldname, message: 'unexpected file part' }] });
        file = path.join(folder, 'upload');
        await pipeline(part.file, fs.createWriteStream(file));
        if (part.file.truncated) throw tooLargeUpload();
      } else fields[part.fieldname] = String(part.value);
    }
  } catch (error) {
    throw multipartReadError(error, MAX_IMPORT_BYTES);
  }
  const details: TErrorDetail[] = [];
  if (!file) details.push({ path: 'file', message: 'validation.required' });
  if (!z.uuid().safeParse(fields.structureId).success) details.push({ path: 'structureId', message: 'must be a structure id', value: fields.structureId });
  const format = ZImportFormat.safeParse(fields.format);
  if (!format.success) details.push({ path: 'format', message: 'must be xlsx, csv or alloggiati', value: fields.format });
  // A police file says nothing about the tax: whether its guests paid is asked, never assumed.
  const paymentStatus = fields.paymentStatus === 'paid' || fields.paymentStatus === 'not_paid' ? fields.paymentStatus : undefined;
  if (fields.paymentStatus !== undefined && !paymentStatus) details.push({ path: 'paymentStatus', message: 'must be paid or not_paid', value: fields.paymentStatus });
  else if (format.data === 'alloggiati' && !paymentStatus) details.push({ path: 'paymentStatus', message: 'validation.required: say whether the guests of the file paid the tax' });
  if (paymentStatus === 'not_paid' && !fields.noPaymentReason?.trim()) details.push({ path: 'noPaymentReason', message: 'validation.required: give the reason the guests did not pay' });
  if (details.length) throw new AppError('VALIDATION_FAILED', 'Some fields are not valid', { details });
  const language = fields.language === 'en' || (fields.language === undefined && /^en\b/i.test(request.headers['accept-language'] ?? '')) ? 'en' : 'it';
  return { structureId: fields.structureId, format: format.data!, file: file!, options: { paymentStatus, noPaymentReason: fields.noPaymentReason?.trim() || null, language } };
}

const errors = errorResponses(400, 401, 403, 404, 409, 422);

export function signedInContext(request: Parameters<typeof contextOf>[0]): TSignedInContext {
  return signedInContextOf(request);
}

let userHooksRegistered = false;

/**
 * The users module asks other modules for two facts it cannot know: that a comune id exists, and
 * that a city user may read the hoteliers of its comune's structures.
 */
function registerUserHooks() {
  if (userHooksRegistered) return;
  userHooksRegistered = true;
  registerUserLinkCheck('cityId', async (db, id) => (await db.select({ id: cities.id }).from(cities).where(eq(cities.id, id))).length > 0);
  addUserVisibilityRule('ownCity', (ctx) => (ctx.actor.cityId ? sql`${users.id} in ${hotelierIdsOfCitySql(ctx.actor.cityId)}` : undefined));
}

/** Tourist tax: the comuni, their registries and rules, structures and stays, imports and exports. */
export async function registerTouristTax(app: FastifyInstance) {
  registerUserHooks();
  registerCollection(app, citiesCollection);
  registerCollection(app, structureTypesCollection);
  registerCollection(app, structureClassesCollection);
  registerCollection(app, relevantAreasCollection);
  registerCollection(app, structuresCollection);
  registerCollection(app, tariffsCollection);
  registerCollection(app, reductionsCollection);
  registerCollection(app, exemptionsCollection);
  registerStayCollection(app);
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

  r.get('/api/stays/import-template.xlsx', {
    schema: {
      tags: ['tourist-tax'],
      summary:
        "Download the stays import template (xlsx) in the reader's language (Accept-Language, else the user's); the importer reads Italian or English headers. With structureId it lists the comune's exemptions and reductions",
      querystring: z.object({ structureId: z.uuid().optional(), year: z.string().optional() }),
      response: { 200: ZXlsxFile, ...errors },
    },
    handler: async (request, reply) => {
      const ctx = signedInContext(request);
      let rules;
      if (request.query.structureId) {
        const structure = await findStructureInScope(ctx.db, ctx, request.query.structureId);
        if (!structure) throw new AppError('NOT_FOUND', 'Structure not found');
        rules = await loadCityRules(ctx.db, structure.cityId);
      }
      const language = await readerLanguage(ctx.db, request.headers['accept-language'], ctx.actor.id);
      const bytes = await buildStayImportTemplate(rules, language);
      return reply
        .header('Content-Type', XLSX_MIME)
        .header('Content-Disposition', `attachment; filename="${stayImportTemplateFileName(language)}"`)
        .send(bytes);
    },
  });

  r.get('/api/stays/export.xlsx', {
    schema: {
      tags: ['tourist-tax'],
      summary: 'Export the stays of a year or quarter (by checkOut; Trim 1 = Jan-Mar ...) as xlsx, streamed',
      querystring: z.object({
        year: z.string().regex(/^\d{4}$/, 'must be a year YYYY'),
        quarter: z.enum(['1', '2', '3', '4']).optional().describe('Omit for the whole year'),
        structureId: z.uuid().optional(),
      }),
      response: { 200: ZXlsxFile, ...errors },
    },
    handler: async (request, reply) => {
      const ctx = signedInContext(request);
      const { year, quarter, structureId } = request.query;
      return exportStays(
        ctx,
        reply,
        app.services.collections.get('stays')!,
        {
          year: Number(year),
          quarter: quarter ? (Number(quarter) as 1 | 2 | 3 | 4) : undefined,
          structureId,
        },
        await readerLanguage(ctx.db, request.headers['accept-language'], ctx.actor.id),
      );
    },
  });

  r.get('/api/structures/export.xlsx', {
    schema: {
      tags: ['tourist-tax'],
      summary: 'Export the structures in your scope as xlsx, streamed',
      querystring: z.object({ cityId: z.uuid().optional(), isActive: ZBool.optional(), year: z.string().optional() }),
      response: { 200: ZXlsxFile, ...errors },
    },
    handler: async (request, reply) => {
      const ctx = signedInContext(request);
      return exportStructures(ctx, reply, app.services.collections.get('structures')!, request.query);
    },
  });

  // Multipart only for the import route, in its own scope (the uploads module has its own).
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 8, parts: 10 } });
    scope.withTypeProvider<ZodTypeProvider>().post('/api/stays/import', {
      schema: {
        tags: ['tourist-tax'],
        summary: 'Import stays of one structure from xlsx/CSV (template) or an Alloggiati Web file; all or nothing, idempotent',
        description:
          'multipart/form-data with fields `structureId`, `format` (xlsx | csv | alloggiati) and a `file` part; for an Alloggiati file also `paymentStatus` ' +
          '(paid | not_paid, required: the police file does not say) and `noPaymentReason` when not_paid; optional `language` (it | en) of the row messages. ' +
          'Every bad row is reported (400 IMPORT_INVALID, details [{row, path (field), value, message}]) and nothing is written. ' +
          'Stays already imported (same row fingerprint for the structure) are skipped. An xlsx beyond the import bounds (columns, rows, shared strings, inflated part size) is refused with 400 IMPORT_TOO_LARGE before its rows are read. ' +
          'The file is streamed to a temporary file and read from it a part at a time; the rows are checked, priced and inserted in one transaction. ' +
          "Synchronous; while it runs, the user's sockets receive `stays-import-progress` events ({structureId, rowsRead, rowsExpected (when the file announces its rows), created, phase}).",
        consumes: ['multipart/form-data'],
        response: { 200: ZImportResult, ...errors, ...errorResponses(413) },
      },
      handler: async (request) => {
        const ctx = signedInContext(request);
        // Progress goes to the importing user's sockets, at most a few times a second.
        let last = 0;
        const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'stays-import-'));
        try {
          return await importStays(ctx, await readImportRequest(request, folder), (progress) => {
            const now = Date.now();
            if (progress.phase === 'reading' && now - last < 250) return;
            last = now;
            app.services.realtime.toUser(ctx.actor.id, 'stays-import-progress', progress);
          });
        } finally {
          await fs.promises.rm(folder, { recursive: true, force: true });
        }
      },
    });
  });
}
