import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import type { TCollectionRuntime } from '../../../lib/collection/routes.ts';
import { isUuid } from '../../../lib/collection/query.ts';
import { allOf } from '../../../lib/collection/query.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { prepareRemovalAnnouncement } from '../../../lib/collection/live.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { endAllSessionsOfUser } from '../auth/sessions.ts';

/**
 * What an account becomes when it is deleted. The row stays (declarations, audit entries and
 * other legal records keep pointing at it, with its role and comune), but nothing personal is
 * left and it can never sign in again. The e-mail is freed for a new account.
 */
export function anonymisedUserValues(id: string, now = new Date()) {
  return {
    email: `deleted-${id}@deleted.invalid`,
    username: null,
    name: null,
    surname: null,
    passwordHash: null,
    mobilephone: null,
    phone: null,
    address: null,
    profileImage: null,
    taxCode: null,
    vatNumber: null,
    contactEmail: null,
    fax: null,
    emailPec: null,
    commercialName: null,
    referentTributes: null,
    birthDate: null,
    isEnabled: false,
    hasTemporaryPassword: false,
    needsPasswordChange: false,
    roleIds: [],
    permissionGrants: [],
    deletedAt: now,
    passwordChangedAt: now,
    updatedAt: now,
  } satisfies Partial<typeof users.$inferInsert>;
}

/** Anonymises one account and revokes its sessions, inside the caller's transaction; returns the ended sessions. */
export async function anonymiseUser(tx: TDbOrTx, id: string) {
  const now = new Date();
  await tx.update(users).set(anonymisedUserValues(id, now)).where(eq(users.id, id));
  return endAllSessionsOfUser(tx, id);
}

/** DELETE /api/users/{id}: soft deletion by anonymisation, never of yourself. Returns the ended sessions (to disconnect their sockets). */
export async function deleteUser(runtime: TCollectionRuntime, ctx: TSignedInContext, id: string) {
  const scope = await runtime.conditions(ctx, 'delete');
  if (!isUuid(id)) throw notFound('User');
  // The users list no longer shows an anonymised account: its watchers hear it went, once committed.
  const tellRemoved = await prepareRemovalAnnouncement(ctx.db, users, id, ctx.actor);
  const ended = await ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(allOf([eq(users.id, id), scope]))
      .for('update');
    if (!existing) throw notFound('User');
    if (existing.id === ctx.actor.id) throw new AppError('CANNOT_DELETE_YOURSELF', 'You cannot delete your own account');
    const sessions = await anonymiseUser(tx, id);
    // The audit entry names the fields, not their old values: keeping those would undo the anonymisation.
    await recordAudit(tx, ctx, { action: 'delete', entityType: 'users', entityId: id, changes: { anonymised: { to: Object.keys(anonymisedUserValues(id)) } } });
    return sessions;
  });
  tellRemoved();
  return ended;
}
