import { can } from '../../platform/access/index.ts';
import { defineWorkflow, type TGuardRefusal, type TWorkflowActor } from '../../platform/workflow/index.ts';
import type { TCorrectiveActionStatus } from './action-flow.ts';
import { containmentRefusal } from './capa.ts';
import type { TSignStatus } from './sign-flow.ts';

/**
 * The NCA report state machine: three phases, each closed by a round of signatures (or forced past
 * them by whoever holds the right, with a reason).
 *
 *   PHASE 1  pending ──requestPhase1Signs──> waiting_phase1_signs ──phase1Complete (last signature)──> open
 *              ^  └──────────────── forceOpen (also from waiting_phase1_signs) ─────────────────────────^
 *              └── recallPhase1 / phase1Rejected ──┘
 *   PHASE 2  open ──submitForValidation──> waiting_validations ──requestPhase2Signs──> waiting_phase2_signs
 *              ^──────returnToAgency──────┘   │ ^── recallPhase2 / phase2Rejected ──┘      │ phase2Complete
 *                                             └──── forcePhase3 (also from waiting_phase2_signs) ──> waiting_operations
 *   PHASE 3  waiting_operations ──requestClosingSigns──> waiting_signs ──phase3Complete──> closed
 *              ^── recallPhase3 / phase3Rejected ──┘   forceClose (from both) ──────────────> closed
 *
 * A closed report is never reopened: a new report cites the old code.
 */
export const NCA_REPORT_STATUSES = ['pending', 'waiting_phase1_signs', 'open', 'waiting_validations', 'waiting_phase2_signs', 'waiting_operations', 'waiting_signs', 'closed'] as const;
export type TNcaReportStatus = (typeof NCA_REPORT_STATUSES)[number];

/** What the guards look at, read by the API with the report locked. */
export type TNcaReportFacts = {
  /** Phase-1 fields still empty (required before signatures are asked or the report is forced open). */
  missingPhase1Fields: readonly string[];
  /** Free text or a 5-Why chain. */
  hasCauseAnalysis: boolean;
  /** The report's severity is one the consortium marks as needing immediate containment (NCA settings). */
  containmentRequired: boolean;
  /** The containment actions recorded. */
  containmentCount: number;
  /** The statuses of the report's corrective actions. */
  actionStatuses: readonly TCorrectiveActionStatus[];
  /** Names of the actions whose required documents are not all uploaded. */
  actionsMissingDocuments: readonly string[];
  /** The statuses of the sign requests of the current round (empty outside a signing state). */
  roundStatuses: readonly TSignStatus[];
  /**
   * Whether the actor may force a phase past its signatures: admins always; consortium staff only
   * holding nca.forceSkipSignatures with the permission system on (the API answers it).
   */
  mayForceSkip: boolean;
};

const grantOf = (action: string) => (actor: TWorkflowActor) => can(actor.role, 'nca-reports', action);
const forcedBy = (action: string) => (actor: TWorkflowActor, facts: TNcaReportFacts) => can(actor.role, 'nca-reports', action) && facts.mayForceSkip;

/** Phase 1 is complete: its data filled in, and containment recorded when the severity needs it. */
const phase1Ready = (facts: TNcaReportFacts): TGuardRefusal | null =>
  facts.missingPhase1Fields.length > 0
    ? {
        code: 'VALIDATION_FAILED',
        message: `Fill in the phase-1 data first: ${facts.missingPhase1Fields.join(', ')}`,
        details: facts.missingPhase1Fields.map((path) => ({ path, message: 'validation.required' })),
      }
    : containmentRefusal(facts);

/** Leaving phase 2 needs every corrective action confirmed (the consortium validated the plan). */
const everyActionConfirmed = (facts: TNcaReportFacts): TGuardRefusal | null => {
  const unconfirmed = facts.actionStatuses.filter((s) => s === 'new').length;
  return unconfirmed > 0 ? { code: 'ACTIONS_NOT_CONFIRMED', message: `Confirm every corrective action first (${unconfirmed} still to confirm)` } : null;
};

/** The spec's rule: closing (or asking for the closing signatures) is refused while any action is not closed. */
export const ACTIONS_STILL_OPEN_MESSAGE = 'There are still actions open for this report';
const everyActionClosed = (facts: TNcaReportFacts): TGuardRefusal | null =>
  facts.actionStatuses.some((s) => s !== 'closed') ? { code: 'ACTIONS_STILL_OPEN', message: ACTIONS_STILL_OPEN_MESSAGE } : null;

const roundSigned = (facts: TNcaReportFacts): TGuardRefusal | null =>
  facts.roundStatuses.length > 0 && facts.roundStatuses.every((s) => s === 'signed') ? null : { code: 'INVALID_TRANSITION', message: 'The round is not fully signed yet' };
const roundRejected = (facts: TNcaReportFacts): TGuardRefusal | null =>
  facts.roundStatuses.some((s) => s === 'rejected' || s === 'manual_rejected') ? null : { code: 'INVALID_TRANSITION', message: 'No signature of the round was rejected' };

const readyForValidation = (facts: TNcaReportFacts): TGuardRefusal | null => {
  const details = [
    ...(facts.hasCauseAnalysis ? [] : [{ path: 'causeAnalysis', message: 'validation.required' }]),
    ...(facts.actionStatuses.length > 0 ? [] : [{ path: 'actions', message: 'Propose at least one corrective action' }]),
  ];
  if (details.length > 0) return { code: 'VALIDATION_FAILED', message: 'Write the cause analysis and propose at least one corrective action first', details };
  if (facts.actionsMissingDocuments.length > 0)
    return {
      code: 'REQUIRED_DOCUMENTS_MISSING',
      message: `Some required documents are missing (${facts.actionsMissingDocuments.join(', ')})`,
      details: facts.actionsMissingDocuments.map((name) => ({ path: 'actions', message: `required documents missing: ${name}` })),
    };
  return null;
};

export const ncaReportWorkflow = defineWorkflow({
  name: 'nca-report',
  states: NCA_REPORT_STATUSES,
  actions: {
    // Phase 1: detection.
    requestPhase1Signs: { from: 'pending', to: 'waiting_phase1_signs', who: grantOf('requestPhase1Signs'), guard: phase1Ready },
    forceOpen: { from: ['pending', 'waiting_phase1_signs'], to: 'open', who: forcedBy('forceOpen'), requiresReason: true, guard: phase1Ready },
    phase1Complete: { from: 'waiting_phase1_signs', to: 'open', automatic: true, guard: roundSigned },
    recallPhase1: { from: 'waiting_phase1_signs', to: 'pending', who: grantOf('recall') },
    phase1Rejected: { from: 'waiting_phase1_signs', to: 'pending', automatic: true, guard: roundRejected },
    // Phase 2: cause analysis and plan of actions.
    submitForValidation: { from: 'open', to: 'waiting_validations', who: grantOf('submitForValidation'), guard: readyForValidation },
    returnToAgency: { from: 'waiting_validations', to: 'open', who: grantOf('returnToAgency'), requiresReason: true },
    requestPhase2Signs: { from: 'waiting_validations', to: 'waiting_phase2_signs', who: grantOf('requestPhase2Signs'), guard: everyActionConfirmed },
    forcePhase3: { from: ['waiting_validations', 'waiting_phase2_signs'], to: 'waiting_operations', who: forcedBy('forcePhase3'), requiresReason: true, guard: everyActionConfirmed },
    phase2Complete: { from: 'waiting_phase2_signs', to: 'waiting_operations', automatic: true, guard: roundSigned },
    recallPhase2: { from: 'waiting_phase2_signs', to: 'waiting_validations', who: grantOf('recall') },
    phase2Rejected: { from: 'waiting_phase2_signs', to: 'waiting_validations', automatic: true, guard: roundRejected },
    // Phase 3: execution of the actions and closure.
    requestClosingSigns: { from: 'waiting_operations', to: 'waiting_signs', who: grantOf('requestClosingSigns'), guard: everyActionClosed },
    forceClose: { from: ['waiting_operations', 'waiting_signs'], to: 'closed', who: forcedBy('forceClose'), requiresReason: true, guard: everyActionClosed },
    phase3Complete: { from: 'waiting_signs', to: 'closed', automatic: true, guard: roundSigned },
    recallPhase3: { from: 'waiting_signs', to: 'waiting_operations', who: grantOf('recall') },
    phase3Rejected: { from: 'waiting_signs', to: 'waiting_operations', automatic: true, guard: roundRejected },
  },
});

export type TNcaReportAction = (typeof ncaReportWorkflow.actions)[number];

/** The actions that ask for a round of signatures, and the phase each one opens. */
export const SIGN_REQUEST_ACTIONS = { requestPhase1Signs: 'first', requestPhase2Signs: 'second', requestClosingSigns: 'third' } as const;
/** The forced variants (they suspend the round's pending requests and record the reason). */
export const FORCED_ACTIONS = ['forceOpen', 'forcePhase3', 'forceClose'] as const;
/** The recall of each signing state. */
export const RECALL_ACTIONS = ['recallPhase1', 'recallPhase2', 'recallPhase3'] as const;

/** Statuses in which the report is open work (for the dashboard's "open" counts). */
export const NCA_OPEN_STATUSES = NCA_REPORT_STATUSES.filter((s) => s !== 'closed');
