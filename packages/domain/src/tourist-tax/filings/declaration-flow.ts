import { can } from '../../platform/access/index.ts';
import { defineWorkflow, type TWorkflowActor } from '../../platform/workflow/index.ts';
import { actingSide, type TFilingSide } from './filing-sides.ts';

/**
 * The declaration state machine. The hotelier submits; the comune validates or sends it back with a
 * reason; a validation can be revoked (back to submitted). Every transition not listed is refused.
 * Who may take each action is the access table's grant of `declarations.<action>`.
 *
 *   draft ──submit──> submitted ──validate──> validated
 *                        │  ^                     │
 *                 return │  └──────revoke─────────┘
 *                        v
 *                    returned ──submit──> submitted
 */
export const DECLARATION_STATUSES = ['draft', 'submitted', 'validated', 'returned'] as const;

const grantOf = (action: string) => (actor: TWorkflowActor) => can(actor.role, 'declarations', action);

export const declarationWorkflow = defineWorkflow({
  name: 'declaration',
  states: DECLARATION_STATUSES,
  actions: {
    submit: { from: ['draft', 'returned'], to: 'submitted', who: grantOf('submit') },
    validate: { from: 'submitted', to: 'validated', who: grantOf('validate') },
    return: { from: 'submitted', to: 'returned', who: grantOf('return'), requiresReason: true },
    revoke: { from: 'validated', to: 'submitted', who: grantOf('revoke') },
  },
});

export type TDeclarationStatus = (typeof DECLARATION_STATUSES)[number];
export type TDeclarationAction = (typeof declarationWorkflow.actions)[number];
export type TDeclarationSide = TFilingSide;

export type TTransitionResult =
  | { ok: true; from: TDeclarationStatus; to: TDeclarationStatus; side: TDeclarationSide }
  | { ok: false; reason: 'INVALID_TRANSITION'; from: TDeclarationStatus; action: TDeclarationAction; allowedFrom: readonly TDeclarationStatus[] };

/** The state machine alone (whoever acts): where an action leads from a status. */
export function transitionDeclaration(status: TDeclarationStatus, action: TDeclarationAction): TTransitionResult {
  const allowed = declarationWorkflow.allowedFrom(action);
  if (!allowed.includes(status)) return { ok: false, reason: 'INVALID_TRANSITION', from: status, action, allowedFrom: allowed };
  return { ok: true, from: status, to: declarationWorkflow.spec(action).to, side: sideOf(action) };
}

/** The side that acts in a transition (the one a hotelier may take is the hotelier's); the other side is notified. */
export function sideOf(action: TDeclarationAction | 'recordPayment'): TDeclarationSide {
  return actingSide('declarations', action);
}

/** Statuses from which an action may start (the server's conditional update uses this list). */
export function allowedFrom(action: TDeclarationAction): readonly TDeclarationStatus[] {
  return declarationWorkflow.allowedFrom(action);
}

/** The actions possible from a status, whoever acts (the `availableActions` of the API's record). */
export function availableActions(status: TDeclarationStatus): TDeclarationAction[] {
  return declarationWorkflow.actionsFrom(status);
}

/** Figures, type and notes can be changed only while the hotelier holds the declaration. */
export function isEditableByHotelier(status: TDeclarationStatus): boolean {
  return status === 'draft' || status === 'returned';
}

/** A payment can be recorded once the declaration has been submitted. */
export function canRecordPayment(status: TDeclarationStatus): boolean {
  return status === 'submitted' || status === 'validated';
}
