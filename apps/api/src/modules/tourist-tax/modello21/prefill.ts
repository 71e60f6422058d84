import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { mergePrefill, prefillModello21FromMonths, type TM21Month } from '@app/domain/tourist-tax/filings/modello21';
import { declarations, stays } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';

/**
 * The prefill of one structure's Modello 21: the paid stays summed per month of check-out by the
 * database (a year can hold tens of thousands of stays), and the payments recorded on the
 * structure's submitted declarations of that year.
 */
export async function loadModello21Prefill(db: TDbOrTx, structureId: string, year: number) {
  const monthly = await db
    .select({
      month: sql<number>`extract(month from ${stays.checkOut})::int`,
      receiptsCount: sql<number>`count(*)::int`,
      collectedCents: sql<number>`coalesce(sum(${stays.toPayAmountCents}), 0)::bigint`,
    })
    .from(stays)
    .where(and(eq(stays.structureId, structureId), sql`${stays.checkOut} between ${`${year}-01-01`} and ${`${year}-12-31`}`, eq(stays.paymentStatus, 'paid')))
    .groupBy(sql`1`);
  const paid = await db
    .select({
      declarationId: declarations.id,
      dateFrom: declarations.dateFrom,
      dateTo: declarations.dateTo,
      paymentDate: declarations.paymentDate,
      trn: declarations.trn,
      amountCents: declarations.paidAmountCents,
    })
    .from(declarations)
    .where(
      and(
        eq(declarations.structureId, structureId),
        inArray(declarations.status, ['submitted', 'validated']),
        isNotNull(declarations.paymentDate),
        sql`${declarations.dateFrom} <= ${`${year}-12-31`} and ${declarations.dateTo} >= ${`${year}-01-01`}`,
      ),
    );
  return prefillModello21FromMonths(
    year,
    monthly.map((m) => ({ month: Number(m.month), receiptsCount: Number(m.receiptsCount), collectedCents: Number(m.collectedCents) })),
    paid.map((p) => ({ ...p, paymentDate: p.paymentDate!, amountCents: p.amountCents ?? 0 })),
  );
}

export async function prefilledMonths(db: TDbOrTx, structureId: string, year: number, existing: TM21Month[] | null): Promise<TM21Month[]> {
  return mergePrefill(existing, await loadModello21Prefill(db, structureId, year));
}
