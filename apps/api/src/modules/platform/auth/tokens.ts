import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';
import { refreshTokens } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import type { TConfig } from '../../../config.ts';
import { AppError } from '../../../lib/errors.ts';
import { endSessions } from './sessions.ts';

/** `sid` names the session (sessions.ts); a token without one is refused. */
const ZAccessClaims = z.object({ sub: z.string(), role: z.string(), sid: z.string().optional(), imp: z.string().optional(), iat: z.number(), exp: z.number() });
export type TAccessClaims = z.infer<typeof ZAccessClaims>;

/**
 * The HMAC key of the token secret, imported once per secret: importing it again on every request
 * was a tenth of the CPU of a list request.
 */
const keys = new Map<string, Promise<CryptoKey>>();
function secretOf(config: TConfig): Promise<CryptoKey> {
  let key = keys.get(config.jwtSecret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(config.jwtSecret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(config.jwtSecret, key);
  }
  return key;
}

/** Short-lived access token (JWT, HS256) of one session. `imp` names the admin when the session is an impersonation. */
export async function signAccessToken(config: TConfig, user: { id: string; role: string }, sessionId: string, impersonatorId?: string | null) {
  return new SignJWT({ role: user.role, sid: sessionId, ...(impersonatorId ? { imp: impersonatorId } : {}) })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.id)
    .setIssuedAt()
    .setExpirationTime(`${config.accessTokenTtl}s`)
    .setAudience('api')
    .sign(await secretOf(config));
}

/**
 * Tokens whose signature and claims were verified, until they expire: a client sends the same token
 * with every request for its lifetime, and checking the signature again each time was a tenth of a
 * list request's CPU. Expiry is still checked on every use; the session and the user are read per
 * request by authenticate.ts (logout, disabling, password changes end access at once).
 */
const verifiedTokens = new Map<string, { secret: string; claims: TAccessClaims }>();
const MAX_VERIFIED_TOKENS = 10_000;

export async function verifyAccessToken(config: TConfig, token: string): Promise<TAccessClaims> {
  const invalid = () => new AppError('UNAUTHORIZED', 'Your session is not valid or has expired; sign in again');
  const known = verifiedTokens.get(token);
  if (known && known.secret === config.jwtSecret) {
    // jose's rule: expired when exp <= now (seconds).
    if (known.claims.exp > Math.floor(Date.now() / 1000)) return known.claims;
    verifiedTokens.delete(token);
    throw invalid();
  }
  let claims: TAccessClaims;
  try {
    const { payload } = await jwtVerify(token, await secretOf(config), { algorithms: ['HS256'], audience: 'api' });
    claims = ZAccessClaims.parse(payload);
  } catch {
    throw invalid();
  }
  if (typeof claims.exp === 'number') {
    if (verifiedTokens.size >= MAX_VERIFIED_TOKENS) verifiedTokens.delete(verifiedTokens.keys().next().value!);
    verifiedTokens.set(token, { secret: config.jwtSecret, claims });
  }
  return claims;
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const randomToken = () => randomBytes(32).toString('base64url');

/** Issues a refresh token; only its hash is stored. Its family is the session of the sign-in (sessions.ts). */
export async function issueRefreshToken(db: TDbOrTx, config: TConfig, userId: string, options: { familyId: string; impersonatorId?: string | null }) {
  const token = randomToken();
  await db.insert(refreshTokens).values({
    userId,
    tokenHash: sha256(token),
    familyId: options.familyId,
    impersonatorId: options.impersonatorId ?? null,
    expiresAt: new Date(Date.now() + config.refreshTokenTtl * 1000),
  });
  return token;
}

/**
 * Rotates a refresh token: the presented one is marked used and a new one of the same family is
 * issued. Presenting an already-used token means it leaked: the whole family is revoked.
 */
export async function rotateRefreshToken(db: TDbOrTx, config: TConfig, token: string) {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(token)));
  const invalid = new AppError('UNAUTHORIZED', 'The refresh token is not valid; sign in again');
  if (!row || row.revokedAt || row.expiresAt.getTime() < Date.now()) throw invalid;
  if (row.usedAt) {
    await endSessions(db, { sessionId: row.familyId });
    throw invalid;
  }
  const updated = await db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  if (updated.length === 0) throw invalid;
  const next = await issueRefreshToken(db, config, row.userId, { familyId: row.familyId, impersonatorId: row.impersonatorId });
  return { userId: row.userId, sessionId: row.familyId, impersonatorId: row.impersonatorId, refreshToken: next };
}
