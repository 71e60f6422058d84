import { eq, inArray, max, sql } from 'drizzle-orm';
import {
  isActionOverdue,
  SUPPLIER_ACTION_TYPES,
  ZCorrectiveActionCreate,
  ZCorrectiveActionRecord,
  ZCorrectiveActionUpdate,
  type TCorrectiveActionType,
  type TNcaReportStatus,
} from '@app/domain/environmental/nca/index';
import type { TNcaSide } from '@app/domain/platform/access/access-table';
import { correctiveActions, ncaReports } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import { scopeCondition } from '../../../lib/access.ts';
import { allOf } from '../../../lib/collection/query.ts';
import { defineCollection, type TSignedInContext } from '../../../lib/collection/define.ts';
import { rowToRecord } from '../../../lib/collection/serialize.ts';
import { AppError, notFound, validationFailed } from '../../../lib/errors.ts';
import { actionUploadTags } from './action-facts.ts';
import { appendHistory } from './nca-history.ts';
import { actionScopes, reportScopes } from './nca-scope.ts';
import { agencyProblems, userProblems, settingProblems } from './references.ts';
import { sideOf, todayInItaly, type TNcaReportRow } from './reports.ts';
import { actionCode } from './snapshot.ts';

export type TCorrectiveActionRow = typeof correctiveActions.$inferSelect;

/** The report states in which each side writes actions (create, edit, delete while new). */
const WRITABLE_REPORT_STATUSES: Record<TNcaSide, readonly TNcaReportStatus[]> = {
  consortium: ['open', 'waiting_validations', 'waiting_operations'],
  agency: ['open'],
};

/** The report of an action, readable by the caller (404 otherwise), locked when asked. */
async function reportFor(tx: TDbOrTx, ctx: TSignedInContext, reportId: string, lock = false): Promise<TNcaReportRow> {
  const query = tx
    .select()
    .from(ncaReports)
    .where(allOf([eq(ncaReports.id, reportId), scopeCondition(ctx, 'nca-reports', 'read', reportScopes)]));
  const [report] = await (lock ? query.for('update') : query);
  if (!report) throw notFound('NCA report');
  return report;
}

function refuseReportState(report: TNcaReportRow, side: TNcaSide) {
  if (!WRITABLE_REPORT_STATUSES[side].includes(report.status))
    throw new AppError('CONFLICT', `The report is ${report.status}: its corrective actions cannot be changed now`, {
      details: [{ path: 'reportId', message: `report ${report.status}`, value: report.id }],
    });
}

export function actionToRecord(row: TCorrectiveActionRow) {
  const { sequence, ...rest } = rowToRecord(row);
  return {
    ...rest,
    code: `A${sequence}`,
    actionType: row.actionType,
    status: row.status,
    documents: row.documents.map((d) => ({ ...d, uploaded: false })),
    overdue: isActionOverdue({ expires: row.expires, expireDate: row.expireDate, status: row.status }, todayInItaly()),
    closeReason: row.closeReason,
  };
}

/**
 * Corrective actions over the generic contract. A supplier agency proposes actions and treatments
 * for itself while the report is open; the consortium adds any type until the execution phase and
 * validates them (confirm). They are edited or deleted only while new.
 */
export const correctiveActionsCollection = defineCollection({
  name: 'corrective-actions',
  resource: 'corrective-actions',
  tag: 'environmental',
  table: correctiveActions,
  record: ZCorrectiveActionRecord,
  create: ZCorrectiveActionCreate,
  update: ZCorrectiveActionUpdate,
  filterable: {
    reportId: correctiveActions.reportId,
    status: correctiveActions.status,
    actionType: correctiveActions.actionType,
    agencyId: correctiveActions.agencyId,
    expireDate: correctiveActions.expireDate,
  },
  sortable: { expireDate: correctiveActions.expireDate, status: correctiveActions.status, name: correctiveActions.name },
  searchable: [correctiveActions.name, correctiveActions.description],
  scopes: actionScopes,
  customFilters: {
    overdue: (value) => {
      const overdue = sql`(${correctiveActions.expires} and ${correctiveActions.expireDate} < ${todayInItaly()} and ${correctiveActions.status} in ('new', 'confirmed', 'in_progress'))`;
      return value === 'true' ? overdue : sql`not ${overdue}`;
    },
  },
  toRecord: (row) => actionToRecord(row),
  async decorate(records, ctx) {
    const reportIds = [...new Set(records.map((r) => r.reportId as string))];
    const reports = await ctx.db.select({ id: ncaReports.id, code: ncaReports.code }).from(ncaReports).where(inArray(ncaReports.id, reportIds));
    const files = await actionUploadTags(
      ctx.db,
      records.map((r) => r._id as string),
    );
    for (const r of records) {
      const reportCode = reports.find((x) => x.id === r.reportId)?.code ?? null;
      r.code = actionCode(reportCode, Number(String(r.code).slice(1)));
      const tags = new Set(files.filter((f) => f.id === r._id).flatMap((f) => f.tags.map((t) => t.toLowerCase())));
      r.documents = (r.documents as { name: string; isRequired: boolean }[]).map((d) => ({ ...d, uploaded: tags.has(d.name.toLowerCase()) }));
    }
  },
  async toRow({ op, input, existing, tx, ctx }) {
    const side = sideOf(ctx);
    const problems = [
      ...('agencyId' in input ? await agencyProblems(tx, 'agencyId', input.agencyId) : []),
      ...(input.userIds ? await userProblems(tx, 'userIds', input.userIds) : []),
      ...(input.agencyFunctionSettingIds ? await settingProblems(tx, 'agencyFunctionSettingIds', input.agencyFunctionSettingIds, 'companyFunction') : []),
    ];
    if (problems.length) throw validationFailed(problems);
    if (op === 'create') {
      const create = input as typeof input & { reportId: string; actionType: TCorrectiveActionType; name: string };
      // Locked: the action numbers of a report are given one at a time.
      const report = await reportFor(tx, ctx, create.reportId, true);
      refuseReportState(report, side);
      if (side === 'agency') {
        if (!SUPPLIER_ACTION_TYPES.includes(create.actionType)) throw validationFailed([{ path: 'actionType', message: 'suppliers propose actions and treatments only', value: create.actionType }]);
        if (report.targetAgencyId !== ctx.actor.agencyId) throw new AppError('FORBIDDEN', 'Only the target agency proposes actions for this report');
      }
      const [last] = await tx
        .select({ n: max(correctiveActions.sequence) })
        .from(correctiveActions)
        .where(eq(correctiveActions.reportId, report.id));
      return {
        ...create,
        // A supplier proposes for its own agency; the consortium names the executor.
        // Internal actions are the consortium's own: no executor agency unless named.
        agencyId: side === 'agency' ? ctx.actor.agencyId : create.actionType === 'internal' ? (create.agencyId ?? null) : (create.agencyId ?? report.targetAgencyId),
        sequence: (last?.n ?? 0) + 1,
        status: 'new' as const,
        proposedById: ctx.actor.id,
        expireDate: create.expires ? create.expireDate : (create.expireDate ?? null),
      };
    }
    const report = await reportFor(tx, ctx, existing.reportId);
    refuseReportState(report, side);
    if (existing.status !== 'new') throw new AppError('CONFLICT', `The action is ${existing.status}: only a proposed (new) action can be edited`);
    if (side === 'agency') {
      if (input.actionType && !SUPPLIER_ACTION_TYPES.includes(input.actionType))
        throw validationFailed([{ path: 'actionType', message: 'suppliers propose actions and treatments only', value: input.actionType }]);
      if (input.agencyId && input.agencyId !== ctx.actor.agencyId) throw validationFailed([{ path: 'agencyId', message: 'a supplier proposes actions for its own agency', value: input.agencyId }]);
    }
    const expires = input.expires ?? existing.expires;
    const expireDate = input.expireDate !== undefined ? input.expireDate : existing.expireDate;
    if (expires && !expireDate) throw validationFailed([{ path: 'expireDate', message: 'validation.required' }]);
    return input;
  },
  async beforeDelete(row, { tx, ctx }) {
    const report = await reportFor(tx, ctx, row.reportId);
    refuseReportState(report, sideOf(ctx));
    if (row.status !== 'new') throw new AppError('CONFLICT', `The action is ${row.status}: only a proposed (new) action can be deleted`);
  },
  async afterWrite(op, row, { tx, ctx }) {
    await appendHistory(tx, ctx.actor, {
      reportId: row.reportId,
      kind: 'change',
      action: op === 'create' ? 'actionProposed' : op === 'update' ? 'actionUpdated' : 'actionDeleted',
      entityType: 'corrective-actions',
      entityId: row.id,
      data: { name: row.name, actionType: row.actionType },
    });
  },
});
