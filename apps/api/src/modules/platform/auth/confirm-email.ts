import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema/index.ts';
import type { TServices } from '../../../lib/fastify-types.ts';
import type { TRequestContext } from '../../../lib/context.ts';
import { AppError } from '../../../lib/errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { consumeOneTimeToken } from './one-time-tokens.ts';

/** Where the browser lands after opening the confirmation link (the web's sign-in page shows the outcome). */
export const CONFIRMED_REDIRECT = '/on-boarding/login?confirmed=1';
export const NOT_CONFIRMED_REDIRECT = '/on-boarding/login?confirmed=0';

/** Marks the e-mail confirmed; the token is single-use. Returns false for an unknown, used or expired token. */
export async function confirmEmail(services: TServices, ctx: Pick<TRequestContext, 'ip' | 'requestId'>, token: string): Promise<boolean> {
  try {
    await services.db.transaction(async (tx) => {
      const userId = await consumeOneTimeToken(tx, token, 'confirm_email');
      const [user] = await tx.update(users).set({ isConfirmed: true, updatedAt: new Date() }).where(eq(users.id, userId)).returning({ id: users.id, deletedAt: users.deletedAt });
      if (!user || user.deletedAt) throw new AppError('TOKEN_INVALID', 'This link is not valid');
      await recordAudit(tx, { actor: null, ...ctx }, { action: 'confirm_email', entityType: 'users', entityId: userId, actorId: userId, changes: { isConfirmed: { to: true } } });
    });
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'TOKEN_INVALID') return false;
    throw error;
  }
}
