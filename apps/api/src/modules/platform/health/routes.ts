import pkg from '../../../../package.json' with { type: 'json' };
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readFeatures, FEATURE_FLAG_NAMES, FEATURE_FLAGS } from '../settings/features.ts';

export const ZPublicConfig = z.object({
  demo: z.boolean(),
  buildType: z.string(),
  version: z.string(),
  environment: z.string(),
  database: z.enum(['pglite', 'postgres']),
  features: z.record(z.string(), z.boolean()),
});

export function registerHealthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/health', { schema: { tags: ['system'], summary: 'Process alive', response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({ status: 'ok' as const }));
  r.get('/api/ready', {
    schema: { tags: ['system'], summary: 'Database reachable', response: { 200: z.object({ status: z.literal('ready') }), 503: z.object({ status: z.literal('unavailable'), message: z.string() }) } },
    handler: async (_request, reply) => {
      try {
        await app.services.database.ping();
        return { status: 'ready' as const };
      } catch {
        return reply.code(503).send({ status: 'unavailable' as const, message: 'The database does not answer' });
      }
    },
  });
  r.get('/api/config', {
    schema: { tags: ['system'], summary: 'Public configuration for the web app', security: [], response: { 200: ZPublicConfig } },
    handler: async () => {
      const all = await readFeatures(app.services.db);
      const features = Object.fromEntries(FEATURE_FLAG_NAMES.filter((k) => FEATURE_FLAGS[k].public).map((k) => [k, all[k]]));
      const { config } = app.services;
      return {
        demo: config.demo,
        buildType: 'backoffice',
        version: config.appVersion ?? APP_VERSION,
        environment: config.env,
        database: app.services.database.kind,
        features,
      };
    },
  });
}

export const APP_VERSION: string = pkg.version;
