import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody } from '../../lib/schemas.ts';
import { ZUserRecord } from '../users/user-record.ts';
import { login, parseBasicAuth } from './login.ts';

export const ZSession = z.object({ user: ZUserRecord, token: z.string(), refreshToken: z.string() });

export function registerAuthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/auth', {
    schema: {
      tags: ['auth'],
      summary: 'Sign in with Basic authorization (e-mail:password)',
      response: { 200: ZSession, 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 429: ZErrorBody },
    },
    handler: async (request) => {
      const { email, password } = parseBasicAuth(request.headers.authorization);
      return login(app.services, { ip: request.ip, requestId: String(request.id) }, email, password);
    },
  });
}
