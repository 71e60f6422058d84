import { and, eq, inArray, isNull } from 'drizzle-orm';
import { users } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import { createNotification, type TNotificationRow } from '../../platform/index.ts';
import { msg, type TText } from '../../../i18n/translate.ts';

type TRdpRef = { id: string; code: string; laboratoryId: string; outOfLimitsCount: number };

/** The consortium: admins and consortium staff with an active account. */
async function consortiumUserIds(db: TDbOrTx) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.role, ['admin', 'consortium_user']), eq(users.isEnabled, true), isNull(users.deletedAt)));
  return rows.map((r) => r.id);
}

/** The accounts of a laboratory. */
async function laboratoryUserIds(db: TDbOrTx, laboratoryId: string) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.laboratoryId, laboratoryId), eq(users.isEnabled, true), isNull(users.deletedAt)));
  return rows.map((r) => r.id);
}

/**
 * Values outside their limits: every consortium account gets a notification naming the reports (one per
 * report, at most 20 named in one import; the rest are counted), written in the caller's transaction.
 */
export async function notifyConsortiumOfOutOfLimits(db: TDbOrTx, reports: readonly TRdpRef[]): Promise<TNotificationRow[]> {
  if (reports.length === 0) return [];
  const recipients = await consortiumUserIds(db);
  const rows: TNotificationRow[] = [];
  const named = reports.slice(0, 20);
  for (const userId of recipients) {
    for (const report of named) {
      rows.push(
        await createNotification(db, userId, {
          title: msg('rdp.outOfLimits.title', { code: report.code }),
          event: 'rdps.outOfLimits',
          body: msg('rdp.outOfLimits.body', { code: report.code, count: report.outOfLimitsCount }),
          data: { rdpId: report.id },
        }),
      );
    }
    if (reports.length > named.length) {
      rows.push(
        await createNotification(db, userId, {
          title: msg('rdp.moreOutOfLimits.title', { count: reports.length - named.length }),
          event: 'rdps.outOfLimits',
          body: msg('rdp.moreOutOfLimits.body', { count: reports.length - named.length }),
          data: null,
        }),
      );
    }
  }
  return rows;
}

/** The laboratory hears of what the consortium did with its report. */
export async function notifyLaboratory(db: TDbOrTx, report: { id: string; code: string; laboratoryId: string }, title: TText, body: TText, event: string) {
  const rows: TNotificationRow[] = [];
  for (const userId of await laboratoryUserIds(db, report.laboratoryId)) rows.push(await createNotification(db, userId, { title, body, event, data: { rdpId: report.id } }));
  return rows;
}

/** The consortium hears that a laboratory uploaded a file to approve. */
export async function notifyConsortium(db: TDbOrTx, report: { id: string; code: string }, title: TText, body: TText, event: string) {
  const rows: TNotificationRow[] = [];
  for (const userId of await consortiumUserIds(db)) rows.push(await createNotification(db, userId, { title, body, event, data: { rdpId: report.id } }));
  return rows;
}
