import { and, eq, isNull } from 'drizzle-orm';
import { refreshTokens, users } from '../../../db/schema/index.ts';
import type { TServices } from '../../../lib/fastify-types.ts';
import type { TActor } from '../../../lib/context.ts';
import { AppError } from '../../../lib/errors.ts';
import { rotateRefreshToken, revokeRefreshTokensOfUser, sha256, signAccessToken } from './tokens.ts';

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
  const token = await signAccessToken(services.config, user, rotated.impersonatorId);
  return { token, refreshToken: rotated.refreshToken };
}

/**
 * Ends sessions. With a refresh token, only that sign-in (its token family) ends; without one,
 * every refresh token of the user. Under impersonation only the impersonation's tokens are touched,
 * so the admin's acting does not sign the real user out of their devices.
 */
export async function logout(services: TServices, actor: TActor, refreshToken?: string) {
  const now = new Date();
  if (refreshToken) {
    const [row] = await services.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(refreshToken)));
    if (row && row.userId === actor.id) {
      await services.db
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
    }
    return;
  }
  if (actor.impersonatorId) {
    await services.db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.userId, actor.id), eq(refreshTokens.impersonatorId, actor.impersonatorId), isNull(refreshTokens.revokedAt)));
    return;
  }
  await revokeRefreshTokensOfUser(services.db, actor.id);
}
