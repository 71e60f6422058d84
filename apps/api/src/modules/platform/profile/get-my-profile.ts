import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../../../db/schema/index.ts';
import type { TServices } from '../../../lib/fastify-types.ts';
import type { TActor } from '../../../lib/context.ts';
import { AppError } from '../../../lib/errors.ts';
import { ZUserRecord, userToRecord } from '../users/user-record.ts';

/** The signed-in user; under impersonation also who is acting, so the web can show "acting as". */
export const ZMyProfile = ZUserRecord.extend({
  impersonatedBy: z.object({ _id: z.string(), email: z.string() }).optional().describe('Present when an administrator is acting as this user'),
});
export type TMyProfile = z.infer<typeof ZMyProfile>;

export async function profileRecord(services: TServices, user: typeof users.$inferSelect, impersonatorId: string | null): Promise<TMyProfile> {
  const record: TMyProfile = userToRecord(user);
  if (impersonatorId) {
    const [admin] = await services.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, impersonatorId));
    if (admin) record.impersonatedBy = { _id: admin.id, email: admin.email };
  }
  return record;
}

export async function getMyProfile(services: TServices, actor: TActor): Promise<TMyProfile> {
  const [user] = await services.db.select().from(users).where(eq(users.id, actor.id));
  if (!user || user.deletedAt) throw new AppError('UNAUTHORIZED', 'Your session is not valid; sign in again');
  return profileRecord(services, user, actor.impersonatorId);
}
