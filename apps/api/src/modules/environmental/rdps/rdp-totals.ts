import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { toEuros } from '@app/domain/environmental/fields';
import { laboratories, rdps } from '../../../db/schema/index.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { allOf } from '../../../lib/collection/query.ts';
import { rdpReadScope } from './rdps-collection.ts';

export type TRdpTotalsQuery = { from?: string; to?: string; laboratoryId?: string };

/**
 * The consortium's accounting figures of completed reports: per laboratory and per month of the SAL
 * confirmation, the confirmed amounts (frozen prices) and those still waiting for their SAL (current
 * prices). `from`/`to` (YYYY-MM-DD, `to` inclusive) bound the SAL date of confirmed reports; reports
 * waiting for their SAL are always counted, they belong to no period yet.
 */
export async function computeRdpTotals(ctx: TSignedInContext, query: TRdpTotalsQuery) {
  const period: SQL[] = [];
  if (query.from) period.push(gte(rdps.salConfirmedAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) period.push(lt(rdps.salConfirmedAt, new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000)));
  const confirmed = period.length ? sql`(${rdps.salConfirmedAt} is not null and ${and(...period)})` : sql`${rdps.salConfirmedAt} is not null`;
  const where = allOf([eq(rdps.status, 'completed'), query.laboratoryId ? eq(rdps.laboratoryId, query.laboratoryId) : undefined, rdpReadScope(ctx)]);
  const cents = sql<number>`coalesce(${rdps.totalPriceCents}, 0)`;
  const byLab = await ctx.db
    .select({
      laboratoryId: rdps.laboratoryId,
      businessName: laboratories.businessName,
      confirmedCount: sql<number>`count(*) filter (where ${confirmed})`.mapWith(Number),
      confirmedCents: sql<number>`coalesce(sum(${cents}) filter (where ${confirmed}), 0)`.mapWith(Number),
      pendingCount: sql<number>`count(*) filter (where ${rdps.salConfirmedAt} is null)`.mapWith(Number),
      pendingCents: sql<number>`coalesce(sum(${cents}) filter (where ${rdps.salConfirmedAt} is null), 0)`.mapWith(Number),
    })
    .from(rdps)
    .innerJoin(laboratories, eq(laboratories.id, rdps.laboratoryId))
    .where(where)
    .groupBy(rdps.laboratoryId, laboratories.businessName)
    .orderBy(laboratories.businessName);
  const month = sql<string>`to_char(${rdps.salConfirmedAt} at time zone 'Europe/Rome', 'YYYY-MM')`;
  const byPeriod = await ctx.db
    .select({ period: month, count: sql<number>`count(*)`.mapWith(Number), cents: sql<number>`coalesce(sum(${cents}), 0)`.mapWith(Number) })
    .from(rdps)
    .where(allOf([where, confirmed]))
    .groupBy(month)
    .orderBy(month);
  const laboratoriesTotals = byLab
    .filter((r) => r.confirmedCount + r.pendingCount > 0)
    .map((r) => ({
      laboratoryId: r.laboratoryId,
      businessName: r.businessName,
      confirmedCount: r.confirmedCount,
      confirmedTotal: toEuros(r.confirmedCents),
      pendingCount: r.pendingCount,
      pendingTotal: toEuros(r.pendingCents),
    }));
  return {
    byLaboratory: laboratoriesTotals,
    byPeriod: byPeriod.map((r) => ({ period: r.period, count: r.count, total: toEuros(r.cents) })),
    confirmedTotal: toEuros(byLab.reduce((s, r) => s + r.confirmedCents, 0)),
    pendingTotal: toEuros(byLab.reduce((s, r) => s + r.pendingCents, 0)),
  };
}
