import { and, count, eq } from 'drizzle-orm';
import { notifications, users } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import type { TMailer, TRealtime } from '../../../lib/services.ts';

export type TNotificationRow = typeof notifications.$inferSelect;

export type TNotificationInput = {
  title: string;
  event: string;
  body?: string | null;
  data?: Record<string, unknown> | null;
  /** Also send a copy by e-mail (template `notification`) to the user's address. */
  email?: boolean;
};

/** What notifyUser needs; `app.services` fits as is. */
export type TNotifyDeps = {
  db: TDbOrTx;
  realtime: Pick<TRealtime, 'toUser'>;
  mailer?: TMailer;
  config?: { publicUrl: string };
};

/** The notification as the API and the socket show it. */
export function notificationToRecord(row: TNotificationRow) {
  return {
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    title: row.title,
    event: row.event,
    body: row.body,
    data: row.data ?? null,
    hasBeenSeen: row.hasBeenSeen,
  };
}

export async function countUnseenNotifications(db: TDbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.hasBeenSeen, false)));
  return Number(row?.n ?? 0);
}

/** Inserts the notification row only. Use it inside a transaction, then pushNotification after the commit. */
export async function createNotification(db: TDbOrTx, userId: string, input: TNotificationInput): Promise<TNotificationRow> {
  const [row] = await db
    .insert(notifications)
    .values({ userId, title: input.title, event: input.event, body: input.body ?? null, data: input.data ?? null })
    .returning();
  return row;
}

/** Pushes `notifications` `{ notification, count }` to every socket of the user, and the optional e-mail copy. */
export async function pushNotification(deps: TNotifyDeps, row: TNotificationRow, options: { email?: boolean } = {}) {
  const unseen = await countUnseenNotifications(deps.db, row.userId);
  deps.realtime.toUser(row.userId, 'notifications', { notification: notificationToRecord(row), count: unseen });
  if (options.email && deps.mailer) {
    const [user] = await deps.db.select({ email: users.email, deletedAt: users.deletedAt }).from(users).where(eq(users.id, row.userId));
    if (user && !user.deletedAt) {
      const link = deps.config ? `${deps.config.publicUrl}/notifications` : '';
      await deps.mailer.send(user.email, 'notification', { title: row.title, body: row.body ?? '', link });
    }
  }
}

/**
 * Notifies one user: stores the notification, pushes it over socket.io with the new unseen count,
 * and optionally sends an e-mail copy. Call it after your own transaction has committed (the push
 * cannot be taken back); inside a transaction use createNotification and push after the commit.
 */
export async function notifyUser(deps: TNotifyDeps, userId: string, input: TNotificationInput): Promise<TNotificationRow> {
  const row = await createNotification(deps.db, userId, input);
  await pushNotification(deps, row, { email: input.email });
  return row;
}
