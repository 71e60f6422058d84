import type { FastifyInstance } from 'fastify';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import type { TTransitionTx } from '../../../lib/workflow/run-transition.ts';
import { ncaReportTransitions } from './report-transitions.ts';

/**
 * Settles the report's current round after a signature or a rejection, in the same transaction: the
 * system takes the report's automatic outcome when one applies (the last signature moves the report
 * on; a rejection sends it back and suspends the rest of the round). `explanation` is the rejection's.
 */
export async function settleSignatureRound(unit: TTransitionTx, app: FastifyInstance, ctx: TSignedInContext, reportId: string, explanation: string | null) {
  await ncaReportTransitions(app).runAutomatic(unit, ctx, reportId, { explanation });
}
