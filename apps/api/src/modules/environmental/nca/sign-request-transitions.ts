import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { signRequestWorkflow, type TSignRequestAction } from '@app/domain/environmental/nca/index';
import { ncaReports, signRequests } from '../../../db/schema/index.ts';
import type { TTx } from '../../../db/client.ts';
import { scopeCondition } from '../../../lib/access.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { defineWorkflowRuntime, type TTransitionTx } from '../../../lib/workflow/run-transition.ts';
import { recordAudit } from '../../platform/index.ts';
import { appendHistory, type THistoryEntry } from './nca-history.ts';
import { deliverNca, type TPendingNca } from './nca-notifications.ts';
import { signRequestScopes } from './nca-scope.ts';
import { settleSignatureRound } from './settle-signature-round.ts';
import { lockSignRequest, signRequestFacts, type TSignRequestRow } from './sign-requests.ts';

export type TSignRequestInput = {
  /** The signer's explanation (reject) or the consortium's reason (manualReject). */
  reason?: string | null;
  /** The signature's evidence, appended just before (sign). */
  signature?: { evidenceId: string; evidenceHash: string; signedAt: Date; functionName: string };
  /** Why the system suspends the request, and whom the history names for it (suspend). */
  suspension?: { why: string; by: TSignedInContext['actor'] | null };
};

type TStep = { tx: TTx; ctx: TSignedInContext; before: TSignRequestRow; saved: TSignRequestRow; input: TSignRequestInput };

/** The history entry of a request's step, in the report's timeline. */
function historyOf({ before, saved }: TStep, entry: Pick<THistoryEntry, 'kind' | 'action' | 'message' | 'data'>): THistoryEntry {
  return { reportId: before.reportId, entityType: 'sign-requests', entityId: before.id, fromStatus: before.status, toStatus: saved.status, ...entry };
}

/** A decision on a request (signature or refusal) settles the report's round in the same transaction. */
const settles =
  (app: FastifyInstance) =>
  ({ unit, ctx, before, input }: { unit: TTransitionTx; ctx: TSignedInContext; before: TSignRequestRow; input: TSignRequestInput }) =>
    settleSignatureRound(unit, app, ctx, before.reportId, input.reason ?? null);

const refusal = (action: Extract<TSignRequestAction, 'reject' | 'manualReject'>, app: FastifyInstance) => ({
  apply: ({ ctx, input }: { ctx: TSignedInContext; input: TSignRequestInput }) => ({ explanationsRequest: input.reason ?? null, decidedById: ctx.actor.id }),
  notify: async (step: TStep) => {
    await appendHistory(step.tx, step.ctx.actor, historyOf(step, { kind: 'signature', action, message: step.input.reason ?? null, data: { phase: step.before.phase, round: step.before.round } }));
    return null;
  },
  cascade: settles(app),
});

/**
 * The sign-request workflow over its table. A request is locked after its report (the lock order of
 * sign-requests.ts); every step goes to the report's history; a signature or a refusal settles the
 * round (settle-signature-round.ts), and the system suspends what a report step leaves pending.
 */
export function signRequestTransitions(app: FastifyInstance) {
  return defineWorkflowRuntime({
    workflow: signRequestWorkflow,
    table: signRequests,
    label: 'sign request',
    entityType: 'signs',
    auditPrefix: 'signs',
    scope: (ctx) => scopeCondition(ctx, 'sign-requests', 'read', signRequestScopes),
    lock: async ({ tx, id, scope }) => (await lockSignRequest(tx, id, scope))?.request,
    async facts({ tx, ctx, row }: { tx: TTx; ctx: TSignedInContext; row: TSignRequestRow }) {
      const [report] = await tx.select().from(ncaReports).where(eq(ncaReports.id, row.reportId));
      return signRequestFacts(ctx, report, row);
    },
    reasonOf: (input: TSignRequestInput) => input?.reason,
    audit: (tx, ctx, entry) => recordAudit(tx, ctx, entry),
    deliver: (pending: TPendingNca) => deliverNca(app, pending),
    effects: {
      sign: {
        apply: ({ input }) => ({ signedAt: input.signature!.signedAt, evidenceId: input.signature!.evidenceId }),
        notify: async (step: TStep) => {
          const { before, input } = step;
          const data = { phase: before.phase, round: before.round, snapshotHash: before.snapshotHash, evidenceHash: input.signature!.evidenceHash, function: input.signature!.functionName };
          await appendHistory(step.tx, step.ctx.actor, historyOf(step, { kind: 'signature', action: 'sign', data }));
          return null;
        },
        cascade: settles(app),
      },
      reject: refusal('reject', app),
      manualReject: refusal('manualReject', app),
      unlock: {
        apply: () => ({ failedAttempts: 0 }),
        notify: async (step: TStep) => {
          await appendHistory(
            step.tx,
            step.ctx.actor,
            historyOf(step, { kind: 'transition', action: 'unlock', message: step.input.reason ?? null, data: { phase: step.before.phase, round: step.before.round } }),
          );
          return null;
        },
      },
      suspend: {
        notify: async (step: TStep) => {
          const { why, by } = step.input.suspension!;
          await appendHistory(step.tx, by, historyOf(step, { kind: 'transition', action: 'suspend', message: why }));
          return null;
        },
      },
    },
  });
}
