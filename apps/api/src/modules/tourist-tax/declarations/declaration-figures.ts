import { and, between, eq, gte, isNull, lt, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  checkManualFigures,
  computeFiguresFromTotals,
  ZERO_FIGURES,
  type TDeclarationFigures,
  type TFigureTotals,
  type TManualFiguresInput,
  type TRejectedPaymentLine,
  type TStayForFigures,
} from '@app/domain/tourist-tax/filings/declaration-figures';
import { stayFigureTotals, stays, structures } from '../../../db/schema/index.ts';
import { queryRows, type TDb, type TDbOrTx } from '../../../db/client.ts';
import { validationFailed } from '../../../lib/errors.ts';

/** The stays a declaration counts: checked out in the period, not already counted by another declaration. */
export function countedStaysWhere(structureId: string, dateFrom: string, dateTo: string, declarationId: string | null) {
  return and(
    eq(stays.structureId, structureId),
    between(stays.checkOut, dateFrom, dateTo),
    declarationId ? or(isNull(stays.declarationId), eq(stays.declarationId, declarationId)) : isNull(stays.declarationId),
  );
}

/** The stays of a comune a declaration would count: checked out in the period, not counted by any declaration yet. */
export function undeclaredStaysOfComuneWhere(cityId: string, dateFrom: string, dateTo: string) {
  return and(eq(stays.cityId, cityId), between(stays.checkOut, dateFrom, dateTo), isNull(stays.declarationId));
}

/** The lead guest as "Surname Name" (null when both are empty), as a rejected payment line names it. */
const GUEST_NAME = sql<string | null>`nullif(trim(coalesce(${stays.guest}->>'surname', '') || ' ' || coalesce(${stays.guest}->>'name', '')), '')`;

export async function loadStaysForFigures(db: TDbOrTx, structureId: string, dateFrom: string, dateTo: string, declarationId: string | null): Promise<TStayForFigures[]> {
  return db
    .select({
      id: stays.id,
      checkOut: stays.checkOut,
      nightsNumber: stays.nightsNumber,
      taxableNights: stays.taxableNights,
      componentsNumber: stays.componentsNumber,
      payingGuests: stays.payingGuests,
      reducedGuests: stays.reducedGuests,
      exemptGuests: stays.exemptGuests,
      tariffImportCents: stays.tariffImportCents,
      reductionImportCents: stays.reductionImportCents,
      toPayAmountCents: stays.toPayAmountCents,
      paymentStatus: stays.paymentStatus,
      noPaymentReason: stays.noPaymentReason,
      payingPresences: stays.payingPresences,
      reducedPresences: stays.reducedPresences,
      exemptPresences: stays.exemptPresences,
      beyondCapPresences: stays.beyondCapPresences,
      guestName: GUEST_NAME,
    })
    .from(stays)
    .where(countedStaysWhere(structureId, dateFrom, dateTo, declarationId))
    .orderBy(stays.checkOut, stays.id);
}

export type TFigureColumns = TDeclarationFigures;

// A stay's presences as stayPresences (domain) reads them: the engine's stored count when all four
// are there, else the fallback of rows priced before presences were stored. Keep the two in step:
// declaration-figures-aggregate.test.ts compares this aggregate with computeDeclarationFigures.
const STORED_PRESENCES = sql`(${stays.payingPresences} is not null and ${stays.reducedPresences} is not null and ${stays.exemptPresences} is not null and ${stays.beyondCapPresences} is not null)`;
const presences = (stored: SQL, fallback: SQL) => sql`case when ${STORED_PRESENCES} then ${stored} else ${fallback} end`;
const NOT_PAID = sql`${stays.paymentStatus} <> 'paid'`;
const total = (expression: SQL) => sql`coalesce(sum(${expression}), 0)::bigint`.mapWith(Number);

/** Groups of totals (per structure, paid or not) as the domain's figures per structure (computeFiguresFromTotals). */
function figuresOfGroups(rows: (TFigureTotals & { structureId: string })[]): Map<string, TDeclarationFigures> {
  const groups = new Map<string, TFigureTotals[]>();
  for (const row of rows) {
    const list = groups.get(row.structureId);
    if (list) list.push(row);
    else groups.set(row.structureId, [row]);
  }
  return new Map([...groups].map(([structureId, totals]) => [structureId, computeFiguresFromTotals(totals)]));
}

/**
 * The sums of the figures of the stays in `where`, per structure in one grouped query (over the covering
 * index of migration 0017 a comune's quarter is an index-only scan), without the rejected lines.
 * The sums are those of computeDeclarationFigures, the domain's definition of the figures. Grouped
 * by structure and by paid or not (payment_status is never null), rather than with a filter on
 * each sum: fewer aggregates per stay, and the paid and unpaid amounts are the two groups' sums.
 */
async function sumFiguresByStructure(db: TDbOrTx, where: SQL | undefined): Promise<Map<string, TDeclarationFigures>> {
  const rows = await db
    .select({
      structureId: stays.structureId,
      notPaid: sql<boolean>`${NOT_PAID}`,
      stays: sql`count(*)::bigint`.mapWith(Number),
      guestsNumber: total(sql`${stays.componentsNumber}`),
      nightsNumber: total(sql`${stays.nightsNumber}`),
      payingPresences: total(presences(sql`${stays.payingPresences}`, sql`(${stays.payingGuests} - ${stays.reducedGuests}) * ${stays.taxableNights}`)),
      reducedPresences: total(presences(sql`${stays.reducedPresences}`, sql`${stays.reducedGuests} * ${stays.taxableNights}`)),
      exemptPresences: total(presences(sql`${stays.exemptPresences}`, sql`${stays.exemptGuests} * ${stays.nightsNumber}`)),
      beyondCapPresences: total(presences(sql`${stays.beyondCapPresences}`, sql`${stays.payingGuests} * (${stays.nightsNumber} - ${stays.taxableNights})`)),
      tariffCents: total(sql`${stays.tariffImportCents}`),
      reductionCents: total(sql`${stays.reductionImportCents}`),
      amountCents: total(sql`${stays.toPayAmountCents}`),
    })
    .from(stays)
    .where(where)
    .groupBy(stays.structureId, sql`2`);
  return figuresOfGroups(rows);
}

/**
 * The stays in `where` the guest did not pay, one line each, by structure, in check-out order. A
 * comune's quarter has thousands: the rows go straight into the lines (queryRows), without drizzle's
 * general row mapping in between.
 */
async function loadRejectedLines(db: TDbOrTx, where: SQL | undefined): Promise<Map<string, TRejectedPaymentLine[]>> {
  const query = db
    .select({ structureId: stays.structureId, stayId: stays.id, guest: GUEST_NAME, checkOut: stays.checkOut, amountCents: stays.toPayAmountCents, reason: stays.noPaymentReason })
    .from(stays)
    .where(and(where, NOT_PAID))
    .orderBy(stays.checkOut, stays.id)
    .toSQL();
  return queryRows(db, query, (rows) => {
    const lines = new Map<string, TRejectedPaymentLine[]>();
    for (const [structureId, stayId, guest, checkOut, amountCents, reason] of rows as [string, string, string | null, string, number, string | null][]) {
      const line: TRejectedPaymentLine = { stayId, guest, checkOut: stays.checkOut.mapFromDriverValue(checkOut) as string, amountCents, reason };
      const list = lines.get(structureId);
      if (list) list.push(line);
      else lines.set(structureId, [line]);
    }
    return lines;
  });
}

/** The automatic figures of the stays in `where`, per structure: the sums and the rejected lines. */
async function figuresByStructure(db: TDbOrTx, where: SQL | undefined): Promise<Map<string, TDeclarationFigures>> {
  const figures = await sumFiguresByStructure(db, where);
  if ([...figures.values()].some((f) => f.rejectedPayments > 0)) {
    for (const [structureId, lines] of await loadRejectedLines(db, where)) {
      const entry = figures.get(structureId);
      if (entry) entry.rejectedDetails = lines;
    }
  }
  return figures;
}

/** The automatic figures of the stays a declaration of one structure counts (see countedStaysWhere). */
export async function computeStructureFigures(db: TDbOrTx, structureId: string, dateFrom: string, dateTo: string, declarationId: string | null): Promise<TDeclarationFigures> {
  const figures = await figuresByStructure(db, countedStaysWhere(structureId, dateFrom, dateTo, declarationId));
  return figures.get(structureId) ?? { ...ZERO_FIGURES, rejectedDetails: [] };
}

/**
 * What every structure of a comune would declare for a period (its stays not yet counted by a
 * declaration), in two queries whatever the number of structures, run side by side (hence the
 * database, not a transaction). Structures without such stays are absent.
 */
export async function computeComuneFigures(db: TDb, cityId: string, dateFrom: string, dateTo: string): Promise<Map<string, TDeclarationFigures>> {
  const where = undeclaredStaysOfComuneWhere(cityId, dateFrom, dateTo);
  const [figures, rejected] = await Promise.all([sumFiguresByStructure(db, where), loadRejectedLines(db, where)]);
  for (const [structureId, lines] of rejected) {
    const entry = figures.get(structureId);
    if (entry) entry.rejectedDetails = lines;
  }
  return figures;
}

/** The day after a YYYY-MM-DD date. */
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
/** The first day of the month after the one of a YYYY-MM-DD date. */
const nextMonthStart = (day: string) => {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
};

/**
 * How the stored totals cover a period: the whole months inside it, [monthsFrom, monthsEnd), from the month
 * rows, and the days before and after them from the day rows. Without a whole month inside, both are the day
 * after the period, so that every day comes from the day rows.
 */
export function totalsSpans(dateFrom: string, dateTo: string): { monthsFrom: string; monthsEnd: string } {
  const afterTo = nextDay(dateTo);
  const monthsFrom = dateFrom.endsWith('-01') ? dateFrom : nextMonthStart(dateFrom);
  const monthsEnd = `${afterTo.slice(0, 7)}-01`;
  return monthsFrom < monthsEnd ? { monthsFrom, monthsEnd } : { monthsFrom: afterTo, monthsEnd: afterTo };
}

const totalOf = (column: AnyColumn) => sql`sum(${column})::bigint`.mapWith(Number);

/**
 * The grouped query behind comuneFiguresFromTotals (the bench runs its SQL as the raw reference): the stored
 * totals of the period's whole months and edge days, per structure (with its name) and paid or not. About
 * 2 x (months + edge days) rows per structure, whatever the number of stays; the primary key serves each span.
 */
export function comuneTotalsQuery(db: TDbOrTx, cityId: string, dateFrom: string, dateTo: string) {
  const { monthsFrom, monthsEnd } = totalsSpans(dateFrom, dateTo);
  const t = stayFigureTotals;
  return db
    .select({
      structureId: t.structureId,
      name: structures.name,
      notPaid: t.notPaid,
      stays: totalOf(t.stays),
      guestsNumber: totalOf(t.guestsNumber),
      nightsNumber: totalOf(t.nightsNumber),
      payingPresences: totalOf(t.payingPresences),
      reducedPresences: totalOf(t.reducedPresences),
      exemptPresences: totalOf(t.exemptPresences),
      beyondCapPresences: totalOf(t.beyondCapPresences),
      tariffCents: totalOf(t.tariffCents),
      reductionCents: totalOf(t.reductionCents),
      amountCents: totalOf(t.amountCents),
    })
    .from(t)
    .innerJoin(structures, eq(structures.id, t.structureId))
    .where(
      and(
        eq(t.cityId, cityId),
        or(
          and(eq(t.span, 'month'), gte(t.day, monthsFrom), lt(t.day, monthsEnd)),
          and(eq(t.span, 'day'), gte(t.day, dateFrom), lt(t.day, monthsFrom)),
          and(eq(t.span, 'day'), gte(t.day, monthsEnd), lte(t.day, dateTo)),
        ),
      ),
    )
    .groupBy(t.structureId, structures.name, t.notPaid);
}

/**
 * What every structure of a comune would declare for a period, as computeComuneFigures without the rejected
 * lines, from the stored totals (migration 0060) instead of the period's stays. Structures without such stays
 * are absent.
 */
export async function comuneFiguresFromTotals(db: TDbOrTx, cityId: string, dateFrom: string, dateTo: string): Promise<Map<string, { name: string; figures: TDeclarationFigures }>> {
  const rows = await comuneTotalsQuery(db, cityId, dateFrom, dateTo);
  const names = new Map(rows.map((row) => [row.structureId, row.name]));
  const figures = figuresOfGroups(rows);
  return new Map([...figures].map(([structureId, f]) => [structureId, { name: names.get(structureId)!, figures: f }]));
}

/** Totals a hotelier typed by hand: the domain's shape, checked by checkManualFigures. */
export type TManualFigures = TManualFiguresInput;

/**
 * The figures a declaration carries. Automatic: the sum of the counted stays (a no-guests declaration
 * must have none). Manual: the totals the hotelier typed, checked to add up.
 */
export async function figuresForDeclaration(
  db: TDbOrTx,
  d: { id: string | null; structureId: string; dateFrom: string; dateTo: string; type: 'automatic' | 'manual'; noGuests: boolean; manual: TManualFigures | null },
): Promise<TDeclarationFigures> {
  if (d.type === 'automatic') {
    const figures = await computeStructureFigures(db, d.structureId, d.dateFrom, d.dateTo, d.id);
    if (d.noGuests && figures.numberOfStays > 0) {
      throw validationFailed([{ path: 'noGuests', message: `the structure has ${figures.numberOfStays} stays checked out in this period` }]);
    }
    return figures;
  }
  const manual = d.noGuests ? { numberOfStays: 0, nightsNumber: 0, totalAmountCents: 0, toPayAmountCents: 0, unpaidAmountCents: 0, rejectedPayments: 0 } : d.manual;
  if (!manual) throw validationFailed([{ path: 'figures', message: 'a manual declaration needs its totals' }]);
  const issues = checkManualFigures(manual, d.noGuests);
  if (issues.length > 0) throw validationFailed(issues.map((i) => ({ path: `figures.${i.path}`, message: i.message })));
  return {
    numberOfStays: manual.numberOfStays,
    guestsNumber: manual.guestsNumber ?? 0,
    nightsNumber: manual.nightsNumber,
    payingPresences: manual.payingPresences ?? 0,
    reducedPresences: manual.reducedPresences ?? 0,
    exemptPresences: manual.exemptPresences ?? 0,
    beyondCapPresences: manual.beyondCapPresences ?? 0,
    tariffCents: manual.tariffCents ?? manual.totalAmountCents + (manual.reductionCents ?? 0),
    reductionCents: manual.reductionCents ?? 0,
    totalAmountCents: manual.totalAmountCents,
    toPayAmountCents: manual.toPayAmountCents,
    unpaidAmountCents: manual.unpaidAmountCents,
    rejectedPayments: manual.rejectedPayments,
    rejectedDetails: manual.rejectedDetails ?? [],
  };
}
