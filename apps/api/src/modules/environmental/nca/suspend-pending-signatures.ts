import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SYSTEM_ACTOR } from '@app/domain/platform/workflow/define-workflow';
import { signRequests } from '../../../db/schema/index.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import type { TTransitionTx } from '../../../lib/workflow/run-transition.ts';
import type { TNcaReportRow } from './reports.ts';
import { signRequestTransitions } from './sign-request-transitions.ts';

/**
 * Suspends the pending requests of the report's current round (a recall, a forced step, a rejected
 * signature), each through the sign-request workflow as the system, in the step's transaction. The
 * history names `by` (the user who recalled or forced; nobody for a rejection) and says why.
 */
export async function suspendPendingSignatures(unit: TTransitionTx, app: FastifyInstance, ctx: TSignedInContext, report: TNcaReportRow, why: string, by: TSignedInContext['actor'] | null) {
  const pending = await unit.tx
    .select({ id: signRequests.id })
    .from(signRequests)
    .where(and(eq(signRequests.reportId, report.id), eq(signRequests.round, report.signRound), eq(signRequests.status, 'pending')))
    .orderBy(asc(signRequests.createdAt), asc(signRequests.id));
  const requests = signRequestTransitions(app);
  for (const { id } of pending) await requests.runInTx(unit, ctx, id, 'suspend', { suspension: { why, by } }, { as: SYSTEM_ACTOR });
}
