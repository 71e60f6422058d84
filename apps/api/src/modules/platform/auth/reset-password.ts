import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema/index.ts';
import type { TServices } from '../../../lib/fastify-types.ts';
import type { TRequestContext } from '../../../lib/context.ts';
import { AppError } from '../../../lib/errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { consumeOneTimeToken } from './one-time-tokens.ts';
import { assertPasswordPolicy, replacePassword } from './passwords.ts';

/**
 * Sets a new password from an e-mailed reset link, or the first password of an invited account
 * (its invitation link, users/create-users.ts). The token is spent only when the password is
 * accepted (policy is checked first), so a rejected password can be corrected with the same link.
 * Every session ends. Opening the link proves the mailbox, so the e-mail also counts as confirmed.
 */
export async function resetPassword(services: TServices, ctx: Pick<TRequestContext, 'ip' | 'requestId'>, token: string, password: string) {
  assertPasswordPolicy(password);
  const ended = await services.db.transaction(async (tx) => {
    const userId = await consumeOneTimeToken(tx, token, ['reset_password', 'invite']);
    const [user] = await tx.select({ deletedAt: users.deletedAt, isEnabled: users.isEnabled }).from(users).where(eq(users.id, userId));
    if (!user || user.deletedAt || !user.isEnabled) throw new AppError('TOKEN_INVALID', 'This link is not valid or has expired; ask for a new one');
    const { endedSessionIds } = await replacePassword(tx, userId, password);
    await tx.update(users).set({ isConfirmed: true }).where(eq(users.id, userId));
    await recordAudit(tx, { actor: null, ...ctx }, { action: 'password_reset', entityType: 'users', entityId: userId, actorId: userId });
    return endedSessionIds;
  });
  services.realtime.disconnectSessions(ended);
  return { ok: true as const };
}
