import type { FastifyInstance } from 'fastify';
import { correctiveActionWorkflow, type TCorrectiveActionAction } from '@app/domain/environmental/nca/index';
import { correctiveActions } from '../../../db/schema/index.ts';
import type { TTx } from '../../../db/client.ts';
import { requireAccess, scopeCondition } from '../../../lib/access.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { defineWorkflowRuntime } from '../../../lib/workflow/run-transition.ts';
import { recordAudit } from '../../platform/index.ts';
import { actionFacts } from './action-facts.ts';
import type { TCorrectiveActionRow } from './corrective-actions.ts';
import { appendHistory } from './nca-history.ts';
import { deliverNca, type TPendingNca } from './nca-notifications.ts';
import { actionScopes } from './nca-scope.ts';
import { notifyActionStep } from './notify-action-step.ts';
import { inTx } from './report-facts.ts';

/** The body of an action's step: the reason of a rejection, a return or a closing note. */
export type TActionInput = { reason?: string } | undefined;

/** The column changes of each step beyond its status. */
const CHANGES: Partial<Record<TCorrectiveActionAction, (args: { ctx: TSignedInContext; input: TActionInput; now: Date }) => Partial<TCorrectiveActionRow>>> = {
  confirm: ({ ctx, now }) => ({ confirmationDate: now, confirmedById: ctx.actor.id }),
  start: ({ now }) => ({ startedAt: now }),
  complete: ({ now }) => ({ completedAt: now }),
  reopen: () => ({ completedAt: null }),
  close: ({ ctx, input, now }) => ({ closedAt: now, closedById: ctx.actor.id, effectivenessNote: input?.reason?.trim() ?? null, closeReason: 'verified' }),
  closeNotNeeded: ({ ctx, input, now }) => ({ closedAt: now, closedById: ctx.actor.id, effectivenessNote: input?.reason?.trim() ?? null, closeReason: 'not_needed' }),
  returnedToAgency: () => ({ confirmationDate: null, confirmedById: null }),
};

/**
 * The corrective action workflow over its table; each step goes to the report's history (an
 * automatic step, the report's return, under the name of whoever returned the plan).
 */
export function correctiveActionTransitions(app: FastifyInstance) {
  return defineWorkflowRuntime({
    workflow: correctiveActionWorkflow,
    table: correctiveActions,
    label: 'corrective action',
    entityType: 'actions',
    auditPrefix: 'actions',
    scope: (ctx) => scopeCondition(ctx, 'corrective-actions', 'read', actionScopes),
    facts: ({ tx, ctx, row }: { tx: TTx; ctx: TSignedInContext; row: TCorrectiveActionRow }) => actionFacts(tx, inTx(ctx, tx), row),
    reasonOf: (input: TActionInput) => input?.reason?.trim(),
    audit: (tx, ctx, entry) => recordAudit(tx, ctx, entry),
    deliver: (pending: TPendingNca) => deliverNca(app, pending),
    effects: Object.fromEntries(
      correctiveActionWorkflow.actions.map((action) => [
        action,
        {
          apply: async ({ tx, ctx, input, now }: { tx: TTx; ctx: TSignedInContext; input: TActionInput; now: Date }) => {
            // The permission key of the action; automatic steps are the system's (the report's return).
            if (!correctiveActionWorkflow.spec(action).automatic) await requireAccess(inTx(ctx, tx), 'corrective-actions', action);
            return CHANGES[action]?.({ ctx, input, now }) ?? {};
          },
          notify: async ({ tx, ctx, before, saved, input }: { tx: TTx; ctx: TSignedInContext; before: TCorrectiveActionRow; saved: TCorrectiveActionRow; input: TActionInput }) => {
            await appendHistory(tx, ctx.actor, {
              reportId: saved.reportId,
              kind: 'transition',
              action,
              entityType: 'corrective-actions',
              entityId: saved.id,
              fromStatus: before.status,
              toStatus: saved.status,
              message: input?.reason?.trim() || null,
              data: { name: saved.name },
            });
            return notifyActionStep(tx, ctx, action, saved, input?.reason?.trim());
          },
        },
      ]),
    ),
  });
}
