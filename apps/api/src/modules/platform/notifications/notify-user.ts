import { and, count, eq } from 'drizzle-orm';
import { notifications, users } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import type { TMailer, TRealtime } from '../../../lib/services.ts';
import { languageOr, render, type TText } from '../../../i18n/translate.ts';

export type TNotificationRow = typeof notifications.$inferSelect;

/**
 * A notification to write. Title and body are messages (`msg(key, params)`) written in the recipient's
 * language when the row is created, or plain strings kept as they are (what a user wrote, such as a
 * comune's communication).
 */
export type TNotificationInput = {
  title: TText;
  event: string;
  body?: TText | null;
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

/**
 * Inserts the notification row only, its texts in the recipient's language. Use it inside a
 * transaction, then pushNotification after the commit. The row keeps the written text (not the
 * message key): the API has always answered `title` and `body` as text, and the e-mail copy sent
 * after the commit must say the same as the bell.
 */
export async function createNotification(db: TDbOrTx, userId: string, input: TNotificationInput): Promise<TNotificationRow> {
  const needsLanguage = typeof input.title !== 'string' || (input.body != null && typeof input.body !== 'string');
  const [user] = needsLanguage ? await db.select({ language: users.language }).from(users).where(eq(users.id, userId)) : [];
  const language = languageOr(user?.language);
  const [row] = await db
    .insert(notifications)
    .values({ userId, title: render(language, input.title), event: input.event, body: input.body == null ? null : render(language, input.body), data: input.data ?? null })
    .returning();
  return row;
}

/** Pushes `notifications` `{ notification, count }` to every socket of the user, and the optional e-mail copy. */
export async function pushNotification(deps: TNotifyDeps, row: TNotificationRow, options: { email?: boolean } = {}) {
  const unseen = await countUnseenNotifications(deps.db, row.userId);
  deps.realtime.toUser(row.userId, 'notifications', { notification: notificationToRecord(row), count: unseen });
  if (options.email && deps.mailer) {
    const [user] = await deps.db.select({ email: users.email, deletedAt: users.deletedAt, language: users.language }).from(users).where(eq(users.id, row.userId));
    if (user && !user.deletedAt) {
      const link = deps.config ? `${deps.config.publicUrl}/notifications` : '';
      await deps.mailer.send(user.email, 'notification', { title: row.title, body: row.body ?? '', link }, languageOr(user.language));
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
