import type { TServices } from '../../../lib/fastify-types.ts';
import type { TRequestContext } from '../../../lib/context.ts';
import { AppError } from '../../../lib/errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { openSession, verifyCredentialsWithLimits, type TBotCheckState } from '../auth/login.ts';
import { assertPasswordPolicy, replacePassword } from '../auth/passwords.ts';

/**
 * Changes the password of the account named in Basic authorization (email:oldPassword). The old
 * password is checked under the same failed-attempt limits as sign-in. Every other session ends
 * (refresh tokens revoked, older access tokens void), and a fresh session is returned so the
 * caller stays signed in. Clears the temporary-password flags.
 */
export async function changeMyPassword(services: TServices, ctx: Pick<TRequestContext, 'ip' | 'requestId'>, email: string, oldPassword: string, newPassword: string, botCheck?: TBotCheckState) {
  assertPasswordPolicy(newPassword);
  const user = await verifyCredentialsWithLimits(services, ctx, email, oldPassword, botCheck);
  if (newPassword === oldPassword) {
    throw new AppError('PASSWORD_POLICY', 'The new password must be different from the current one', {
      details: [{ path: 'password', message: 'validation.passwordMustBeDifferent' }],
    });
  }
  const updated = await services.db.transaction(async (tx) => {
    const replaced = await replacePassword(tx, user.id, newPassword);
    await recordAudit(
      tx,
      { actor: null, ...ctx },
      {
        action: 'password_change',
        entityType: 'users',
        entityId: user.id,
        actorId: user.id,
        changes: user.hasTemporaryPassword ? { hasTemporaryPassword: { from: true, to: false } } : undefined,
      },
    );
    return replaced;
  });
  services.realtime.disconnectSessions(updated.endedSessionIds);
  return openSession(services, updated.user);
}
