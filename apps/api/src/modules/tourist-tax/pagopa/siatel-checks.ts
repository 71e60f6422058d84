import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { scopeOf } from '@app/domain/platform/access/access-table';
import { compareSiatel, type TDeclaredMonth, type TSiatelResult, type TSiatelRow } from '@app/domain/tourist-tax/siatel';
import { cities, declarations, siatelChecks, stays, structures } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { requireGrant } from '../../../lib/access.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { documentJob, runDocumentJob } from '../../../lib/document-jobs.ts';
import { recordAudit } from '../../platform/index.ts';
import { todayInItaly } from '../declarations/filing-scope.ts';
import type { readSiatelFile } from './read-comune-sheet.ts';

const readSiatelJob = documentJob<typeof readSiatelFile>(import.meta.url, './read-comune-sheet', 'readSiatelFile', { name: 'SIATEL file', timeoutMs: 20_000 });

const ZShortfall = z.object({
  structureId: z.string(),
  name: z.string(),
  month: z.string(),
  siatelGuests: z.number().nullable(),
  siatelNights: z.number().describe("The ministry's days of stay"),
  declaredPresences: z.number().describe('Guest-nights the submitted declarations count in the month'),
  gap: z.number(),
  gapPercent: z.number().describe('gap / siatelNights, percent, one decimal'),
});
export const ZSiatelResult = z.object({
  months: z.array(z.string()),
  rows: z.number(),
  shortfalls: z.array(ZShortfall),
  unregistered: z.array(
    z.object({
      name: z.string().nullable(),
      taxCode: z.string().nullable(),
      cin: z.string().nullable(),
      structureCode: z.string().nullable(),
      address: z.string().nullable(),
      months: z.array(z.string()),
      siatelNights: z.number(),
      rows: z.array(z.number()),
    }),
  ),
  undeclaredMonths: z.array(z.object({ structureId: z.string(), name: z.string(), month: z.string(), siatelNights: z.number() })),
  totals: z.object({ siatelNights: z.number(), declaredPresences: z.number(), structuresMatched: z.number() }),
});
const ZSiatelCheckBase = z.object({
  _id: z.string(),
  createdAt: z.string(),
  cityId: z.string(),
  fileName: z.string(),
  monthFrom: z.string().nullable(),
  monthTo: z.string().nullable(),
  checkedOn: z.string().describe('The day the check was made: declarations submitted later are not in it'),
});
export const ZSiatelCheckSummary = ZSiatelCheckBase.extend({
  shortfalls: z.number(),
  unregistered: z.number(),
  undeclaredMonths: z.number(),
});
export const ZSiatelCheck = ZSiatelCheckBase.extend({ result: ZSiatelResult });
export type TSiatelCheck = z.infer<typeof ZSiatelCheck>;

type TSiatelCheckRow = typeof siatelChecks.$inferSelect;

const summaryOf = (row: TSiatelCheckRow) => ({
  _id: row.id,
  createdAt: row.createdAt.toISOString(),
  cityId: row.cityId,
  fileName: row.fileName,
  monthFrom: row.monthFrom,
  monthTo: row.monthTo,
  checkedOn: row.checkedOn,
});

/** The comune, if the caller's grant for the action reaches it: its own for a city user, any for admins; else 404. */
async function comuneInScope(ctx: TSignedInContext, cityId: string, action: 'list' | 'read' | 'create') {
  requireGrant(ctx.actor, 'siatel-checks', action, "Only the comune and administrators cross-check the ministry's data");
  if (scopeOf(ctx.actor.role, 'siatel-checks', action) === 'ownCity' && ctx.actor.cityId !== cityId) throw notFound('Comune');
  const [city] = await ctx.db.select({ id: cities.id }).from(cities).where(eq(cities.id, cityId));
  if (!city) throw notFound('Comune');
}

const monthStart = (month: string) => `${month}-01`;
function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}
const daysBetween = (from: string, toExclusive: string) => Math.round((Date.parse(toExclusive) - Date.parse(from)) / 86_400_000);

/**
 * What the comune's structures declared in each month of the file, from the declarations submitted or
 * validated: an automatic declaration's stays in the month they arrive (guests x nights, every guest,
 * exempt ones too: the ministry counts every guest lodged); a manual declaration's
 * guest-nights shared among the months of its period in proportion to their days. A month is covered
 * when such a declaration's period has a day in it.
 */
async function declaredByMonth(db: TDbOrTx, cityId: string, months: readonly string[]) {
  const declared = new Map<string, TDeclaredMonth>();
  if (months.length === 0) return declared;
  const from = monthStart(months[0]);
  const toExclusive = monthStart(nextMonth(months.at(-1)!));
  const add = (structureId: string, month: string, presences: number) => {
    const key = `${structureId}|${month}`;
    const entry = declared.get(key) ?? { presences: 0, covered: true };
    entry.presences += presences;
    declared.set(key, entry);
  };
  const submitted = sql`${declarations.status} in ('submitted', 'validated')`;
  const periods = await db
    .select({
      structureId: declarations.structureId,
      type: declarations.type,
      dateFrom: declarations.dateFrom,
      dateTo: declarations.dateTo,
      presences: sql<number>`(${declarations.payingPresences} + ${declarations.reducedPresences} + ${declarations.exemptPresences} + ${declarations.beyondCapPresences})::int`,
    })
    .from(declarations)
    .where(and(eq(declarations.cityId, cityId), submitted, sql`${declarations.dateFrom} < ${toExclusive}`, sql`${declarations.dateTo} >= ${from}`));
  for (const period of periods) {
    const periodEnd = new Date(Date.parse(period.dateTo) + 86_400_000).toISOString().slice(0, 10);
    const periodDays = daysBetween(period.dateFrom, periodEnd);
    let shared = 0;
    const inMonths = months.filter((m) => period.dateFrom < monthStart(nextMonth(m)) && period.dateTo >= monthStart(m));
    inMonths.forEach((month, index) => {
      let presences = 0;
      if (period.type === 'manual') {
        const start = period.dateFrom > monthStart(month) ? period.dateFrom : monthStart(month);
        const end = periodEnd < monthStart(nextMonth(month)) ? periodEnd : monthStart(nextMonth(month));
        // The last month takes what rounding left, so the months add up to the declaration.
        presences = index === inMonths.length - 1 ? period.presences - shared : Math.round((period.presences * daysBetween(start, end)) / periodDays);
        shared += presences;
      }
      add(period.structureId, month, presences);
    });
  }
  // Automatic declarations: the guest-nights of their stays, in the month of arrival (the ministry's days
  // of stay are those declared when the guest registers, on arrival).
  const arrivalMonth = sql<string>`to_char(${stays.checkIn}, 'YYYY-MM')`;
  const nights = await db
    .select({ structureId: stays.structureId, month: arrivalMonth, presences: sql<number>`sum(${stays.componentsNumber} * (${stays.checkOut} - ${stays.checkIn}))::int` })
    .from(stays)
    .innerJoin(declarations, and(eq(declarations.id, stays.declarationId), submitted, eq(declarations.type, 'automatic')))
    .where(and(eq(stays.cityId, cityId), sql`${stays.checkIn} >= ${from}`, sql`${stays.checkIn} < ${toExclusive}`))
    .groupBy(stays.structureId, arrivalMonth);
  for (const row of nights) if (months.includes(row.month)) add(row.structureId, row.month, row.presences);
  return declared;
}

/** The file's rows lined up with the comune's registered structures and what they declared. */
export async function crossCheckSiatelRows(db: TDbOrTx, cityId: string, rows: readonly TSiatelRow[]): Promise<TSiatelResult> {
  const cityStructures = await db
    .select({ id: structures.id, name: structures.name, taxCode: structures.taxCode, vatNumber: structures.vatNumber, cin: structures.cin })
    .from(structures)
    .where(eq(structures.cityId, cityId));
  const months = [...new Set(rows.map((r) => r.month))].sort();
  const declared = await declaredByMonth(db, cityId, months);
  return compareSiatel(rows, cityStructures, (structureId, month) => declared.get(`${structureId}|${month}`) ?? { presences: 0, covered: false });
}

/**
 * Cross-checks the SIATEL file a comune uploaded against its structures' declarations, and keeps the
 * result (it is read again later, and stays as it was even when declarations change). The file is read
 * in a document job; a bad row is 400 IMPORT_INVALID naming every one, and nothing is kept.
 */
export async function createSiatelCheck(ctx: TSignedInContext, cityId: string, upload: { fileName: string; bytes: Buffer }): Promise<TSiatelCheck> {
  await comuneInScope(ctx, cityId, 'create');
  const bytes = new Uint8Array(upload.bytes);
  const read = await runDocumentJob(readSiatelJob, [bytes], [bytes.buffer]);
  if (!read.ok) {
    const badRows = new Set(read.errors.map((e) => e.row)).size;
    throw new AppError('IMPORT_INVALID', `${badRows} rows are not valid: nothing was checked`, {
      params: { rows: badRows },
      details: read.errors.map((e) => ({ row: e.row, path: e.field, value: e.value, message: e.message })),
    });
  }
  const result = await crossCheckSiatelRows(ctx.db, cityId, read.rows);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(siatelChecks)
      .values({
        cityId,
        createdById: ctx.actor.id,
        fileName: upload.fileName.slice(0, 200),
        monthFrom: result.months[0] ?? null,
        monthTo: result.months.at(-1) ?? null,
        checkedOn: todayInItaly(),
        result,
      })
      .returning();
    await recordAudit(tx, ctx, {
      action: 'siatelChecks.create',
      entityType: 'siatel-checks',
      entityId: row.id,
      changes: { cityId, fileName: row.fileName, rows: result.rows, shortfalls: result.shortfalls.length, unregistered: result.unregistered.length, undeclaredMonths: result.undeclaredMonths.length },
    });
    return { ...summaryOf(row), result: row.result };
  });
}

export async function listSiatelChecks(ctx: TSignedInContext, cityId: string) {
  await comuneInScope(ctx, cityId, 'list');
  const rows = await ctx.db.select().from(siatelChecks).where(eq(siatelChecks.cityId, cityId)).orderBy(desc(siatelChecks.createdAt)).limit(200);
  return rows.map((row) => ({ ...summaryOf(row), shortfalls: row.result.shortfalls.length, unregistered: row.result.unregistered.length, undeclaredMonths: row.result.undeclaredMonths.length }));
}

export async function readSiatelCheck(ctx: TSignedInContext, cityId: string, checkId: string): Promise<TSiatelCheck> {
  await comuneInScope(ctx, cityId, 'read');
  const [row] = await ctx.db
    .select()
    .from(siatelChecks)
    .where(and(eq(siatelChecks.cityId, cityId), eq(siatelChecks.id, checkId)));
  if (!row) throw notFound('SIATEL check');
  return { ...summaryOf(row), result: row.result };
}
