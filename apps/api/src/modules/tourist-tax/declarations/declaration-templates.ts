import { and, count, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { generatePeriods, type TGeneratedPeriod } from '@app/domain/tourist-tax/periods';
import { cities, declarations, declarationTemplates } from '../../../db/schema/index.ts';
import type { TTx } from '../../../db/client.ts';
import { defineCollection, type TSignedInContext } from '../../../lib/collection/define.ts';
import { AppError, validationFailed, type TErrorDetail } from '../../../lib/errors.ts';
import { inTransition } from '../../../lib/workflow/run-transition.ts';
import { ZDateString, ZRecordBase } from '../../../lib/schemas.ts';
import { recordAudit } from '../../platform/index.ts';
import { cityIdForWrite } from './filing-scope.ts';
import { requireAccess } from '../../../lib/access.ts';
import { cityRowScopes } from '../registry/scope.ts';

const ZYear = z.number().int().min(2021).max(2050);

const ZTemplateInput = z.object({
  cityId: z.uuid().optional().describe('Admins choose the comune; a city user always writes for its own'),
  year: ZYear,
  periodName: z.string().trim().min(1, 'validation.required').max(100),
  dateFrom: ZDateString,
  dateTo: ZDateString,
  submitBy: ZDateString.describe('Last day to submit the declaration'),
  payBy: ZDateString.describe('Last day to pay the tax to the comune'),
});

export const ZTemplateRecord = ZRecordBase.extend({
  cityId: z.string(),
  year: z.number(),
  periodName: z.string(),
  dateFrom: z.string(),
  dateTo: z.string(),
  submitBy: z.string(),
  payBy: z.string(),
});

type TPeriod = Pick<TGeneratedPeriod, 'periodName' | 'dateFrom' | 'dateTo' | 'submitBy' | 'payBy'> & { year: number };

/** Dates inside the year, in order, deadlines not before the period's end. */
export function checkPeriod(period: TPeriod, pathPrefix = ''): TErrorDetail[] {
  const details: TErrorDetail[] = [];
  const p = (field: string) => `${pathPrefix}${field}`;
  if (period.dateFrom > period.dateTo) details.push({ path: p('dateTo'), message: 'must not be before dateFrom' });
  if (Number(period.dateFrom.slice(0, 4)) !== period.year) details.push({ path: p('dateFrom'), message: `must be in ${period.year}` });
  if (Number(period.dateTo.slice(0, 4)) !== period.year) details.push({ path: p('dateTo'), message: `must be in ${period.year}` });
  if (period.submitBy < period.dateTo) details.push({ path: p('submitBy'), message: 'must not be before the end of the period' });
  if (period.payBy < period.dateTo) details.push({ path: p('payBy'), message: 'must not be before the end of the period' });
  return details;
}

/** Locks the comune row so that two writers of the same comune's periods take turns (overlap check). */
async function lockCity(tx: TTx, cityId: string) {
  const [city] = await tx.select({ id: cities.id }).from(cities).where(eq(cities.id, cityId)).for('update');
  if (!city) throw validationFailed([{ path: 'cityId', message: 'unknown comune', value: cityId }]);
}

async function assertNoOverlap(tx: TTx, cityId: string, periods: TPeriod[], excludeId?: string) {
  const details: TErrorDetail[] = [];
  for (const [i, period] of periods.entries()) {
    const clash = await tx
      .select({ id: declarationTemplates.id, periodName: declarationTemplates.periodName })
      .from(declarationTemplates)
      .where(
        and(
          eq(declarationTemplates.cityId, cityId),
          sql`${declarationTemplates.dateFrom} <= ${period.dateTo} and ${period.dateFrom} <= ${declarationTemplates.dateTo}`,
          excludeId ? ne(declarationTemplates.id, excludeId) : undefined,
        ),
      )
      .limit(1);
    if (clash[0]) details.push({ path: periods.length > 1 ? `periods.${i}` : 'dateFrom', message: `overlaps the period "${clash[0].periodName}"`, value: clash[0].id });
  }
  if (details.length > 0) throw new AppError('PERIOD_OVERLAP', 'Periods of one comune may not overlap', { details });
}

async function declarationsOf(tx: TTx, templateId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(declarations).where(eq(declarations.declarationTemplateId, templateId));
  return Number(row.n);
}

/**
 * Declaration periods of a comune: written by the comune (admins for any comune), read by the
 * hoteliers of its structures. Periods of one comune may not overlap; the dates of a period that
 * already has declarations are fixed, its deadlines may move (and move on its declarations).
 */
export const declarationTemplatesCollection = defineCollection({
  name: 'declaration-templates',
  resource: 'declaration-templates',
  tag: 'declarations',
  table: declarationTemplates,
  record: ZTemplateRecord,
  create: ZTemplateInput,
  update: ZTemplateInput.omit({ cityId: true }).partial(),
  filterable: {
    cityId: declarationTemplates.cityId,
    year: declarationTemplates.year,
    periodName: declarationTemplates.periodName,
    dateFrom: declarationTemplates.dateFrom,
    dateTo: declarationTemplates.dateTo,
    submitBy: declarationTemplates.submitBy,
    payBy: declarationTemplates.payBy,
  },
  searchable: [declarationTemplates.periodName],
  year: { column: declarationTemplates.year, kind: 'integer' },
  // The comune's declarations list with every year on filters by the periods of every year.
  listsAllYears: true,
  scopes: cityRowScopes(declarationTemplates.cityId),
  toRow: async ({ input, tx, ctx, existing }) => {
    const cityId = existing ? existing.cityId : cityIdForWrite(ctx, 'declaration-templates', 'create', input.cityId);
    const merged: TPeriod = existing ? { ...existing, ...input } : input;
    const details = checkPeriod(merged);
    if (details.length > 0) throw validationFailed(details);
    await lockCity(tx, cityId);
    if (existing) {
      const datesChanged = (['year', 'dateFrom', 'dateTo'] as const).some((k) => input[k] !== undefined && input[k] !== existing[k]);
      if (datesChanged && (await declarationsOf(tx, existing.id)) > 0) {
        throw new AppError('TEMPLATE_IN_USE', 'This period already has declarations: its dates cannot change (its deadlines can)');
      }
    }
    await assertNoOverlap(tx, cityId, [merged], existing?.id);
    // The comune of a period never changes (the update body has no cityId).
    if (existing) return input;
    return { ...input, cityId };
  },
  afterWrite: async (op, row, { tx }) => {
    // Declarations keep a copy of the deadlines (for overdue lists): a moved deadline moves there too.
    if (op === 'update') {
      await tx.update(declarations).set({ submitBy: row.submitBy, payBy: row.payBy }).where(eq(declarations.declarationTemplateId, row.id));
    }
  },
  beforeDelete: async (row, { tx }) => {
    if ((await declarationsOf(tx, row.id)) > 0) {
      throw new AppError('TEMPLATE_IN_USE', 'This period has declarations and cannot be deleted');
    }
  },
});

const ZDeadlineRule = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('daysAfter'), days: z.number().int().min(0).max(366) }),
  z.object({ kind: z.literal('dayOfMonthAfter'), day: z.number().int().min(1).max(31), monthsAfter: z.number().int().min(0).max(12).optional() }),
  z.object({ kind: z.literal('endOfMonthAfter'), monthsAfter: z.number().int().min(0).max(12).optional() }),
]);

export const ZGeneratePeriodsBody = z.object({
  cityId: z.uuid().optional(),
  year: ZYear,
  frequency: z.enum(['monthly', 'quarterly', 'fourMonthly']),
  submitOffsetDays: z.number().int().min(0).max(366).describe('Days after the end of each period (unless submitRule is given)'),
  payOffsetDays: z.number().int().min(0).max(366).describe('Days after the end of each period (unless payRule is given)'),
  submitRule: ZDeadlineRule.nullable().optional().describe('The submission deadline as the regulation writes it; overrides submitOffsetDays'),
  payRule: ZDeadlineRule.nullable().optional().describe('The payment deadline as the regulation writes it; overrides payOffsetDays'),
  workingDays: z.boolean().optional().describe('Move a deadline on a Saturday, Sunday or Italian public holiday to the next working day (default true)'),
});

/** Creates a whole year's periods of a comune in one transaction (all or nothing). */
export async function generateYearPeriods(ctx: TSignedInContext, body: z.infer<typeof ZGeneratePeriodsBody>) {
  await requireAccess(ctx, 'declaration-templates', 'generate');
  const cityId = cityIdForWrite(ctx, 'declaration-templates', 'generate', body.cityId);
  const periods = generatePeriods(body.year, body.frequency, body.submitOffsetDays, body.payOffsetDays, { submitRule: body.submitRule, payRule: body.payRule, workingDays: body.workingDays }).map(
    (p) => ({ ...p, year: body.year }),
  );
  // inTransition: once it commits, the watchers of the periods list hear of the new periods.
  return inTransition(ctx.db, async ({ tx, changed }) => {
    await lockCity(tx, cityId);
    await assertNoOverlap(tx, cityId, periods);
    const now = new Date();
    const rows = await tx
      .insert(declarationTemplates)
      .values(periods.map((p) => ({ ...p, cityId, createdAt: now, updatedAt: now })))
      .returning();
    for (const { id } of rows) changed.push({ table: declarationTemplates, id, kind: 'created', by: ctx.actor });
    await recordAudit(tx, ctx, {
      action: 'generate',
      entityType: 'declarationTemplates',
      entityId: cityId,
      changes: { year: { to: body.year }, frequency: { to: body.frequency }, periods: { to: rows.map((r) => r.id) } },
    });
    return rows;
  });
}
