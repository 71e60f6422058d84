import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import { centsToEuros } from '@app/domain/tourist-tax/money';
import { declarations, declarationTemplates, stays, structures, structureTypes } from '../../../db/schema/index.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { requireGrant } from '../../../lib/access.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { todayInItaly } from '../declarations/filing-scope.ts';

/** The comune whose figures are meant: an admin names it, a comune user has its own. */
export function dashboardCityId(ctx: TSignedInContext, requested: string | undefined): string {
  const scope = requireGrant(ctx.actor, 'dashboard', 'comune', "Only a comune sees the comune's dashboard");
  if (scope === 'all') {
    if (!requested) throw new AppError('VALIDATION_FAILED', 'Choose the comune', { details: [{ path: 'cityId', message: 'validation.required' }] });
    return requested;
  }
  if (ctx.actor.cityId) return ctx.actor.cityId;
  throw new AppError('FORBIDDEN', "Only a comune sees the comune's dashboard");
}

const SUBMITTED = sql`${declarations.status} in ('submitted', 'validated')`;

/**
 * The comune's view of one period (by default the latest whose deadline has passed, else the
 * first of the year): who declared, paid, is late; the tax declared, collected and outstanding; nights
 * and stays by structure type and month for the year; and structures worth a check (never declared
 * this year, or declared zero guests for a period in which they had guests the year before).
 */
export async function cityDashboard(ctx: TSignedInContext, query: { cityId?: string; year: number; declarationTemplateId?: string }) {
  const cityId = dashboardCityId(ctx, query.cityId);
  const today = todayInItaly();
  const { db } = ctx;
  const year = query.year;
  let [period] = query.declarationTemplateId
    ? await db
        .select()
        .from(declarationTemplates)
        .where(and(eq(declarationTemplates.id, query.declarationTemplateId), eq(declarationTemplates.cityId, cityId)))
    : await db
        .select()
        .from(declarationTemplates)
        .where(and(eq(declarationTemplates.cityId, cityId), eq(declarationTemplates.year, year), lte(declarationTemplates.submitBy, today)))
        .orderBy(desc(declarationTemplates.dateFrom))
        .limit(1);
  if (query.declarationTemplateId && !period) throw notFound('Period');
  if (!period) {
    [period] = await db
      .select()
      .from(declarationTemplates)
      .where(and(eq(declarationTemplates.cityId, cityId), eq(declarationTemplates.year, year)))
      .orderBy(asc(declarationTemplates.dateFrom))
      .limit(1);
  }

  let status = null;
  if (period) {
    const rows = await db
      .select({ id: structures.id, name: structures.name, declaration: declarations })
      .from(structures)
      .leftJoin(declarations, and(eq(declarations.structureId, structures.id), eq(declarations.declarationTemplateId, period.id)))
      .where(
        and(
          eq(structures.cityId, cityId),
          eq(structures.isActive, true),
          sql`(${structures.dateFrom} is null or ${structures.dateFrom} <= ${period.dateTo})`,
          sql`(${structures.dateTo} is null or ${structures.dateTo} >= ${period.dateFrom})`,
        ),
      )
      .orderBy(asc(structures.name));
    type TItem = { structureId: string; name: string };
    const lists: Record<'declared' | 'notDeclared' | 'paid' | 'lateSubmission' | 'latePayment', TItem[]> = { declared: [], notDeclared: [], paid: [], lateSubmission: [], latePayment: [] };
    const sums = { declared: 0, collected: 0, notCollected: 0, paid: 0, outstanding: 0 };
    for (const row of rows) {
      const item = { structureId: row.id, name: row.name };
      const d = row.declaration;
      const submitted = d && (d.status === 'submitted' || d.status === 'validated');
      if (!submitted) {
        lists.notDeclared.push(item);
        if (today > period.submitBy) lists.lateSubmission.push(item);
        continue;
      }
      lists.declared.push(item);
      sums.declared += d.totalAmountCents;
      sums.collected += d.toPayAmountCents;
      sums.notCollected += d.unpaidAmountCents;
      sums.paid += d.paidAmountCents ?? 0;
      if (d.paymentDate || d.toPayAmountCents === 0) lists.paid.push(item);
      else {
        sums.outstanding += d.toPayAmountCents;
        if (today > period.payBy) lists.latePayment.push(item);
      }
    }
    status = {
      counts: {
        structures: rows.length,
        declared: lists.declared.length,
        notDeclared: lists.notDeclared.length,
        paid: lists.paid.length,
        lateSubmission: lists.lateSubmission.length,
        latePayment: lists.latePayment.length,
      },
      amounts: {
        taxDeclared: centsToEuros(sums.declared),
        taxCollectedFromGuests: centsToEuros(sums.collected),
        taxNotCollected: centsToEuros(sums.notCollected),
        taxPaidToComune: centsToEuros(sums.paid),
        taxOutstanding: centsToEuros(sums.outstanding),
      },
      lists,
    };
  }

  const chartRows = await db
    .select({
      structureTypeId: structures.structureTypeId,
      structureTypeName: structureTypes.name,
      month: sql<number>`extract(month from ${stays.checkOut})::int`,
      stays: sql<number>`count(*)::int`,
      nights: sql<number>`coalesce(sum(${stays.nightsNumber}), 0)::int`,
      presences: sql<number>`coalesce(sum(${stays.nightsNumber} * ${stays.componentsNumber}), 0)::int`,
    })
    .from(stays)
    .innerJoin(structures, eq(structures.id, stays.structureId))
    .leftJoin(structureTypes, eq(structureTypes.id, structures.structureTypeId))
    .where(and(eq(stays.cityId, cityId), sql`${stays.checkOut} between ${`${year}-01-01`} and ${`${year}-12-31`}`))
    .groupBy(structures.structureTypeId, structureTypes.name, sql`3`)
    .orderBy(sql`3`, structureTypes.name);

  const neverDeclared = await db
    .select({ structureId: structures.id, name: structures.name })
    .from(structures)
    .where(
      and(
        eq(structures.cityId, cityId),
        eq(structures.isActive, true),
        sql`exists (select 1 from ${declarationTemplates} where ${declarationTemplates.cityId} = ${cityId}::uuid and ${declarationTemplates.year} = ${year} and ${declarationTemplates.submitBy} < ${today})`,
        sql`not exists (select 1 from ${declarations} where ${declarations.structureId} = ${structures.id} and ${declarations.year} = ${year} and ${SUBMITTED})`,
      ),
    )
    .orderBy(asc(structures.name));
  const zeroButHadGuests = await db
    .select({
      structureId: structures.id,
      name: structures.name,
      declarationId: declarations.id,
      dateFrom: declarations.dateFrom,
      dateTo: declarations.dateTo,
      staysLastYear: sql<number>`(select count(*)::int from ${stays} s where s.structure_id = ${declarations.structureId} and s.check_out between (${declarations.dateFrom} - interval '1 year')::date and (${declarations.dateTo} - interval '1 year')::date)`,
    })
    .from(declarations)
    .innerJoin(structures, eq(structures.id, declarations.structureId))
    .where(and(eq(declarations.cityId, cityId), eq(declarations.year, year), SUBMITTED, eq(declarations.numberOfStays, 0)))
    .orderBy(asc(structures.name));

  return {
    cityId,
    year,
    period: period ? { _id: period.id, periodName: period.periodName, dateFrom: period.dateFrom, dateTo: period.dateTo, submitBy: period.submitBy, payBy: period.payBy } : null,
    ...(status ?? { counts: null, amounts: null, lists: null }),
    charts: { byStructureTypeAndMonth: chartRows.map((r) => ({ ...r, stays: Number(r.stays), nights: Number(r.nights), presences: Number(r.presences), month: Number(r.month) })) },
    toCheck: [
      ...neverDeclared.map((s) => ({ structureId: s.structureId, name: s.name, reason: 'never_declared' as const, detail: `no declaration submitted in ${year}` })),
      ...zeroButHadGuests
        .filter((d) => Number(d.staysLastYear) > 0)
        .map((d) => ({
          structureId: d.structureId,
          name: d.name,
          reason: 'zero_guests_had_guests_last_year' as const,
          detail: `0 guests declared for ${d.dateFrom}/${d.dateTo}; ${d.staysLastYear} stays in the same period of ${year - 1}`,
        })),
    ],
  };
}
