import { and, eq, inArray, sql } from 'drizzle-orm';
import { mergePrefill, prefillModello21FromMonths, type TModello21Month } from '@app/domain/tourist-tax/filings/modello21';
import { declarationPayments, declarations, stays } from '../../../db/schema/index.ts';
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
      firstDate: sql<string>`min(${stays.checkOut})::text`,
      lastDate: sql<string>`max(${stays.checkOut})::text`,
    })
    .from(stays)
    .where(and(eq(stays.structureId, structureId), sql`${stays.checkOut} between ${`${year}-01-01`} and ${`${year}-12-31`}`, eq(stays.paymentStatus, 'paid')))
    .groupBy(sql`1`);
  // Every payment of the structure's submitted declarations of the year, each with its own date.
  const paid = await db
    .select({
      declarationId: declarations.id,
      dateFrom: declarations.dateFrom,
      dateTo: declarations.dateTo,
      paymentDate: declarationPayments.paymentDate,
      trn: declarationPayments.trn,
      amountCents: declarationPayments.amountCents,
      treasuryReference: declarationPayments.treasuryReference,
      receiptNumber: declarationPayments.receiptNumber,
    })
    .from(declarationPayments)
    .innerJoin(declarations, eq(declarations.id, declarationPayments.declarationId))
    .where(
      and(
        eq(declarations.structureId, structureId),
        inArray(declarations.status, ['submitted', 'validated']),
        sql`${declarations.dateFrom} <= ${`${year}-12-31`} and ${declarations.dateTo} >= ${`${year}-01-01`}`,
      ),
    )
    .orderBy(declarationPayments.paymentDate, declarationPayments.createdAt);
  return prefillModello21FromMonths(
    year,
    monthly.map((m) => ({ month: Number(m.month), receiptsCount: Number(m.receiptsCount), collectedCents: Number(m.collectedCents), firstDate: m.firstDate, lastDate: m.lastDate })),
    paid,
  );
}

/**
 * The opening balance of a year: tax of the previous year's periods paid to the treasury in this year
 * (typically the last quarter, paid in January). The hotelier may correct it.
 */
export async function loadOpeningBalance(db: TDbOrTx, structureId: string, year: number): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${declarationPayments.amountCents}), 0)::bigint` })
    .from(declarationPayments)
    .innerJoin(declarations, eq(declarations.id, declarationPayments.declarationId))
    .where(
      and(
        eq(declarations.structureId, structureId),
        inArray(declarations.status, ['submitted', 'validated']),
        sql`${declarations.dateTo} < ${`${year}-01-01`} and ${declarationPayments.paymentDate} between ${`${year}-01-01`} and ${`${year}-12-31`}`,
      ),
    );
  return Number(row?.cents ?? 0);
}

export async function prefilledMonths(db: TDbOrTx, structureId: string, year: number, existing: TModello21Month[] | null): Promise<TModello21Month[]> {
  return mergePrefill(existing, await loadModello21Prefill(db, structureId, year));
}
