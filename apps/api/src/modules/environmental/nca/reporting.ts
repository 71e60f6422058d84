import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { effectivenessStandingOf, NCA_OPEN_STATUSES, paretoOf, type TIshikawaCategory } from '@app/domain/environmental/nca/index';
import { agencies, correctiveActions, lots, ncaEffectivenessChecks, ncaReports, settings } from '../../../db/schema/index.ts';
import { requireAccess } from '../../../lib/access.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { allOf } from '../../../lib/collection/query.ts';
import { validationFailed } from '../../../lib/errors.ts';
import { isRecurrence, todayInItaly } from './reports.ts';

/** Dashboard figures and the register export; the consortium's (both grants reach every report). */
export type TDashboardFilter = { lotId?: string; from?: string; to?: string; ishikawa?: TIshikawaCategory };

function reportFilter(filter: TDashboardFilter): SQL | undefined {
  return allOf([
    filter.lotId ? eq(ncaReports.lotId, filter.lotId) : undefined,
    filter.from ? sql`${ncaReports.createdAt} >= ${filter.from}::date` : undefined,
    filter.to ? sql`${ncaReports.createdAt} < (${filter.to}::date + 1)` : undefined,
    filter.ishikawa ? sql`${filter.ishikawa} = any(${ncaReports.ishikawaCategories})` : undefined,
  ]);
}

type TParetoCell = { lotId: string; lotCode: string; lotName: string; agencyId: string; agencyName: string; settingId: string; name: string; count: number };

/** The Pareto tables of one grouping (lot or agency) from the counts per lot, agency and setting. */
function paretoBy<K extends 'lotId' | 'agencyId'>(types: TParetoCell[], aspects: TParetoCell[], key: K) {
  const groups = new Map<string, TParetoCell>();
  for (const cell of [...types, ...aspects]) if (!groups.has(cell[key])) groups.set(cell[key], cell);
  const rows = (cells: TParetoCell[], group: string) => {
    const bySetting = new Map<string, { settingId: string; name: string; count: number }>();
    for (const c of cells.filter((x) => x[key] === group)) {
      const row = bySetting.get(c.settingId) ?? { settingId: c.settingId, name: c.name, count: 0 };
      row.count += c.count;
      bySetting.set(c.settingId, row);
    }
    return paretoOf([...bySetting.values()]);
  };
  return [...groups.entries()].map(([group, first]) => ({ first, types: rows(types, group), aspects: rows(aspects, group) }));
}

/** Counts per lot, agency and one setting column (NCA type or environmental aspect), within the filter. */
async function cellsOf(ctx: TSignedInContext, where: SQL | undefined, column: typeof ncaReports.systemSettingId | typeof ncaReports.ambientSettingId): Promise<TParetoCell[]> {
  const rows = await ctx.db
    .select({
      lotId: lots.id,
      lotCode: lots.code,
      lotName: lots.name,
      agencyId: agencies.id,
      agencyName: agencies.businessName,
      settingId: settings.id,
      name: settings.name,
      count: sql<number>`count(*)::int`,
    })
    .from(ncaReports)
    .innerJoin(lots, eq(lots.id, ncaReports.lotId))
    .innerJoin(agencies, eq(agencies.id, ncaReports.targetAgencyId))
    .innerJoin(settings, eq(settings.id, column))
    .where(where)
    .groupBy(lots.id, lots.code, lots.name, agencies.id, agencies.businessName, settings.id, settings.name);
  return rows;
}

/** The CAPA figures: effectiveness checks by standing, reports by Ishikawa family, recurrences, Pareto of types and aspects. */
async function capaFigures(ctx: TSignedInContext, where: SQL | undefined) {
  const today = todayInItaly();
  const checks = await ctx.db
    .select({ status: ncaEffectivenessChecks.status, dueDate: ncaEffectivenessChecks.dueDate })
    .from(ncaEffectivenessChecks)
    .innerJoin(ncaReports, eq(ncaReports.id, ncaEffectivenessChecks.reportId))
    .where(where);
  const effectiveness = { due: 0, upcoming: 0, done: 0, failed: 0 };
  for (const check of checks) effectiveness[effectivenessStandingOf(check, today)]++;
  const byIshikawa = await ctx.db
    .select({ category: sql<TIshikawaCategory>`unnest(${ncaReports.ishikawaCategories})`, count: sql<number>`count(*)::int` })
    .from(ncaReports)
    .where(where)
    .groupBy(sql`1`)
    .orderBy(sql`2 desc`, sql`1`);
  const [recurring] = await ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(ncaReports)
    .where(allOf([where, isRecurrence]));
  const types = await cellsOf(ctx, where, ncaReports.systemSettingId);
  const aspects = await cellsOf(ctx, where, ncaReports.ambientSettingId);
  return {
    effectiveness,
    byIshikawa,
    recurrences: recurring?.count ?? 0,
    pareto: {
      byLot: paretoBy(types, aspects, 'lotId')
        .map(({ first, ...rows }) => ({ lotId: first.lotId, lotCode: first.lotCode, lotName: first.lotName, ...rows }))
        .sort((a, b) => a.lotCode.localeCompare(b.lotCode)),
      byAgency: paretoBy(types, aspects, 'agencyId')
        .map(({ first, ...rows }) => ({ agencyId: first.agencyId, agencyName: first.agencyName, ...rows }))
        .sort((a, b) => a.agencyName.localeCompare(b.agencyName)),
    },
  };
}

export async function ncaDashboard(ctx: TSignedInContext, filter: TDashboardFilter) {
  await requireAccess(ctx, 'nca-reports', 'dashboard');
  const where = reportFilter(filter);
  const open = allOf([where, inArray(ncaReports.status, [...NCA_OPEN_STATUSES])]);
  const n = sql<number>`count(*)::int`;
  const byStatus = await ctx.db.select({ status: ncaReports.status, count: n }).from(ncaReports).where(where).groupBy(ncaReports.status);
  const byLot = await ctx.db
    .select({ lotId: ncaReports.lotId, lotName: lots.name, lotCode: lots.code, count: n })
    .from(ncaReports)
    .innerJoin(lots, eq(lots.id, ncaReports.lotId))
    .where(open)
    .groupBy(ncaReports.lotId, lots.name, lots.code)
    .orderBy(asc(lots.code));
  const byAgency = await ctx.db
    .select({ agencyId: ncaReports.targetAgencyId, agencyName: agencies.businessName, count: n })
    .from(ncaReports)
    .innerJoin(agencies, eq(agencies.id, ncaReports.targetAgencyId))
    .where(open)
    .groupBy(ncaReports.targetAgencyId, agencies.businessName)
    .orderBy(asc(agencies.businessName));
  const bySeverity = await ctx.db
    .select({ settingId: ncaReports.warningLevelSettingId, name: settings.name, color: settings.color, count: n })
    .from(ncaReports)
    .leftJoin(settings, eq(settings.id, ncaReports.warningLevelSettingId))
    .where(open)
    .groupBy(ncaReports.warningLevelSettingId, settings.name, settings.color);
  const byCategory = await ctx.db
    .select({ category: settings.ambientCategory, count: n })
    .from(ncaReports)
    .leftJoin(settings, eq(settings.id, ncaReports.ambientSettingId))
    .where(open)
    .groupBy(settings.ambientCategory);
  const today = todayInItaly();
  const [overdue] = await ctx.db
    .select({ count: n })
    .from(correctiveActions)
    .innerJoin(ncaReports, eq(ncaReports.id, correctiveActions.reportId))
    .where(allOf([where, eq(correctiveActions.expires, true), sql`${correctiveActions.expireDate} < ${today}`, inArray(correctiveActions.status, ['new', 'confirmed', 'in_progress'])]));
  const [closed] = await ctx.db
    .select({ count: n, average: sql<number | null>`avg(${ncaReports.closingDate} - ${ncaReports.openDate})::float` })
    .from(ncaReports)
    .where(allOf([where, eq(ncaReports.status, 'closed'), sql`${ncaReports.openDate} is not null and ${ncaReports.closingDate} is not null`]));
  return {
    total: byStatus.reduce((sum, s) => sum + s.count, 0),
    byStatus: byStatus.map((s) => ({ status: s.status, count: s.count })),
    openByLot: byLot,
    openByAgency: byAgency,
    openBySeverity: bySeverity.map((s) => ({ settingId: s.settingId, name: s.name, color: s.color, count: s.count })),
    openByCategory: byCategory.map((c) => ({ category: c.category, count: c.count })),
    overdueActions: overdue?.count ?? 0,
    closedCount: closed?.count ?? 0,
    averageDaysToClose: closed?.average === null || closed?.average === undefined ? null : Math.round(Number(closed.average) * 10) / 10,
    ...(await capaFigures(ctx, where)),
  };
}

export const EXPORT_COLUMNS = [
  { header: 'Codice', key: 'code', width: 22 },
  { header: 'Codice cliente', key: 'twentyOneDigitsCode', width: 24 },
  { header: 'Stato', key: 'status', width: 20 },
  { header: 'Lotto', key: 'lot', width: 14 },
  { header: 'Impresa', key: 'agency', width: 30 },
  { header: 'WBS', key: 'wbs', width: 12 },
  { header: 'Aspetto ambientale', key: 'aspect', width: 30 },
  { header: 'Categoria', key: 'category', width: 24 },
  { header: 'Gravità', key: 'severity', width: 12 },
  { header: 'Tipo', key: 'ncaType', width: 24 },
  { header: 'Origine', key: 'origin', width: 10 },
  { header: 'Apertura', key: 'openDate', width: 12, numFmt: 'dd/mm/yyyy' },
  { header: 'Chiusura', key: 'closingDate', width: 12, numFmt: 'dd/mm/yyyy' },
  { header: 'Azioni', key: 'actions', width: 8 },
  { header: 'Azioni scadute', key: 'overdue', width: 10 },
  { header: 'Descrizione', key: 'description', width: 60 },
];

/** The lot's reports, page by page, as export rows. Refused without a lot (the spec's rule). */
export async function exportRowsOf(ctx: TSignedInContext, lotId: string | undefined) {
  await requireAccess(ctx, 'nca-reports', 'export');
  if (!lotId) throw validationFailed([{ path: 'lotId', message: 'validation.required' }], 'Select a lot to export its NCA reports');
  const [lot] = await ctx.db.select().from(lots).where(eq(lots.id, lotId));
  if (!lot) throw validationFailed([{ path: 'lotId', message: 'does not exist', value: lotId }], 'Select a lot to export its NCA reports');
  const today = todayInItaly();
  return {
    lot,
    async write(add: (values: Record<string, unknown>) => void) {
      let after = '';
      for (;;) {
        const page = await ctx.db
          .select({
            report: ncaReports,
            agency: agencies.businessName,
            actions: sql<number>`(select count(*)::int from ${correctiveActions} where ${correctiveActions.reportId} = ${ncaReports.id})`,
            overdue: sql<number>`(select count(*)::int from ${correctiveActions} where ${correctiveActions.reportId} = ${ncaReports.id} and ${correctiveActions.expires}
              and ${correctiveActions.expireDate} < ${today} and ${correctiveActions.status} in ('new', 'confirmed', 'in_progress'))`,
          })
          .from(ncaReports)
          .innerJoin(agencies, eq(agencies.id, ncaReports.targetAgencyId))
          .where(and(eq(ncaReports.lotId, lotId), gt(ncaReports.id, after || '00000000-0000-0000-0000-000000000000')))
          .orderBy(asc(ncaReports.id))
          .limit(500);
        if (page.length === 0) break;
        const ids = [...new Set(page.flatMap((p) => [p.report.ambientSettingId, p.report.warningLevelSettingId, p.report.systemSettingId]).filter((id): id is string => !!id))];
        const names = ids.length ? await ctx.db.select().from(settings).where(inArray(settings.id, ids)) : [];
        const s = (id: string | null) => names.find((x) => x.id === id);
        for (const { report, agency, actions, overdue } of page)
          add({
            code: report.code ?? '(bozza)',
            twentyOneDigitsCode: report.twentyOneDigitsCode,
            status: report.status,
            lot: lot.code,
            agency,
            wbs: report.wbs,
            aspect: s(report.ambientSettingId)?.name ?? null,
            category: s(report.ambientSettingId)?.ambientCategory ?? null,
            severity: s(report.warningLevelSettingId)?.name ?? null,
            ncaType: s(report.systemSettingId)?.name ?? null,
            origin: report.origin,
            openDate: report.openDate ? new Date(`${report.openDate}T00:00:00Z`) : null,
            closingDate: report.closingDate ? new Date(`${report.closingDate}T00:00:00Z`) : null,
            actions,
            overdue,
            description: report.description,
          });
        after = page[page.length - 1].report.id;
      }
    },
  };
}
