import { eq, sql } from 'drizzle-orm';
import { effectivenessDueDate, effectivenessStandingOf, ZEffectivenessCheckRecord } from '@app/domain/environmental/nca/index';
import { z } from 'zod';
import { ncaEffectivenessChecks, settings } from '../../../db/schema/index.ts';
import type { TTx } from '../../../db/client.ts';
import { defineCollection } from '../../../lib/collection/define.ts';
import { rowToRecord } from '../../../lib/collection/serialize.ts';
import { effectivenessCheckScopes } from './nca-scope.ts';
import { todayInItaly, type TNcaReportRow } from './reports.ts';

export type TEffectivenessCheckRow = typeof ncaEffectivenessChecks.$inferSelect;

export function effectivenessCheckToRecord(row: TEffectivenessCheckRow) {
  return { ...rowToRecord(row), status: row.status, standing: effectivenessStandingOf(row, todayInItaly()) };
}

/**
 * The effectiveness checks of closed reports, read-only over the generic contract (filters: the
 * report, the status, the due date); they are created when a report closes and move only through
 * their workflow routes.
 */
export const effectivenessChecksCollection = defineCollection({
  name: 'nca-effectiveness-checks',
  resource: 'nca-effectiveness-checks',
  tag: 'environmental',
  table: ncaEffectivenessChecks,
  record: ZEffectivenessCheckRecord,
  create: z.object({}),
  filterable: { reportId: ncaEffectivenessChecks.reportId, status: ncaEffectivenessChecks.status, dueDate: ncaEffectivenessChecks.dueDate },
  sortable: { dueDate: ncaEffectivenessChecks.dueDate, status: ncaEffectivenessChecks.status },
  scopes: effectivenessCheckScopes,
  customFilters: {
    // Scheduled and on or past its date.
    due: (value) => {
      const due = sql`(${ncaEffectivenessChecks.status} = 'scheduled' and ${ncaEffectivenessChecks.dueDate} <= ${todayInItaly()})`;
      return value === 'true' ? due : sql`not ${due}`;
    },
  },
  toRecord: (row) => effectivenessCheckToRecord(row),
  disabled: ['create', 'update', 'delete'],
});

/**
 * Schedules the check of a report that has just closed: the closing date plus the severity's days
 * (NCA settings), or the default. One per report: a second closing is impossible (closed is final).
 */
export async function scheduleEffectivenessCheck(tx: TTx, report: TNcaReportRow, closingDate: string): Promise<void> {
  const [severity] = report.warningLevelSettingId ? await tx.select({ days: settings.effectivenessCheckDays }).from(settings).where(eq(settings.id, report.warningLevelSettingId)) : [];
  await tx
    .insert(ncaEffectivenessChecks)
    .values({ reportId: report.id, dueDate: effectivenessDueDate(closingDate, severity?.days) })
    .onConflictDoNothing();
}
