import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../../lib/context.ts';
import { AppError } from '../../../lib/errors.ts';
import { errorResponses } from '../../../lib/schemas.ts';
import { ZUserRecord } from '../users/user-record.ts';
import { createAltchaChallenge } from './altcha.ts';
import { CONFIRMED_REDIRECT, NOT_CONFIRMED_REDIRECT, confirmEmail } from './confirm-email.ts';
import { requireBotCheck } from './guards.ts';
import { login, parseBasicAuth } from './login.ts';
import { ZRegisterBody, registerUser } from './register-user.ts';
import { logout, refreshSession } from './refresh-session.ts';
import { requestPasswordReset } from './request-password-reset.ts';
import { resetPassword } from './reset-password.ts';
import { ZSocialLoginBody, socialLogin } from './social-login.ts';
import { ZEmailAddress } from '../profile/profile-fields.ts';
import { languageOfHeader } from '../../../i18n/translate.ts';

export const ZSession = z.object({ user: ZUserRecord, token: z.string(), refreshToken: z.string() });
export const ZTokenPair = z.object({ token: z.string().describe('New access token (JWT)'), refreshToken: z.string().describe('New refresh token; the one sent is now spent') });
export const ZOk = z.object({ ok: z.literal(true) });
const ZAltchaChallenge = z.object({
  // Loose: every signed parameter must reach the widget unchanged, or the signature no longer matches.
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().optional().describe('Unix seconds'),
  }),
  signature: z.string().optional(),
});
const botCheckHeader = z.looseObject({ 'x-altcha': z.string().optional().describe('ALTCHA payload (base64 JSON) from the widget') });

const requestCtx = (request: { ip: string; id: unknown }) => ({ ip: request.ip, requestId: String(request.id) });

export function registerAuthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const services = app.services;

  r.post('/api/auth', {
    schema: {
      tags: ['auth'],
      summary: 'Sign in with Basic authorization (e-mail:password)',
      description:
        'Bot check (`x-altcha`) required when the botCheckOnLogin feature is on, and after 5 failed attempts on the account or 30 from the address within 15 minutes (429 BOT_CHECK_REQUIRED until one is sent); no account is ever locked for the right password.',
      headers: botCheckHeader,
      response: { 200: ZSession, ...errorResponses(400, 401, 403, 429) },
    },
    handler: async (request) => {
      const { email, password } = parseBasicAuth(request.headers.authorization);
      const passed = await requireBotCheck(services, request.headers['x-altcha'], 'botCheckOnLogin');
      return login(services, requestCtx(request), email, password, { passed, header: request.headers['x-altcha'] });
    },
  });

  r.post('/api/auth/register', {
    schema: {
      tags: ['auth'],
      summary: 'Register a hotelier account and sign it in',
      description: 'Sends an e-mail confirmation link. Bot check required when botCheckOnRegister is on. Registrations are rate limited per address.',
      headers: botCheckHeader,
      body: ZRegisterBody,
      response: { 201: ZSession, ...errorResponses(400, 409, 429) },
    },
    handler: async (request, reply) => {
      await requireBotCheck(services, request.headers['x-altcha'], 'botCheckOnRegister');
      const language = request.body.language ?? languageOfHeader(request.headers['accept-language']) ?? undefined;
      const session = await registerUser(services, requestCtx(request), { ...request.body, language });
      reply.code(201);
      return session;
    },
  });

  r.get('/api/auth/confirm/:token', {
    schema: {
      tags: ['auth'],
      summary: 'Confirm the e-mail address (link from the confirmation e-mail)',
      description: `Redirects to ${CONFIRMED_REDIRECT}, or to ${NOT_CONFIRMED_REDIRECT} when the link is unknown, used or expired.`,
      params: z.object({ token: z.string().min(1).max(200) }),
      response: { 302: z.null().describe('Redirect to the sign-in page') },
    },
    handler: async (request, reply) => {
      const confirmed = await confirmEmail(services, requestCtx(request), request.params.token);
      return reply.redirect(confirmed ? CONFIRMED_REDIRECT : NOT_CONFIRMED_REDIRECT, 302);
    },
  });

  r.post('/api/auth/refresh', {
    schema: {
      tags: ['auth'],
      summary: 'Exchange a refresh token (Authorization: Bearer <refreshToken>) for new tokens',
      description: 'The refresh token is rotated: each can be used once; presenting a spent one revokes its whole sign-in.',
      response: { 200: ZTokenPair, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => {
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) {
        throw new AppError('UNAUTHORIZED', 'Send the refresh token as Bearer authorization');
      }
      return refreshSession(services, header.slice(7).trim());
    },
  });

  r.post('/api/auth/logout', {
    schema: {
      tags: ['auth'],
      summary: 'Sign out: revoke refresh tokens',
      description: 'With `refreshToken` in the body only that sign-in ends; without it every refresh token of the user is revoked.',
      body: z.object({ refreshToken: z.string().optional() }).nullish(),
      response: { 200: ZOk, ...errorResponses(401) },
    },
    handler: async (request) => {
      const actor = requireActor(request);
      await logout(services, actor, request.body?.refreshToken);
      return { ok: true as const };
    },
  });

  r.get('/api/auth/altcha-challenge', {
    schema: {
      tags: ['auth'],
      summary: 'A signed ALTCHA proof-of-work challenge for the bot-check widget',
      security: [],
      response: { 200: ZAltchaChallenge },
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return (await createAltchaChallenge(services.config)) as z.infer<typeof ZAltchaChallenge>;
    },
  });

  r.post('/api/auth/forgot-password', {
    schema: {
      tags: ['auth'],
      summary: 'Ask for a password reset link by e-mail',
      description: 'Always answers `{ ok: true }`, whether or not the e-mail is registered. Bot check (`x-altcha`) always required; rate limited per e-mail and address.',
      headers: botCheckHeader,
      body: z.object({ email: ZEmailAddress }),
      response: { 200: ZOk, ...errorResponses(400, 429) },
    },
    handler: async (request) => {
      await requireBotCheck(services, request.headers['x-altcha'], 'always');
      await requestPasswordReset(services, requestCtx(request), request.body.email);
      return { ok: true as const };
    },
  });

  r.post('/api/auth/reset-password', {
    schema: {
      tags: ['auth'],
      summary: 'Choose a new password with the token from the reset e-mail',
      description: 'The token is single-use and valid one hour (TOKEN_INVALID otherwise); the password must meet the policy (PASSWORD_POLICY). Signs out every session.',
      body: z.object({ token: z.string().min(1, 'validation.required').max(200), password: z.string().max(200) }),
      response: { 200: ZOk, ...errorResponses(400) },
    },
    handler: async (request) => resetPassword(services, requestCtx(request), request.body.token, request.body.password),
  });

  r.post('/api/auth/socialLogin', {
    schema: {
      tags: ['auth'],
      summary: 'Sign in with an OpenID Connect ID token',
      description: '403 SOCIAL_LOGIN_DISABLED when the socialLogin feature is off. Bot check required when botCheckOnLogin is on.',
      headers: botCheckHeader,
      body: ZSocialLoginBody,
      response: { 200: ZSession, ...errorResponses(400, 401, 403, 503) },
    },
    handler: async (request) => {
      await requireBotCheck(services, request.headers['x-altcha'], 'botCheckOnLogin');
      return socialLogin(services, requestCtx(request), request.body);
    },
  });
}
