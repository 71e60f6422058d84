import { and, eq, inArray, isNull } from 'drizzle-orm';
import { refreshTokens, sessions } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import type { TConfig } from '../../../config.ts';
import { signAccessToken } from './tokens.ts';

/**
 * Sessions: one per sign-in (and one per impersonation). Access tokens name their session (`sid`)
 * and authenticate.ts refuses a token whose session is revoked, so ending a session takes effect on
 * the next request instead of when the access token expires. Ending a session also revokes its
 * refresh tokens (its family), so it cannot be renewed either.
 */
export async function startSession(db: TDbOrTx, userId: string, impersonatorId: string | null = null): Promise<string> {
  const [row] = await db.insert(sessions).values({ userId, impersonatorId }).returning({ id: sessions.id });
  return row.id;
}

/** Which sessions to end: one, every one of a user, or the ones an admin opened acting as the user. */
export type TSessionSelector = { sessionId: string } | { userId: string; impersonatorId?: string };

/**
 * Ends the selected sessions and returns the ids of those that were still open. The caller passes
 * them to `realtime.disconnectSessions` once its transaction has committed, so open sockets of those
 * sessions are closed too (a socket is authenticated once, at connection).
 */
export async function endSessions(db: TDbOrTx, selector: TSessionSelector): Promise<string[]> {
  const now = new Date();
  const where =
    'sessionId' in selector
      ? and(eq(sessions.id, selector.sessionId), isNull(sessions.revokedAt))
      : and(eq(sessions.userId, selector.userId), isNull(sessions.revokedAt), selector.impersonatorId ? eq(sessions.impersonatorId, selector.impersonatorId) : undefined);
  const ended = await db.update(sessions).set({ revokedAt: now, updatedAt: now }).where(where).returning({ id: sessions.id });
  const familyIds = 'sessionId' in selector ? [selector.sessionId] : ended.map((s) => s.id);
  const tokensOf =
    'sessionId' in selector || selector.impersonatorId
      ? familyIds.length > 0
        ? inArray(refreshTokens.familyId, familyIds)
        : undefined
      : // Every refresh token of the user, including families older than the sessions table.
        eq(refreshTokens.userId, selector.userId);
  if (tokensOf)
    await db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(tokensOf, isNull(refreshTokens.revokedAt)));
  return ended.map((s) => s.id);
}

/** Ends every session of a user: password changed or reset, account disabled or deleted. */
export const endAllSessionsOfUser = (db: TDbOrTx, userId: string) => endSessions(db, { userId });

/** An access token of a new session for `user`, without a refresh token (benchmarks and scripts signing in directly). */
export async function accessTokenOfNewSession(db: TDbOrTx, config: TConfig, user: { id: string; role: string }): Promise<string> {
  return signAccessToken(config, user, await startSession(db, user.id));
}
