import { can, ncaSideOf } from '../../platform/access/index.ts';
import { defineWorkflow, type TGuardRefusal, type TWorkflowActor } from '../../platform/workflow/index.ts';
import type { TNcaReportStatus } from './report-flow.ts';

/**
 * The corrective action state machine: one linear path, each step one of the spec's operations.
 *
 *   new ──confirm──> confirmed ──start──> in_progress ──complete──> completed ──close──> closed
 *                        │                     ^                        │
 *                        │                     └────────reopen──────────┘
 *                        └────── closeNotNeeded (also from in_progress) ─────────────> closed
 *
 *   new ──rejectProposal (note)──> new: the consortium turns a proposal down; it stays proposed for
 *   its author to rework (or delete), the note says why.
 *
 *   new, confirmed ──returnedToAgency (automatic)──> new: the report's plan was returned to the
 *   agency, so what the consortium confirmed is unconfirmed and every proposal carries the reason.
 *
 * Confirming is the consortium's validation of the plan: refused while a required document is
 * missing. Work starts only once the report reached its execution phase (waiting_operations).
 */
export const CORRECTIVE_ACTION_STATUSES = ['new', 'confirmed', 'in_progress', 'completed', 'closed'] as const;
export type TCorrectiveActionStatus = (typeof CORRECTIVE_ACTION_STATUSES)[number];

/** action: corrective action proper; treatment: the immediate fix before the causes are analysed; internal: the consortium's own. */
export const CORRECTIVE_ACTION_TYPES = ['action', 'treatment', 'internal'] as const;
export type TCorrectiveActionType = (typeof CORRECTIVE_ACTION_TYPES)[number];
/** The types a supplier agency may propose for itself (internal actions are the consortium's). */
export const SUPPLIER_ACTION_TYPES: readonly TCorrectiveActionType[] = ['action', 'treatment'];

export type TCorrectiveActionFacts = {
  reportStatus: TNcaReportStatus;
  /** Names of the required documents not uploaded yet. */
  missingRequiredDocuments: readonly string[];
  /** Whether the action needs evidence uploaded before it is completed, and how many files it has. */
  isDocumentRequired: boolean;
  evidenceCount: number;
  /** The actor is among the assignees (the agency, a named user, a holder of a named role or company function). */
  isAssignee: boolean;
  /**
   * Whether the actor may confirm: admins; consortium staff only with the permission system on and
   * actions.update granted (the API answers it). "Admins confirm corrective actions."
   */
  mayConfirm: boolean;
};

/** The report states in which the consortium validates (confirms) actions. */
export const CONFIRMING_REPORT_STATUSES: readonly TNcaReportStatus[] = ['open', 'waiting_validations', 'waiting_operations'];

const grantOf = (action: string) => (actor: TWorkflowActor) => can(actor.role, 'corrective-actions', action);
/** The consortium's side takes the step on any action its grant reaches; a supplier only on those assigned to it. */
const consortiumOrAssignee = (action: string) => (actor: TWorkflowActor, facts: TCorrectiveActionFacts) =>
  can(actor.role, 'corrective-actions', action) && (ncaSideOf(actor.role) === 'consortium' || facts.isAssignee);

export const REQUIRED_DOCUMENTS_MESSAGE = 'Some required documents are missing';

const confirmable = (facts: TCorrectiveActionFacts): TGuardRefusal | null => {
  if (!CONFIRMING_REPORT_STATUSES.includes(facts.reportStatus)) return { code: 'INVALID_TRANSITION', message: `The report is ${facts.reportStatus}: its actions cannot be confirmed now` };
  if (facts.missingRequiredDocuments.length > 0)
    return {
      code: 'REQUIRED_DOCUMENTS_MISSING',
      message: REQUIRED_DOCUMENTS_MESSAGE,
      details: facts.missingRequiredDocuments.map((name) => ({ path: 'documents', message: `missing: ${name}` })),
    };
  return null;
};

/** A proposal is turned down while the plan is discussed, like it is confirmed. */
const underReview = (facts: TCorrectiveActionFacts): TGuardRefusal | null =>
  CONFIRMING_REPORT_STATUSES.includes(facts.reportStatus) ? null : { code: 'INVALID_TRANSITION', message: `The report is ${facts.reportStatus}: its proposed actions cannot be rejected now` };

const inExecution = (facts: TCorrectiveActionFacts): TGuardRefusal | null =>
  facts.reportStatus === 'waiting_operations' ? null : { code: 'INVALID_TRANSITION', message: `The report is ${facts.reportStatus}: actions start once its plan is signed (waiting_operations)` };

const evidenceUploaded = (facts: TCorrectiveActionFacts): TGuardRefusal | null =>
  facts.isDocumentRequired && facts.evidenceCount === 0
    ? { code: 'REQUIRED_DOCUMENTS_MISSING', message: 'Upload the evidence of the work before completing the action', details: [{ path: 'documents', message: 'evidence required' }] }
    : null;

export const correctiveActionWorkflow = defineWorkflow({
  name: 'corrective-action',
  states: CORRECTIVE_ACTION_STATUSES,
  actions: {
    confirm: { from: 'new', to: 'confirmed', who: (actor: TWorkflowActor, facts: TCorrectiveActionFacts) => can(actor.role, 'corrective-actions', 'confirm') && facts.mayConfirm, guard: confirmable },
    rejectProposal: { from: 'new', to: 'new', who: grantOf('rejectProposal'), guard: underReview, requiresReason: true },
    start: { from: 'confirmed', to: 'in_progress', who: consortiumOrAssignee('start'), guard: inExecution },
    complete: { from: 'in_progress', to: 'completed', who: consortiumOrAssignee('complete'), guard: evidenceUploaded },
    reopen: { from: 'completed', to: 'in_progress', who: grantOf('reopen'), requiresReason: true },
    // The reason is the effectiveness check: what was verified.
    close: { from: 'completed', to: 'closed', who: grantOf('close'), requiresReason: true },
    closeNotNeeded: { from: ['confirmed', 'in_progress'], to: 'closed', who: grantOf('closeNotNeeded'), requiresReason: true },
    // The report's plan returned to the agency (returnToAgency): every proposal is open to rework again.
    returnedToAgency: { from: ['new', 'confirmed'], to: 'new', automatic: true },
  },
});

export type TCorrectiveActionAction = (typeof correctiveActionWorkflow.actions)[number];

/** An action is overdue while it has an expiry date in the past and is not done yet. */
export function isActionOverdue(action: { expires: boolean; expireDate: string | null; status: TCorrectiveActionStatus }, today: string): boolean {
  return action.expires && action.expireDate !== null && action.expireDate < today && (action.status === 'new' || action.status === 'confirmed' || action.status === 'in_progress');
}
