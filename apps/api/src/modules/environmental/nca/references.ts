import { and, eq, inArray, isNull } from 'drizzle-orm';
import { agencies, lots, orders, settings, users } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import type { TErrorDetail } from '../../../lib/errors.ts';

/** Problems with the ids an NCA record names: each must exist (settings: of the right type and active). */
export async function settingProblems(db: TDbOrTx, path: string, ids: readonly (string | null | undefined)[], settingType: string): Promise<TErrorDetail[]> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return [];
  const rows = await db
    .select({ id: settings.id, isActive: settings.isActive })
    .from(settings)
    .where(and(inArray(settings.id, wanted), eq(settings.settingType, settingType as never)));
  const found = new Map(rows.map((r) => [r.id, r.isActive]));
  return wanted.flatMap((id) => (!found.has(id) ? [{ path, message: `not a ${settingType} setting`, value: id }] : found.get(id) ? [] : [{ path, message: 'this setting is not active', value: id }]));
}

export async function userProblems(db: TDbOrTx, path: string, ids: readonly string[]): Promise<TErrorDetail[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, wanted), isNull(users.deletedAt)));
  const found = new Set(rows.map((r) => r.id));
  return wanted.filter((id) => !found.has(id)).map((value) => ({ path, message: 'does not exist', value }));
}

export async function agencyProblems(db: TDbOrTx, path: string, id: string | null | undefined): Promise<TErrorDetail[]> {
  if (!id) return [];
  const [row] = await db.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, id));
  return row ? [] : [{ path, message: 'does not exist', value: id }];
}

/** The report's lot, order and target agency fit together: the order is the lot's, the agency one of the order's. */
export async function registryProblems(db: TDbOrTx, report: { lotId: string; orderId: string; targetAgencyId: string; announcementId?: string | null }): Promise<TErrorDetail[]> {
  const [lot] = await db.select({ id: lots.id }).from(lots).where(eq(lots.id, report.lotId));
  if (!lot) return [{ path: 'lotId', message: 'does not exist', value: report.lotId }];
  const problems: TErrorDetail[] = [];
  const [order] = await db.select().from(orders).where(eq(orders.id, report.orderId));
  if (!order) problems.push({ path: 'orderId', message: 'does not exist', value: report.orderId });
  else {
    if (order.lotId !== report.lotId) problems.push({ path: 'orderId', message: 'this order belongs to another lot', value: report.orderId });
    if (!order.agencyIds.includes(report.targetAgencyId)) problems.push({ path: 'targetAgencyId', message: "must be one of the order's agencies", value: report.targetAgencyId });
  }
  if (report.announcementId) {
    const [announcement] = await db.select().from(orders).where(eq(orders.id, report.announcementId));
    if (!announcement || announcement.orderType !== 'announcement' || announcement.lotId !== report.lotId)
      problems.push({ path: 'announcementId', message: 'must be an announcement of the same lot', value: report.announcementId });
  }
  return problems;
}
