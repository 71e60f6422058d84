import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SYSTEM_ACTOR } from '@app/domain/platform/workflow/define-workflow';
import { correctiveActions } from '../../../db/schema/index.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import type { TTransitionTx } from '../../../lib/workflow/run-transition.ts';
import { correctiveActionTransitions } from './action-transitions.ts';

/**
 * Returning the plan to the agency reopens it as a whole: every proposed or confirmed action goes
 * back to new through the corrective-action workflow (the system's returnedToAgency), so what the
 * consortium confirmed is unconfirmed and each action carries the reason in the report's history.
 */
export async function returnActionsToAgency(unit: TTransitionTx, app: FastifyInstance, ctx: TSignedInContext, reportId: string, reason: string) {
  const plan = await unit.tx
    .select({ id: correctiveActions.id })
    .from(correctiveActions)
    .where(and(eq(correctiveActions.reportId, reportId), inArray(correctiveActions.status, ['new', 'confirmed'])))
    .orderBy(asc(correctiveActions.sequence));
  const actions = correctiveActionTransitions(app);
  for (const { id } of plan) await actions.runInTx(unit, ctx, id, 'returnedToAgency', { reason }, { as: SYSTEM_ACTOR });
}
