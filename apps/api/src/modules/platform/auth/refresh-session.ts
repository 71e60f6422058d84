import { eq } from 'drizzle-orm';
import { refreshTokens, users } from '../../../db/schema/index.ts';
import type { TServices } from '../../../lib/fastify-types.ts';
import type { TActor } from '../../../lib/context.ts';
import { AppError } from '../../../lib/errors.ts';
import { endSessions } from './sessions.ts';
import { rotateRefreshToken, sha256, signAccessToken } from './tokens.ts';

/**
 * Exchanges a refresh token for a new access token and a new refresh token (rotation; reuse of a
 * spent token revokes its whole family, see rotateRefreshToken). The account must still be usable.
 */
export async function refreshSession(services: TServices, refreshToken: string) {
  // Not in a transaction: when a spent token is presented, the family revocation must be kept
  // even though the call then fails.
  const rotated = await rotateRefreshToken(services.db, services.config, refreshToken);
  const [user] = await services.db.select().from(users).where(eq(users.id, rotated.userId));
  if (!user || user.deletedAt) throw new AppError('UNAUTHORIZED', 'The refresh token is not valid; sign in again');
  if (!user.isEnabled) throw new AppError('ACCOUNT_DISABLED', 'This account is disabled');
  const token = await signAccessToken(services.config, user, rotated.sessionId, rotated.impersonatorId);
  return { token, refreshToken: rotated.refreshToken };
}

/**
 * Signs out. The session of the access token used always ends (its access tokens stop working at
 * once). With a refresh token of the user, that sign-in ends too; without one, every sign-in of the
 * user ends. Under impersonation only the impersonation's sessions are touched, so the admin's
 * acting does not sign the real user out of their devices.
 */
export async function logout(services: TServices, actor: TActor, refreshToken?: string) {
  const ended = await services.db.transaction(async (tx) => {
    const ids = actor.sessionId ? await endSessions(tx, { sessionId: actor.sessionId }) : [];
    if (refreshToken) {
      const [row] = await tx
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, sha256(refreshToken)));
      if (row && row.userId === actor.id) ids.push(...(await endSessions(tx, { sessionId: row.familyId })));
      return ids;
    }
    return [...ids, ...(await endSessions(tx, actor.impersonatorId ? { userId: actor.id, impersonatorId: actor.impersonatorId } : { userId: actor.id }))];
  });
  services.realtime.disconnectSessions(ended);
}
