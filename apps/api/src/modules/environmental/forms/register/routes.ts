import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TConfig } from '../../../../config.ts';
import { readerLanguage } from '../../../../i18n/reader-language.ts';
import { requireAccess } from '../../../../lib/access.ts';
import type { TCollectionRuntime } from '../../../../lib/collection/routes.ts';
import { signedInContextOf } from '../../../../lib/context.ts';
import { errorResponses, fileResponse } from '../../../../lib/schemas.ts';
import { printRegister } from './print-register.ts';
import { listRegisterSites, readFormRegister, ZRegisterQuery, ZRegisterSite } from './read-register.ts';

const tags = ['environmental'];
const errors = errorResponses(400, 401, 403, 422);

export const ZRentriTransmission = z.object({
  configured: z.boolean().describe('RENTRI_ENDPOINT and RENTRI_CERT_PATH are both set'),
  sends: z.literal(false).describe('Always false: no sender is built, nothing is ever sent to RENTRI'),
  endpoint: z.string().nullable(),
  message: z.string().describe('notConfigured or senderNotBuilt: why nothing is sent'),
});

/** What the installation says about sending to RENTRI: nothing is sent, configured or not. */
export function rentriTransmissionOf(config: Pick<TConfig, 'rentri'>): z.infer<typeof ZRentriTransmission> {
  const configured = !!config.rentri.endpoint && !!config.rentri.certPath;
  return { configured, sends: false, endpoint: config.rentri.endpoint, message: configured ? 'senderNotBuilt' : 'notConfigured' };
}

/** The chronological register of a producer site (xlsx or PDF), its sites, and the RENTRI transmission's state. */
export function registerFormRegisterRoutes(app: FastifyInstance, runtime: TCollectionRuntime) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/forms/register', {
    schema: {
      tags,
      summary:
        'The chronological register of loads and unloads (registro cronologico di carico e scarico, DM 59/2023) of one producer site, built from its forms: one row per movement, numbered per register and year; xlsx or PDF, in the reader’s language. An agency gets the rows of its own forms (with the register’s numbers)',
      querystring: ZRegisterQuery,
      response: {
        200: fileResponse('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx (format=xlsx) or PDF (format=pdf) file'),
        ...errors,
      },
    },
    handler: async (request, reply) => {
      const ctx = signedInContextOf(request);
      const data = await readFormRegister(runtime, ctx, request.query);
      const file = await printRegister(data, request.query.format, await readerLanguage(ctx.db, request.headers['accept-language'], ctx.actor.id));
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
    },
  });
  r.get('/api/forms/register/sites', {
    schema: { tags, summary: 'The producer sites (RENTRI site numbers) of the forms you may list: the registers you may download', response: { 200: z.array(ZRegisterSite), ...errors } },
    handler: async (request) => listRegisterSites(runtime, signedInContextOf(request)),
  });
  r.get('/api/forms/rentri-transmission', {
    schema: {
      tags,
      summary: 'Whether this installation sends forms to RENTRI: it does not (no sender is built; RENTRI_ENDPOINT / RENTRI_CERT_PATH are a configuration point only)',
      response: { 200: ZRentriTransmission, ...errors },
    },
    handler: async (request) => {
      await requireAccess(signedInContextOf(request), 'forms', 'rentri');
      return rentriTransmissionOf(app.services.config);
    },
  });
}
