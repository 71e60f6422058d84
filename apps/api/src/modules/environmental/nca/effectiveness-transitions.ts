import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { effectivenessCheckWorkflow, type TEffectivenessCheckAction } from '@app/domain/environmental/nca/index';
import { ncaEffectivenessChecks, ncaReports } from '../../../db/schema/index.ts';
import type { TTx } from '../../../db/client.ts';
import { requireAccess, scopeCondition } from '../../../lib/access.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { defineWorkflowRuntime } from '../../../lib/workflow/run-transition.ts';
import { msg } from '../../../i18n/translate.ts';
import { recordAudit } from '../../platform/index.ts';
import type { TEffectivenessCheckRow } from './effectiveness-checks.ts';
import { appendHistory } from './nca-history.ts';
import { audienceOf, deliverNca, notifyUsers, type TPendingNca } from './nca-notifications.ts';
import { effectivenessCheckScopes } from './nca-scope.ts';
import { openFollowUpReport } from './open-follow-up-report.ts';
import { inTx } from './report-facts.ts';
import { ncaName } from './report-notice-texts.ts';

/** The body of an outcome: a note (the reason, required when the actions were not effective). */
export type TOutcomeInput = { reason?: string } | undefined;

/** What recording each outcome writes beyond the status: who and when, the note, the report a failure opens. */
async function outcomeChanges(
  tx: TTx,
  ctx: TSignedInContext,
  action: TEffectivenessCheckAction,
  row: TEffectivenessCheckRow,
  input: TOutcomeInput,
  now: Date,
): Promise<Partial<TEffectivenessCheckRow>> {
  const note = input?.reason?.trim() || null;
  const decided = { outcomeNote: note, decidedById: ctx.actor.id, decidedAt: now };
  if (action === 'recordEffective') return decided;
  return { ...decided, followUpReportId: await openFollowUpReport(tx, ctx, row, note ?? '') };
}

/**
 * The effectiveness check workflow over its table: the consortium records the outcome (the access
 * table's recordOutcome, and nca.update with the permission system on); each outcome goes to the
 * report's history; a failed check opens a new report and tells the target agency and the consortium.
 */
export function effectivenessCheckTransitions(app: FastifyInstance) {
  return defineWorkflowRuntime({
    workflow: effectivenessCheckWorkflow,
    table: ncaEffectivenessChecks,
    label: 'effectiveness check',
    entityType: 'nca-effectiveness-checks',
    auditPrefix: 'ncaEffectiveness',
    scope: (ctx) => scopeCondition(ctx, 'nca-effectiveness-checks', 'read', effectivenessCheckScopes),
    facts: () => ({}),
    reasonOf: (input: TOutcomeInput) => input?.reason?.trim(),
    audit: (tx, ctx, entry) => recordAudit(tx, ctx, entry),
    deliver: (pending: TPendingNca) => deliverNca(app, pending),
    effects: Object.fromEntries(
      effectivenessCheckWorkflow.actions.map((action) => [
        action,
        {
          apply: async ({ tx, ctx, row, input, now }: { tx: TTx; ctx: TSignedInContext; row: TEffectivenessCheckRow; input: TOutcomeInput; now: Date }) => {
            await requireAccess(inTx(ctx, tx), 'nca-effectiveness-checks', 'recordOutcome');
            return outcomeChanges(tx, ctx, action, row, input, now);
          },
          notify: async ({ tx, ctx, before, saved, input }: { tx: TTx; ctx: TSignedInContext; before: TEffectivenessCheckRow; saved: TEffectivenessCheckRow; input: TOutcomeInput }) => {
            await appendHistory(tx, ctx.actor, {
              reportId: saved.reportId,
              kind: 'transition',
              action,
              entityType: 'nca-effectiveness-checks',
              entityId: saved.id,
              fromStatus: before.status,
              toStatus: saved.status,
              message: input?.reason?.trim() || null,
              data: { followUpReportId: saved.followUpReportId },
            });
            if (action !== 'recordNotEffective') return [];
            const [report] = await tx.select().from(ncaReports).where(eq(ncaReports.id, saved.reportId));
            const recipients = await audienceOf(tx, report, ['targetAgency', 'consortium']);
            const text = { nca: ncaName(report.code), reason: input?.reason?.trim() ?? '' };
            return [
              await notifyUsers(
                tx,
                recipients,
                {
                  title: msg('nca.effectiveness.notEffective.title', text),
                  body: msg('nca.effectiveness.notEffective.body', text),
                  event: 'nca.effectiveness.notEffective',
                  data: { reportId: report.id, followUpReportId: saved.followUpReportId },
                },
                true,
                ctx.actor.id,
              ),
            ];
          },
        },
      ]),
    ),
  });
}
