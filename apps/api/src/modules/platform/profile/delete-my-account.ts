import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema/index.ts';
import type { TServices } from '../../../lib/fastify-types.ts';
import type { TActor, TRequestContext } from '../../../lib/context.ts';
import { AppError } from '../../../lib/errors.ts';
import { requireGrant } from '../../../lib/access.ts';
import { prepareRemovalAnnouncement } from '../../../lib/collection/live.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { endAllSessionsOfUser } from '../auth/sessions.ts';

/** The address a deleted account keeps: unique, undeliverable (.invalid is reserved, RFC 2606). */
export const deletedEmailOf = (userId: string) => `deleted-${userId}@deleted.invalid`;

/**
 * Deletes one's own account (GDPR erasure of the person's data): sign-in is disabled, personal
 * fields are cleared, the e-mail is replaced, sessions end. The row itself stays, with the business
 * identity (VAT number, commercial name), because declarations and payments made by the account are
 * legal records that must keep pointing at it. Administrators cannot delete themselves this way,
 * and an administrator acting as the user cannot do it for them.
 */
export async function deleteMyAccount(services: TServices, ctx: Pick<TRequestContext, 'ip' | 'requestId'> & { actor: TActor }) {
  const actor = ctx.actor;
  if (actor.impersonatorId) throw new AppError('FORBIDDEN', 'An account cannot be deleted while acting as its user');
  requireGrant(actor, 'profile', 'deleteAccount', 'Administrators cannot delete their own account; ask another administrator');
  const now = new Date();
  // The users list no longer shows an anonymised account: its watchers hear it went, once committed.
  const tellRemoved = await prepareRemovalAnnouncement(services.db, users, actor.id, actor);
  const ended = await services.db.transaction(async (tx) => {
    const [before] = await tx.select({ email: users.email }).from(users).where(eq(users.id, actor.id)).for('update');
    await tx
      .update(users)
      .set({
        email: deletedEmailOf(actor.id),
        username: null,
        name: null,
        surname: null,
        passwordHash: null,
        phone: null,
        mobilephone: null,
        fax: null,
        address: null,
        taxCode: null,
        birthDate: null,
        profileImage: null,
        contactEmail: null,
        emailPec: null,
        referentTributes: null,
        isEnabled: false,
        deletedAt: now,
        passwordChangedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, actor.id));
    const endedSessionIds = await endAllSessionsOfUser(tx, actor.id);
    // The audit keeps that a deletion happened, not the erased values.
    await recordAudit(tx, ctx, { action: 'account_deleted', entityType: 'users', entityId: actor.id, changes: { emailDomain: before?.email.split('@')[1] ?? null } });
    return endedSessionIds;
  });
  tellRemoved();
  services.realtime.disconnectSessions(ended);
  return { ok: true as const };
}
