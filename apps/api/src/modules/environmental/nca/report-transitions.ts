import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ncaReportWorkflow, SIGN_REQUEST_ACTIONS, type TNcaReportAction, type TRequestSignatures } from '@app/domain/environmental/nca/index';
import { ncaEffectivenessChecks, ncaReports, signRequests } from '../../../db/schema/index.ts';
import type { TTx } from '../../../db/client.ts';
import { requireAccess, scopeCondition } from '../../../lib/access.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { defineWorkflowRuntime, type TTransitionTx } from '../../../lib/workflow/run-transition.ts';
import { recordAudit } from '../../platform/index.ts';
import { assignReportCode } from './assign-report-code.ts';
import { scheduleEffectivenessCheck } from './effectiveness-checks.ts';
import { appendHistory } from './nca-history.ts';
import { deliverNca, type TPendingNca } from './nca-notifications.ts';
import { reportScopes } from './nca-scope.ts';
import { notifyReportStep } from './notify-report-step.ts';
import { inTx, reportFacts } from './report-facts.ts';
import { todayInItaly, type TNcaReportRow } from './reports.ts';
import { requestSignatures } from './request-signatures.ts';
import { returnActionsToAgency } from './return-actions-to-agency.ts';
import { suspendPendingSignatures } from './suspend-pending-signatures.ts';

/**
 * The bodies of the report's actions: the signers of a round, or the reason of a forced step or a
 * return; for an automatic outcome of a round, the explanation of the rejected signature.
 */
export type TReportInput = Partial<TRequestSignatures> & { reason?: string; explanation?: string | null };

/** The access-table action behind each workflow action (the three recalls share `recall`). */
const TABLE_ACTION: Partial<Record<TNcaReportAction, string>> = { recallPhase1: 'recall', recallPhase2: 'recall', recallPhase3: 'recall' };

/** The column changes of each step beyond its status: a round of signatures, the code and dates. */
async function changesOf(tx: TTx, app: FastifyInstance, ctx: TSignedInContext, action: TNcaReportAction, report: TNcaReportRow, input: TReportInput, now: Date): Promise<Partial<TNcaReportRow>> {
  const date = todayInItaly();
  switch (action) {
    case 'requestPhase1Signs':
    case 'requestPhase2Signs':
    case 'requestClosingSigns':
      return requestSignatures(tx, app, ctx, report, SIGN_REQUEST_ACTIONS[action], input.signers ?? [], now);
    case 'forceOpen':
    case 'phase1Complete':
      return { ...(await assignReportCode(tx, report, date)), openDate: date };
    case 'forceClose':
    case 'phase3Complete':
      return { closingDate: date };
    default:
      return {};
  }
}

/** Why the steps that end a round early suspend its pending requests (null: the step does not). */
function suspensionOf(action: TNcaReportAction, input: TReportInput): string | null {
  switch (action) {
    case 'forceOpen':
    case 'forcePhase3':
    case 'forceClose':
      return `${action}: ${input.reason ?? ''}`;
    case 'recallPhase1':
    case 'recallPhase2':
    case 'recallPhase3':
      return action;
    case 'phase1Rejected':
    case 'phase2Rejected':
    case 'phase3Rejected':
      return 'another signature of the round was rejected';
    default:
      return null;
  }
}

/** What one step does around its status change; automatic steps are the system's (no actor named). */
function effectsOf(app: FastifyInstance, action: TNcaReportAction) {
  const automatic = !!ncaReportWorkflow.spec(action).automatic;
  return {
    apply: async ({ tx, ctx, row, input, now }: { tx: TTx; ctx: TSignedInContext; row: TNcaReportRow; input: TReportInput; now: Date }) => {
      // The permission key of the action (with the permission system on), on top of the role's grant.
      if (!automatic) await requireAccess(inTx(ctx, tx), 'nca-reports', TABLE_ACTION[action] ?? action);
      return changesOf(tx, app, ctx, action, row, input ?? {}, now);
    },
    notify: async ({ tx, ctx, before, saved, input }: { tx: TTx; ctx: TSignedInContext; before: TNcaReportRow; saved: TNcaReportRow; input: TReportInput }) => {
      const actor = automatic ? null : ctx.actor;
      const reason = automatic ? (input?.explanation ?? null) : input?.reason;
      await appendHistory(tx, actor, {
        reportId: before.id,
        kind: 'transition',
        action,
        entityType: 'nca-reports',
        entityId: before.id,
        fromStatus: before.status,
        toStatus: saved.status,
        message: reason?.trim() || null,
      });
      return notifyReportStep(tx, action, saved, actor?.id ?? null, reason);
    },
    cascade: async ({ unit, ctx, before, saved, input }: { unit: TTransitionTx; ctx: TSignedInContext; before: TNcaReportRow; saved: TNcaReportRow; input: TReportInput }) => {
      // Closing schedules the effectiveness check, N days on (the severity's N).
      if (saved.status === 'closed' && saved.closingDate) {
        await scheduleEffectivenessCheck(unit.tx, saved, saved.closingDate);
        const checks = await unit.tx.select({ id: ncaEffectivenessChecks.id }).from(ncaEffectivenessChecks).where(eq(ncaEffectivenessChecks.reportId, saved.id));
        for (const { id } of checks) unit.changed.push({ table: ncaEffectivenessChecks, id, kind: 'created', by: ctx.actor });
      }
      // A new round's requests reach the signers' lists ("Le mie firme") as new rows once the unit commits.
      if (saved.signRound > before.signRound) {
        const round = await unit.tx
          .select({ id: signRequests.id })
          .from(signRequests)
          .where(and(eq(signRequests.reportId, saved.id), eq(signRequests.round, saved.signRound)));
        for (const { id } of round) unit.changed.push({ table: signRequests, id, kind: 'created', by: ctx.actor });
      }
      const why = suspensionOf(action, input ?? {});
      if (why) await suspendPendingSignatures(unit, app, ctx, before, why, automatic ? null : ctx.actor);
      if (action === 'returnToAgency') await returnActionsToAgency(unit, app, ctx, before.id, input?.reason?.trim() ?? '');
    },
  };
}

/**
 * The NCA report workflow over its table: the request actions open a round of signatures, the
 * forced variants, recalls and rejections suspend the round's pending requests, a return sends the
 * plan's actions back to the agency, the code is given when the report opens. Every step is written
 * to the report's history in its transaction.
 */
export function ncaReportTransitions(app: FastifyInstance) {
  return defineWorkflowRuntime({
    workflow: ncaReportWorkflow,
    table: ncaReports,
    label: 'NCA report',
    entityType: 'nca',
    auditPrefix: 'nca',
    scope: (ctx) => scopeCondition(ctx, 'nca-reports', 'read', reportScopes),
    // Inside the transition's transaction every read goes through it (PGlite has one connection).
    facts: ({ tx, ctx, row, system }: { tx: TTx; ctx: TSignedInContext; row: TNcaReportRow; system: boolean }) => reportFacts(tx, system ? null : inTx(ctx, tx), row),
    reasonOf: (input: TReportInput) => input?.reason?.trim(),
    audit: (tx, ctx, entry) => recordAudit(tx, ctx, entry),
    deliver: (pending: TPendingNca) => deliverNca(app, pending),
    effects: Object.fromEntries(ncaReportWorkflow.actions.map((action) => [action, effectsOf(app, action)])),
  });
}
