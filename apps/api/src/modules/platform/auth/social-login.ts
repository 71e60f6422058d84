import { eq } from 'drizzle-orm';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import { isValidEmail } from '@app/domain/platform/identifiers/email';
import { users } from '../../../db/schema/index.ts';
import type { TServices } from '../../../lib/fastify-types.ts';
import type { TRequestContext } from '../../../lib/context.ts';
import { AppError } from '../../../lib/errors.ts';
import { errorCodeOf } from '../../../lib/guards.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { isFeatureOn } from '../settings/features.ts';
import { findUserByEmail, openSession } from './login.ts';

export const ZSocialLoginBody = z.object({
  token: z.string().min(1, 'validation.required').max(20_000).describe('OpenID Connect ID token from the provider'),
  provider: z.string().trim().min(1, 'validation.required').max(50).describe('Provider label shown in the audit (e.g. google)'),
});

const ZDiscovery = z.looseObject({ issuer: z.string(), jwks_uri: z.url() });

const DISCOVERY_TTL_MS = 3600_000;
const DISCOVERY_TIMEOUT_MS = 5_000;
const discoveries = new Map<string, { at: number; keys: JWTVerifyGetKey }>();

const trimSlash = (s: string) => s.replace(/\/+$/, '');
const unavailable = (cause?: unknown) => new AppError('SERVICE_UNAVAILABLE', 'Sign-in with the provider is not available right now', { cause });

/** The issuer's signing keys, found through OpenID discovery and cached (jose caches the key set itself). */
async function issuerKeys(issuer: string): Promise<JWTVerifyGetKey> {
  const cached = discoveries.get(issuer);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.keys;
  let doc: z.infer<typeof ZDiscovery>;
  try {
    const res = await fetch(`${trimSlash(issuer)}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS) });
    if (!res.ok) throw new Error(`discovery answered ${res.status}`);
    doc = ZDiscovery.parse(await res.json());
  } catch (error) {
    throw unavailable(error);
  }
  // OpenID Connect Discovery 1.0 §4.3: the document must name the issuer it was fetched for.
  if (trimSlash(doc.issuer) !== trimSlash(issuer)) throw unavailable(new Error('discovery issuer mismatch'));
  const keys = createRemoteJWKSet(new URL(doc.jwks_uri), { timeoutDuration: DISCOVERY_TIMEOUT_MS });
  discoveries.set(issuer, { at: Date.now(), keys });
  return keys;
}

const notVerified = () => new AppError('INVALID_CREDENTIALS', 'The sign-in with the provider could not be verified');

/**
 * Sign-in with an OpenID Connect ID token (config OIDC_ISSUER / OIDC_CLIENT_ID). The token must be
 * signed by the issuer's keys, addressed to our client id, unexpired, and carry a verified e-mail.
 * The account is the one with that e-mail, or a new `user` (hotelier) account without a password.
 */
export async function socialLogin(services: TServices, ctx: Pick<TRequestContext, 'ip' | 'requestId'>, input: z.infer<typeof ZSocialLoginBody>) {
  if (!(await isFeatureOn(services.db, 'socialLogin'))) throw new AppError('SOCIAL_LOGIN_DISABLED', 'Sign-in with an external provider is switched off');
  const { oidcIssuer, oidcClientId } = services.config;
  if (!oidcIssuer || !oidcClientId) throw unavailable(new Error('OIDC_ISSUER / OIDC_CLIENT_ID not configured'));

  const keys = await issuerKeys(oidcIssuer);
  let claims: Record<string, unknown>;
  try {
    ({ payload: claims } = await jwtVerify(input.token, keys, {
      issuer: [oidcIssuer, trimSlash(oidcIssuer), `${trimSlash(oidcIssuer)}/`],
      audience: oidcClientId,
      algorithms: ['RS256', 'PS256', 'ES256', 'EdDSA'],
    }));
  } catch (error) {
    // Key-set fetch failures are ours to report as unavailable, not the user's credentials.
    if (errorCodeOf(error) === 'ERR_JWKS_TIMEOUT') throw unavailable(error);
    throw notVerified();
  }
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!isValidEmail(email) || !(claims.email_verified === true || claims.email_verified === 'true')) {
    throw new AppError('INVALID_CREDENTIALS', 'The provider did not confirm the e-mail address');
  }

  let user = await findUserByEmail(services.db, email);
  let created = false;
  if (!user) {
    const inserted = await services.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          email,
          role: 'user',
          name: typeof claims.given_name === 'string' ? claims.given_name.slice(0, 100) : null,
          surname: typeof claims.family_name === 'string' ? claims.family_name.slice(0, 100) : null,
          isConfirmed: true,
          passwordHash: null,
        })
        .onConflictDoNothing()
        .returning();
      if (row) {
        await recordAudit(tx, { actor: null, ...ctx }, { action: 'register', entityType: 'users', entityId: row.id, actorId: row.id, changes: { method: 'oidc', provider: input.provider } });
      }
      return row;
    });
    created = !!inserted;
    // A concurrent sign-in created it first: use that account.
    user = inserted ?? (await findUserByEmail(services.db, email));
  }
  if (!user || user.deletedAt) throw notVerified();
  // An administrator's power must not rest on a third party's account: admins sign in with their password only.
  if (user.role === 'admin') throw new AppError('FORBIDDEN', 'Administrators sign in with their e-mail and password');
  if (!user.isEnabled) throw new AppError('ACCOUNT_DISABLED', 'This account is disabled; contact your administrator');
  const [updated] = await services.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id)).returning();
  await recordAudit(
    services.db,
    { actor: null, ...ctx },
    {
      action: 'login',
      entityType: 'users',
      entityId: user.id,
      actorId: user.id,
      changes: { method: 'oidc', provider: input.provider, ...(created ? { created: true } : {}) },
    },
  );
  return openSession(services, updated);
}
