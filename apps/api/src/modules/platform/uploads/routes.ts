import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, type TErrorDetail } from '../../../lib/errors.ts';
import { signedInContextOf } from '../../../lib/context.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { errorResponses, fileResponse, ZIdParams } from '../../../lib/schemas.ts';
import { multipartReadError } from '../../../lib/multipart.ts';
import { FORMATS_BY_PURPOSE } from './detect-file-format.ts';
import { deleteUpload, findVisibleUpload, listUploadsOfRecord, storeUpload } from './store-upload.ts';
import { contentDisposition, uploadToRecord, ZUploadData, ZUploadRecord, type TUploadData } from './upload-record.ts';

const errors = errorResponses(400, 401, 403, 404);
const signedIn = (request: FastifyRequest): TSignedInContext => {
  return signedInContextOf(request);
};

/** Reads the `file` part and the JSON `data` part (a plain field, or a Blob part as browsers send it). */
async function readUploadRequest(request: FastifyRequest, maxBytes: number): Promise<{ bytes: Buffer; fileName: string | null; data: TUploadData }> {
  if (!request.isMultipart()) {
    throw new AppError('VALIDATION_FAILED', 'Send multipart/form-data with a `file` part and a `data` part', { details: [{ path: 'file', message: 'multipart/form-data expected' }] });
  }
  let file: { bytes: Buffer; fileName: string | null } | undefined;
  let rawData: unknown;
  const problems: TErrorDetail[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file' && !file) file = { bytes, fileName: part.filename || null };
        else if (part.fieldname === 'data') rawData = bytes.toString('utf8');
        else problems.push({ path: part.fieldname, message: part.fieldname === 'file' ? 'only one file per request' : 'unexpected part' });
      } else if (part.fieldname === 'data') rawData = part.value;
      else problems.push({ path: part.fieldname, message: 'unexpected part' });
    }
  } catch (error) {
    throw multipartReadError(error, maxBytes);
  }
  if (!file) problems.push({ path: 'file', message: 'validation.required' });
  if (rawData === undefined) problems.push({ path: 'data', message: 'validation.required' });
  if (problems.length > 0) throw new AppError('VALIDATION_FAILED', 'Some parts are missing or not expected', { details: problems });
  let json = rawData;
  if (typeof rawData === 'string') {
    try {
      json = JSON.parse(rawData);
    } catch {
      throw new AppError('VALIDATION_FAILED', 'The data part is not valid JSON', { details: [{ path: 'data', message: 'must be JSON' }] });
    }
  }
  const parsed = ZUploadData.safeParse(json);
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', 'Some fields are not valid', {
      details: parsed.error.issues.map((issue) => ({ path: ['data', ...issue.path.map(String)].join('.'), message: issue.message })),
    });
  }
  return { ...file!, data: parsed.data };
}

/** Uploads: multipart create, metadata, download, delete; access follows the linked record. */
export function registerUploadRoutes(app: FastifyInstance) {
  app.register(async (scope) => {
    const maxBytes = app.services.config.uploadMaxBytes;
    await scope.register(multipart, { limits: { fileSize: maxBytes, files: 2, fields: 4, parts: 6, fieldSize: 64 * 1024 } });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['uploads'];

    r.post('/api/uploads', {
      schema: {
        tags,
        summary: 'Upload a file (multipart: `file` part + JSON `data` part)',
        description: `data: { linkedEntityId, linkedEntityType, purpose, additionalInfo: { name, format, fullName, size }, tags }. The content decides the format; accepted per purpose: ${Object.entries(
          FORMATS_BY_PURPOSE,
        )
          .map(([p, f]) => `${p}: ${f.join(', ')}`)
          .join('; ')}. Larger than ${maxBytes} bytes: 413 PAYLOAD_TOO_LARGE; other content: 415 UNSUPPORTED_FILE_TYPE.`,
        consumes: ['multipart/form-data'],
        response: { 201: ZUploadRecord, ...errors, ...errorResponses(413, 415) },
      },
      handler: async (request, reply) => {
        const ctx = signedIn(request);
        const { bytes, fileName, data } = await readUploadRequest(request, maxBytes);
        const row = await storeUpload(app.services, ctx, { bytes, fileName }, data);
        reply.code(201);
        return uploadToRecord(row);
      },
    });

    r.get('/api/uploads', {
      schema: {
        tags,
        summary: 'Files linked to one record (for callers who may see the record)',
        querystring: z.object({ linkedEntityType: z.string().min(1).max(64), linkedEntityId: z.uuid() }),
        response: { 200: z.array(ZUploadRecord), ...errors },
      },
      handler: async (request) => {
        const ctx = signedIn(request);
        const rows = await listUploadsOfRecord(app.services, ctx, request.query.linkedEntityType, request.query.linkedEntityId);
        return rows.map(uploadToRecord);
      },
    });

    r.get('/api/uploads/:id', {
      schema: { tags, summary: 'File metadata', params: ZIdParams, response: { 200: ZUploadRecord, ...errors } },
      handler: async (request) => uploadToRecord(await findVisibleUpload(app.services, signedIn(request), request.params.id)),
    });

    r.get('/api/uploads/:id/download', {
      schema: {
        tags,
        summary: 'File content, as an attachment with a safe file name',
        params: ZIdParams,
        response: { 200: fileResponse('application/octet-stream', 'The file bytes, with the content type of the upload'), ...errors },
      },
      handler: async (request, reply) => {
        const row = await findVisibleUpload(app.services, signedIn(request), request.params.id);
        const stream = app.services.storage.read(row.storageKey);
        if ((stream as { pending?: boolean }).pending) {
          await new Promise<void>((resolve, reject) => {
            stream.once('ready', () => resolve());
            stream.once('error', reject);
          }).catch((error) => {
            request.log.error({ err: error, uploadId: row.id }, 'upload bytes missing from storage');
            throw new AppError('NOT_FOUND', 'The content of this file is missing');
          });
        }
        reply
          .header('Content-Type', row.mimeType)
          .header('Content-Length', String(row.size))
          .header('Content-Disposition', contentDisposition(`${row.name}.${row.format}`))
          .header('Cache-Control', 'private, no-store');
        return reply.send(stream);
      },
    });

    r.delete('/api/uploads/:id', {
      schema: { tags, summary: 'Delete a file (owner, admin, or who may change the linked record)', params: ZIdParams, response: { 200: z.object({ _id: z.string() }), ...errors } },
      handler: async (request) => {
        await deleteUpload(app.services, signedIn(request), request.params.id);
        return { _id: request.params.id };
      },
    });
  });
}
