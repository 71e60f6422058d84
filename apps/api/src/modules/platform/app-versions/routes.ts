import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInContextOf } from '../../../lib/context.ts';
import { requireGrant } from '../../../lib/access.ts';
import { notFound } from '../../../lib/errors.ts';
import { errorResponses } from '../../../lib/schemas.ts';
import { isVersionString } from './compare-versions.ts';
import { appVersionToRecord, findLastAppVersion, registerAppVersion } from './register-app-version.ts';

const ZBuildType = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, dot, dash or underscore');
const ZAppVersionRecord = z.object({ _id: z.string(), name: z.string(), version: z.string(), createdAt: z.string(), updatedAt: z.string(), isLatest: z.boolean() });

/** App versions: the web asks for the last one of its build type and shows the update banner when it is newer. */
export function registerAppVersionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['app-versions'];

  r.get('/api/app-versions/last/:buildType', {
    schema: {
      tags,
      summary: 'The highest version of a build type (public: the check also runs before sign-in)',
      security: [],
      params: z.object({ buildType: ZBuildType }),
      response: { 200: z.object({ version: z.string(), name: z.string() }), ...errorResponses(400, 404) },
    },
    handler: async (request) => {
      const last = await findLastAppVersion(app.services.db, request.params.buildType);
      if (!last) throw notFound('App version');
      return { version: last.version, name: last.name };
    },
  });

  r.post('/api/app-versions', {
    schema: {
      tags,
      summary: 'Register a released version (admin); newer ones are broadcast on `app-versions`',
      body: z.object({
        name: ZBuildType.describe('Build type, e.g. backoffice'),
        version: z.string().trim().min(1).max(64).refine(isVersionString, 'must look like 1.2.3 or 1.2.3-rc.1'),
      }),
      response: { 200: ZAppVersionRecord, 201: ZAppVersionRecord, ...errorResponses(400, 401, 403) },
    },
    handler: async (request, reply) => {
      const ctx = signedInContextOf(request);
      requireGrant(ctx.actor, 'app-versions', 'create');
      const result = await registerAppVersion(ctx, app.services.realtime, request.body);
      reply.code(result.created ? 201 : 200);
      return appVersionToRecord(result.row, result.isLatest);
    },
  });
}
