import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../../../db/schema/index.ts';
import type { TServices } from '../../../lib/fastify-types.ts';
import type { TRequestContext, TActor } from '../../../lib/context.ts';
import { AppError } from '../../../lib/errors.ts';
import { diffFields, recordAudit } from '../audit/record-audit.ts';
import { profileFieldShape } from './profile-fields.ts';
import { profileRecord } from './get-my-profile.ts';

/**
 * Partial update of one's own profile. Strict: role, e-mail, enabling, tenant links and the
 * password flags are not editable here, and sending them is an error rather than silently ignored.
 */
export const ZProfileUpdate = z.strictObject({
  ...profileFieldShape,
  isProfileComplete: z.boolean().optional().describe('true also clears needsPasswordChange'),
});
export type TProfileUpdate = z.infer<typeof ZProfileUpdate>;

export async function updateMyProfile(services: TServices, ctx: Pick<TRequestContext, 'ip' | 'requestId'> & { actor: TActor }, input: TProfileUpdate) {
  const actor = ctx.actor;
  const updated = await services.db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, actor.id)).for('update');
    if (!before || before.deletedAt) throw new AppError('UNAUTHORIZED', 'Your session is not valid; sign in again');
    const changes: Partial<typeof users.$inferInsert> = { ...input };
    // Marking the profile complete also clears the need to change the password.
    if (input.isProfileComplete === true) changes.needsPasswordChange = false;
    if (Object.keys(changes).length === 0) return before;
    const [after] = await tx
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, actor.id))
      .returning();
    const diff = diffFields(before, after, ['passwordChangedAt', 'lastLoginAt']);
    if (Object.keys(diff).length > 0) {
      await recordAudit(tx, ctx, { action: 'update', entityType: 'users', entityId: actor.id, changes: diff });
    }
    return after;
  });
  return profileRecord(services, updated, actor.impersonatorId);
}
