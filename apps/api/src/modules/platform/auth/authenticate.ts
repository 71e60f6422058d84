import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can } from '@app/domain/platform/access/access-table';
import { isRole } from '@app/domain/platform/auth/roles';
import { sessions, users } from '../../../db/schema/index.ts';
import type { TDb } from '../../../db/client.ts';
import { isUuid } from '../../../lib/collection/query.ts';
import { AppError } from '../../../lib/errors.ts';
import type { TActor } from '../../../lib/context.ts';
import type { TTableWrites } from '../../../lib/table-writes.ts';
import { verifyAccessToken } from './tokens.ts';
import { isRecord } from '../../../lib/guards.ts';

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

type TActorRow = Awaited<ReturnType<ReturnType<typeof prepareActorQuery>['execute']>>[number];

/** How long a user and session read for a token are kept at most, even when no write is notified. */
export const ACTOR_CACHE_MS = 5_000;
const ACTOR_CACHE_MAX = 10_000;

/**
 * The user and session of recent tokens, kept between requests while the database notifies the
 * writes to `users` and `sessions` (migration 0027): any committed write to either table forgets
 * them all, and before an answer from memory one round trip on the LISTEN connection (shared by
 * the requests arriving meanwhile) makes sure every write committed before the request has been
 * heard, whichever process made it. A logout, a disabled, deleted or password-changed account thus
 * ends access as at once as when the row was read on every request. Without a live LISTEN
 * connection nothing is kept; ACTOR_CACHE_MS bounds an entry's age regardless.
 */
function createActorCache(writes: TTableWrites) {
  const entries = new Map<string, { row: TActorRow | undefined; until: number }>();
  let generation = 0;
  const forget = () => {
    generation++;
    entries.clear();
  };
  writes.subscribe((table) => (table === 'users' || table === 'sessions') && forget(), forget);
  return async (key: string, load: () => Promise<TActorRow | undefined>) => {
    if (!writes.live) return load();
    const hit = entries.get(key);
    if (hit && hit.until > Date.now()) {
      try {
        await writes.sync();
      } catch {
        return load();
      }
      const still = writes.live ? entries.get(key) : undefined;
      if (still) return still.row;
    }
    const before = generation;
    const row = await load();
    if (writes.live && generation === before) {
      if (entries.size >= ACTOR_CACHE_MAX) entries.delete(entries.keys().next().value!);
      entries.set(key, { row, until: Date.now() + ACTOR_CACHE_MS });
    }
    return row;
  };
}
const actorCaches = new WeakMap<FastifyInstance, ReturnType<typeof createActorCache>>();

/**
 * Resolves the bearer token of a request into the acting user: its user row and session as the
 * database has them now (through the actor cache above), so that a logout, a disabled, deleted or
 * password-changed account ends access at once.
 */
export async function actorFromToken(app: FastifyInstance, token: string): Promise<TActor> {
  const claims = await verifyAccessToken(app.services.config, token);
  // Made only when thrown: an error's stack trace costs more than the rest of an accepted token's check.
  const ended = () => new AppError('UNAUTHORIZED', 'Your session has ended; sign in again');
  // Tokens from before sessions existed carry no session: they are refused like ended ones.
  if (!claims.sid || !isUuid(claims.sid) || !isUuid(claims.sub)) throw ended();
  const db = app.services.db;
  let actorQuery = actorQueries.get(db);
  if (!actorQuery) actorQueries.set(db, (actorQuery = prepareActorQuery(db)));
  let cached = actorCaches.get(app);
  if (!cached) actorCaches.set(app, (cached = createActorCache(app.services.tableWrites)));
  const query = actorQuery;
  const user = await cached(`${claims.sub}:${claims.sid}`, async () => (await query.execute({ sid: claims.sid, sub: claims.sub }))[0]);
  if (!user || user.deletedAt || !isRole(user.role)) throw new AppError('UNAUTHORIZED', 'Your session is not valid; sign in again');
  if (!user.isEnabled) throw new AppError('ACCOUNT_DISABLED', 'This account is disabled');
  if (user.sessionUserId !== user.id || user.sessionRevokedAt || (user.sessionImpersonatorId ?? undefined) !== claims.imp) throw ended();
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

/**
 * The user and session of a socket's access token (the socket joins their rooms; see notifications/realtime.ts),
 * and the actor, whose scopes decide which live list changes the socket hears (lib/collection/live.ts).
 */
export async function socketIdentityFromToken(app: FastifyInstance, token: string) {
  const actor = await actorFromToken(app, token);
  return { userId: actor.id, sessionId: actor.sessionId ?? null, actor };
}

/**
 * An impersonation token is only as good as the admin behind it: once that admin is disabled,
 * deleted, no longer allowed to impersonate (the access table's users.impersonate), or has changed
 * password, the acting session ends too.
 */
async function assertImpersonatorStillAllowed(app: FastifyInstance, impersonatorId: string, iat: number) {
  const [admin] = await app.services.db
    .select({ role: users.role, isEnabled: users.isEnabled, deletedAt: users.deletedAt, passwordChangedAt: users.passwordChangedAt })
    .from(users)
    .where(eq(users.id, impersonatorId));
  const passwordChangedSince = admin?.passwordChangedAt && iat * 1000 < Math.floor(admin.passwordChangedAt.getTime() / 1000) * 1000;
  if (!admin || admin.deletedAt || !admin.isEnabled || !can(admin.role, 'users', 'impersonate') || passwordChangedSince) {
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
    const year = isRecord(request.query) ? request.query.year : undefined;
    if (year !== undefined) {
      const n = Number(year);
      if (!Number.isInteger(n) || n < MIN_YEAR || n > MAX_YEAR) {
        throw new AppError('VALIDATION_FAILED', `year must be from ${MIN_YEAR} to ${MAX_YEAR}`, { details: [{ path: 'year', message: `must be from ${MIN_YEAR} to ${MAX_YEAR}`, value: year }] });
      }
      request.selectedYear = n;
    }
  });
}
