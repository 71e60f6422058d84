import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema/index.ts';
import type { TServices } from '../../../lib/fastify-types.ts';
import type { TActor, TRequestContext } from '../../../lib/context.ts';
import { requireGrant } from '../../../lib/access.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { isUuid } from '../../../lib/collection/query.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { signAccessToken } from '../auth/tokens.ts';
import { startSession } from '../auth/sessions.ts';
import { profileRecord } from './get-my-profile.ts';

/**
 * An administrator takes over another user's session: an access token for the target whose `imp`
 * claim names the admin (no refresh token: the acting session ends with the token, the web then
 * reverts to the saved admin session). Every write made with it is audited with both users.
 */
export async function impersonateUser(services: TServices, ctx: Pick<TRequestContext, 'ip' | 'requestId'> & { actor: TActor }, targetId: string) {
  const admin = ctx.actor;
  requireGrant(admin, 'users', 'impersonate');
  if (admin.impersonatorId) throw new AppError('FORBIDDEN', 'Stop acting as another user first');
  if (!isUuid(targetId)) throw notFound('User');
  const [target] = await services.db.select().from(users).where(eq(users.id, targetId));
  if (!target || target.deletedAt) throw notFound('User');
  // A rule about the target: no one acts under an administrator's name, so every admin's action stays their own.
  if (target.role === 'admin') throw new AppError('CANNOT_IMPERSONATE_ADMIN', 'Administrators cannot be impersonated');
  if (!target.isEnabled) throw new AppError('ACCOUNT_DISABLED', 'This account is disabled');
  await recordAudit(services.db, { ...ctx, actor: { ...admin, impersonatorId: null } }, { action: 'impersonate', entityType: 'users', entityId: target.id, actorId: admin.id });
  // Its own session, so that the admin's "stop acting" (logout) ends it at once.
  const sessionId = await startSession(services.db, target.id, admin.id);
  const token = await signAccessToken(services.config, target, sessionId, admin.id);
  return { token, user: await profileRecord(services, target, admin.id) };
}
