import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf, requireActor } from '../../../lib/context.ts';
import { errorResponses } from '../../../lib/schemas.ts';
import { ZSession, ZOk } from '../auth/routes.ts';
import { parseBasicAuth } from '../auth/login.ts';
import { changeMyPassword } from './change-my-password.ts';
import { deleteMyAccount } from './delete-my-account.ts';
import { ZMyProfile, getMyProfile } from './get-my-profile.ts';
import { impersonateUser } from './impersonate-user.ts';
import { ZProfileUpdate, updateMyProfile } from './update-my-profile.ts';

/** The signed-in user's own account (/api/users/me) and admin impersonation. */
export function registerProfileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const services = app.services;
  const signedInCtx = (request: Parameters<typeof contextOf>[0]) => ({ ...contextOf(request), actor: requireActor(request) });

  r.get('/api/users/me', {
    schema: {
      tags: ['profile'],
      summary: 'The signed-in user (with impersonatedBy while an administrator acts as them)',
      response: { 200: ZMyProfile, ...errorResponses(401, 403) },
    },
    handler: async (request) => getMyProfile(services, requireActor(request)),
  });

  r.put('/api/users/me', {
    schema: {
      tags: ['profile'],
      summary: "Update one's own profile (partial)",
      description: 'Role, e-mail and enabling are not editable here (400). `isProfileComplete: true` also clears needsPasswordChange. Audited; under impersonation the audit names both users.',
      body: ZProfileUpdate,
      response: { 200: ZMyProfile, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => updateMyProfile(services, signedInCtx(request), request.body),
  });

  r.put('/api/users/me/password', {
    schema: {
      tags: ['profile'],
      summary: "Change one's password: old password in Basic authorization (email:oldPassword), new one in the body",
      description:
        'Ends every other session and returns a fresh one; the web must replace its tokens with these. Wrong old password: 401 INVALID_CREDENTIALS, limited like sign-in (past the limits a solved bot check in `x-altcha` is required: 429 BOT_CHECK_REQUIRED).',
      security: [],
      body: z.object({ password: z.string().max(200).describe('New password (PASSWORD_POLICY when it does not meet the rules)') }),
      response: { 200: ZSession, ...errorResponses(400, 401, 403, 429) },
    },
    handler: async (request) => {
      const { email, password: oldPassword } = parseBasicAuth(request.headers.authorization);
      return changeMyPassword(services, { ip: request.ip, requestId: String(request.id) }, email, oldPassword, request.body.password, { passed: false, header: request.headers['x-altcha'] });
    },
  });

  r.delete('/api/users/me', {
    schema: {
      tags: ['profile'],
      summary: "Delete one's own account",
      description:
        'Disables sign-in, anonymises personal fields (the e-mail becomes deleted-<id>@deleted.invalid), keeps legal records, ends sessions. Not for administrators, nor while impersonating.',
      response: { 200: ZOk, ...errorResponses(401, 403) },
    },
    handler: async (request) => deleteMyAccount(services, signedInCtx(request)),
  });

  r.get('/api/users/personificate/:userId', {
    schema: {
      tags: ['profile'],
      summary: 'Administrator: act as another user',
      description: 'Returns an access token for the user whose `imp` claim names the administrator. Administrators cannot be impersonated (403 CANNOT_IMPERSONATE_ADMIN). Audited.',
      params: z.object({ userId: z.string() }),
      response: { 200: z.object({ token: z.string(), user: ZMyProfile }), ...errorResponses(401, 403, 404) },
    },
    handler: async (request) => impersonateUser(services, signedInCtx(request), request.params.userId),
  });
}
