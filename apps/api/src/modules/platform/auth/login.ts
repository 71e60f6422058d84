import { eq, sql } from 'drizzle-orm';
import { users } from '../../../db/schema/index.ts';
import type { TServices } from '../../../lib/fastify-types.ts';
import type { TRequestContext } from '../../../lib/context.ts';
import { AppError } from '../../../lib/errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { userToRecord } from '../users/user-record.ts';
import { verifyPassword } from './passwords.ts';
import { issueRefreshToken, signAccessToken } from './tokens.ts';
import { startSession } from './sessions.ts';
import { authGuardsOf } from './guards.ts';
import { verifyAltchaPayload } from './altcha.ts';
import { AUTH_RATE_LIMITS, accountKey, addressKey } from './rate-limiter.ts';

export const INVALID_CREDENTIALS = () => new AppError('INVALID_CREDENTIALS', 'Incorrect e-mail or password');

export async function findUserByEmail(db: TServices['db'], email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return user;
}

/** The session shape every sign-in returns. */
export async function openSession(services: TServices, user: typeof users.$inferSelect, impersonatorId: string | null = null) {
  const sessionId = await startSession(services.db, user.id, impersonatorId);
  const token = await signAccessToken(services.config, user, sessionId, impersonatorId);
  const refreshToken = await issueRefreshToken(services.db, services.config, user.id, { familyId: sessionId, impersonatorId });
  return { user: userToRecord(user), token, refreshToken };
}

/** Parses `Authorization: Basic base64(email:password)`. */
export function parseBasicAuth(header: string | undefined): { email: string; password: string } {
  if (!header?.startsWith('Basic '))
    throw new AppError('BAD_REQUEST', 'Send the e-mail and password with Basic authorization', { details: [{ path: 'authorization', message: 'validation.required' }] });
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) throw new AppError('BAD_REQUEST', 'E-mail is required', { details: [{ path: 'email', message: 'validation.required' }] });
  // No stored e-mail or password holds a NUL character, and the database refuses it in a query.
  if (decoded.includes('\u0000'))
    throw new AppError('VALIDATION_FAILED', 'The e-mail or password contains a NUL character', { details: [{ path: 'authorization', message: 'must not contain NUL characters' }] });
  return { email: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** Checks credentials; one generic error whether the e-mail is unknown, the password wrong or the account deleted. */
export async function authenticateWithPassword(services: TServices, email: string, password: string) {
  const user = await findUserByEmail(services.db, email);
  const ok = await verifyPassword(user && !user.deletedAt ? user.passwordHash : null, password);
  if (!user || user.deletedAt || !ok) throw INVALID_CREDENTIALS();
  if (!user.isEnabled) throw new AppError('ACCOUNT_DISABLED', 'This account is disabled; contact your administrator');
  return user;
}

/**
 * How a credential check met the bot check: `passed` when the route already verified a solved
 * challenge (botCheckOnLogin on), otherwise the `x-altcha` header to verify if the limits ask for one.
 */
export type TBotCheckState = { passed: boolean; header?: string | string[] };

/**
 * Checks credentials under the failed-attempt limits. Failures count per account and per client
 * address (across accounts) and are audited. Past either limit nothing is locked: the attempt needs
 * a solved bot check (BOT_CHECK_REQUIRED before the password is looked at, so the account cannot be
 * probed for free), and with one the right password signs in. Anyone can therefore slow guessing
 * down, but nobody can lock someone else out. A success clears the account's counter.
 * Shared by sign-in and the password change, so both draw from the same guessing budget.
 */
export async function verifyCredentialsWithLimits(services: TServices, ctx: Pick<TRequestContext, 'ip' | 'requestId'>, email: string, password: string, botCheck: TBotCheckState = { passed: false }) {
  const { limiter, altchaReplay } = authGuardsOf(services);
  const perAccount = accountKey('login', email);
  const perAddress = addressKey('login', ctx.ip);
  const overLimit = (await limiter.isOver(perAccount, AUTH_RATE_LIMITS.failedLoginPerAccount)) || (await limiter.isOver(perAddress, AUTH_RATE_LIMITS.failedLoginPerAddress));
  if (overLimit && !botCheck.passed) {
    const header = Array.isArray(botCheck.header) ? botCheck.header[0] : botCheck.header;
    if (!header) throw new AppError('BOT_CHECK_REQUIRED', 'Too many failed attempts: complete the bot check and try again');
    await verifyAltchaPayload(services.config, altchaReplay, header);
  }
  try {
    const user = await authenticateWithPassword(services, email, password);
    await limiter.reset(perAccount);
    return user;
  } catch (error) {
    if (error instanceof AppError && error.code === 'INVALID_CREDENTIALS') {
      await limiter.hit(perAccount, AUTH_RATE_LIMITS.failedLoginPerAccount);
      await limiter.hit(perAddress, AUTH_RATE_LIMITS.failedLoginPerAddress);
      const known = await findUserByEmail(services.db, email);
      await recordAudit(
        services.db,
        { actor: null, ...ctx },
        {
          action: 'login_failed',
          entityType: 'users',
          entityId: known?.id ?? null,
          changes: { email: email.trim().toLowerCase() },
        },
      );
    }
    throw error;
  }
}

/** Password sign-in (Basic authorization); audited. */
export async function login(services: TServices, ctx: Pick<TRequestContext, 'ip' | 'requestId'>, email: string, password: string, botCheck?: TBotCheckState) {
  const user = await verifyCredentialsWithLimits(services, ctx, email, password, botCheck);
  const [updated] = await services.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id)).returning();
  await recordAudit(services.db, { actor: null, ...ctx }, { action: 'login', entityType: 'users', entityId: user.id, actorId: user.id, changes: { method: 'password' } });
  return openSession(services, updated);
}
