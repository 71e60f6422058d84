import type { FastifyInstance } from 'fastify';
import type { TFilingSide } from '@app/domain/tourist-tax/filings/filing-sides';
import type { TTx } from '../../../db/client.ts';
import { createNotification, pushNotification, type TNotificationInput, type TNotificationRow } from '../../platform/index.ts';
import { cityUserIds, hotelierIdsOfStructure } from './filing-scope.ts';

/** Notifications written in the caller's transaction; pushed (socket, and e-mail when asked) after the commit. */
export type TPendingNotifications = { rows: TNotificationRow[]; email: boolean };

/** Notifies one side of a filing (the comune's users, or the structure's hoteliers), inside the transaction. */
export async function notifyFilingSide(
  tx: TTx,
  filing: { cityId: string; structureId: string },
  to: TFilingSide,
  input: TNotificationInput & { data: Record<string, unknown> },
): Promise<TNotificationRow[]> {
  const recipients = to === 'comune' ? await cityUserIds(tx, filing.cityId) : await hotelierIdsOfStructure(tx, filing.structureId);
  const created: TNotificationRow[] = [];
  for (const userId of recipients) created.push(await createNotification(tx, userId, input));
  return created;
}

export async function pushPending(app: FastifyInstance, pending: TPendingNotifications) {
  for (const row of pending.rows) {
    await pushNotification(app.services, row, { email: pending.email }).catch((error) => app.log.error({ err: error }, 'notification push failed'));
  }
}
