import { can, ncaSideOf } from '../../platform/access/index.ts';
import { defineWorkflow, type TGuardRefusal, type TWorkflowActor } from '../../platform/workflow/index.ts';

/**
 * The sign request state machine. A request belongs to one phase and one round of a report; the
 * signer asks for a one-time code, then signs with it or rejects with an explanation. The
 * consortium records a refusal given off the platform (manualReject). The system suspends the
 * round's pending requests when the report is recalled, forced past the round, or another request
 * of the round is rejected. Every state but pending is final: a new round makes new requests.
 */
export const SIGN_STATUSES = ['pending', 'signed', 'rejected', 'manual_rejected', 'suspended'] as const;
export type TSignStatus = (typeof SIGN_STATUSES)[number];

export type TSignRequestFacts = {
  /** The actor is the request's signer. */
  isSigner: boolean;
  /** The report is still in the signing state of the request's phase and round. */
  roundActive: boolean;
};

const bySigner = (action: string) => (actor: TWorkflowActor, facts: TSignRequestFacts) => can(actor.role, 'sign-requests', action) && facts.isSigner;
const grantOf = (action: string) => (actor: TWorkflowActor) => can(actor.role, 'sign-requests', action);
const roundActive = (facts: TSignRequestFacts): TGuardRefusal | null =>
  facts.roundActive ? null : { code: 'INVALID_TRANSITION', message: 'The report is no longer waiting for the signatures of this round' };

export const signRequestWorkflow = defineWorkflow({
  name: 'sign-request',
  states: SIGN_STATUSES,
  actions: {
    sendCode: { from: 'pending', to: 'pending', who: bySigner('sendCode'), guard: roundActive },
    sign: { from: 'pending', to: 'signed', who: bySigner('sign'), guard: roundActive },
    // The reason is the signer's explanation (explanationsRequest).
    reject: { from: 'pending', to: 'rejected', who: bySigner('reject'), requiresReason: true, guard: roundActive },
    manualReject: { from: 'pending', to: 'manual_rejected', who: grantOf('manualReject'), requiresReason: true, guard: roundActive },
    unlock: { from: 'pending', to: 'pending', who: grantOf('unlock'), guard: roundActive },
    suspend: { from: 'pending', to: 'suspended', automatic: true },
  },
});

export type TSignRequestAction = (typeof signRequestWorkflow.actions)[number];

/** Explanations of a rejection: long enough to say why. */
export const EXPLANATION_MIN = 10;
export const EXPLANATION_MAX = 2000;

/**
 * Who may be named to sign a report's phase: the consortium's side, or the staff of the agency the
 * report is about. Never a laboratory, nor another agency's staff, whatever functions they hold.
 */
export function maySignReport(user: { role: string; agencyId?: string | null }, report: { targetAgencyId: string | null }): boolean {
  if (!can(user.role, 'sign-requests', 'sign')) return false;
  const side = ncaSideOf(user.role);
  if (side === 'consortium') return true;
  return side === 'agency' && !!user.agencyId && user.agencyId === report.targetAgencyId;
}
