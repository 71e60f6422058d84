import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isRole } from '@app/domain/platform/auth/roles';
import { sessions, users } from '../../../db/schema/index.ts';
import type { TDb } from '../../../db/client.ts';
import { isUuid } from '../../../lib/collection/query.ts';
import { AppError } from '../../../lib/errors.ts';
import type { TActor } from '../../../lib/context.ts';
import { verifyAccessToken } from './tokens.ts';

/**
 * The one query of every authenticated request, built once per database and prepared (named on
 * PostgreSQL, so each connection parses and plans it once) instead of built by the ORM per request.
 */
const actorQueries = new WeakMap<TDb, ReturnType<typeof prepareActorQuery>>();
function prepareActorQuery(db: TDb) {
  return db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      cityId: users.cityId,
      agencyId: users.agencyId,
      laboratoryId: users.laboratoryId,
      isEnabled: users.isEnabled,
      deletedAt: users.deletedAt,
      passwordChangedAt: users.passwordChangedAt,
      sessionUserId: sessions.userId,
      sessionImpersonatorId: sessions.impersonatorId,
      sessionRevokedAt: sessions.revokedAt,
    })
    .from(users)
    .leftJoin(sessions, eq(sessions.id, sql.placeholder('sid')))
    .where(eq(users.id, sql.placeholder('sub')))
    .prepare('auth_actor_of_token');
}

/**
 * Resolves the bearer token of a request into the acting user. The user row and the token's session
 * are read on every request (one query) so that a logout, a disabled, deleted or password-changed
 * account ends access at once.
 */
export async function actorFromToken(app: FastifyInstance, token: string): Promise<TActor> {
  const claims = await verifyAccessToken(app.services.config, token);
  const ended = new AppError('UNAUTHORIZED', 'Your session has ended; sign in again');
  // Tokens from before sessions existed carry no session: they are refused like ended ones.
  if (!claims.sid || !isUuid(claims.sid) || !isUuid(claims.sub)) throw ended;
  const db = app.services.db;
  let actorQuery = actorQueries.get(db);
  if (!actorQuery) actorQueries.set(db, (actorQuery = prepareActorQuery(db)));
  const [user] = await actorQuery.execute({ sid: claims.sid, sub: claims.sub });
  if (!user || user.deletedAt || !isRole(user.role)) throw new AppError('UNAUTHORIZED', 'Your session is not valid; sign in again');
  if (!user.isEnabled) throw new AppError('ACCOUNT_DISABLED', 'This account is disabled');
  if (user.sessionUserId !== user.id || user.sessionRevokedAt || (user.sessionImpersonatorId ?? undefined) !== claims.imp) throw ended;
  // Tokens issued before the last password change are void (iat has second precision).
  if (user.passwordChangedAt && claims.iat * 1000 < Math.floor(user.passwordChangedAt.getTime() / 1000) * 1000) {
    throw new AppError('UNAUTHORIZED', 'Your password was changed; sign in again');
  }
  if (claims.imp) await assertImpersonatorStillAllowed(app, claims.imp, claims.iat);
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    cityId: user.cityId,
    agencyId: user.agencyId,
    laboratoryId: user.laboratoryId,
    impersonatorId: claims.imp ?? null,
    sessionId: claims.sid,
  };
}

/** The user and session of a socket's access token (the socket joins their rooms; see notifications/realtime.ts). */
export async function socketIdentityFromToken(app: FastifyInstance, token: string) {
  const actor = await actorFromToken(app, token);
  return { userId: actor.id, sessionId: actor.sessionId ?? null };
}

/**
 * An impersonation token is only as good as the admin behind it: once that admin is disabled,
 * deleted, no longer an admin, or has changed password, the acting session ends too.
 */
async function assertImpersonatorStillAllowed(app: FastifyInstance, impersonatorId: string, iat: number) {
  const [admin] = await app.services.db
    .select({ role: users.role, isEnabled: users.isEnabled, deletedAt: users.deletedAt, passwordChangedAt: users.passwordChangedAt })
    .from(users)
    .where(eq(users.id, impersonatorId));
  const passwordChangedSince = admin?.passwordChangedAt && iat * 1000 < Math.floor(admin.passwordChangedAt.getTime() / 1000) * 1000;
  if (!admin || admin.deletedAt || !admin.isEnabled || admin.role !== 'admin' || passwordChangedSince) {
    throw new AppError('UNAUTHORIZED', 'The session acting as another user has ended; sign in again');
  }
}

const MIN_YEAR = 2021;
const MAX_YEAR = 2050;

export function registerAuthentication(app: FastifyInstance) {
  app.decorateRequest('actor', null);
  app.decorateRequest('selectedYear', null);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (header?.startsWith('Bearer ') && !request.url.startsWith('/api/auth/refresh')) {
      request.actor = await actorFromToken(app, header.slice(7).trim());
    }
    const year = (request.query as Record<string, unknown> | undefined)?.year;
    if (year !== undefined) {
      const n = Number(year);
      if (!Number.isInteger(n) || n < MIN_YEAR || n > MAX_YEAR) {
        throw new AppError('VALIDATION_FAILED', `year must be from ${MIN_YEAR} to ${MAX_YEAR}`, { details: [{ path: 'year', message: `must be from ${MIN_YEAR} to ${MAX_YEAR}`, value: year }] });
      }
      request.selectedYear = n;
    }
  });
}
