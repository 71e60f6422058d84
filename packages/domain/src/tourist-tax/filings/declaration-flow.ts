/**
 * The declaration state machine. The hotelier submits; the comune validates or sends it back with a
 * reason; a validation can be revoked (back to submitted). Every transition not listed is refused.
 *
 *   draft ──submit──> submitted ──validate──> validated
 *                        │  ^                     │
 *                 return │  └──────revoke─────────┘
 *                        v
 *                    returned ──submit──> submitted
 */

export const DECLARATION_STATUSES = ['draft', 'submitted', 'validated', 'returned'] as const;
export type TDeclarationStatus = (typeof DECLARATION_STATUSES)[number];
export type TDeclarationAction = 'submit' | 'validate' | 'return' | 'revoke';
/** Who may take an action: the hotelier side (role user, or an admin for them) or the comune side. */
export type TDeclarationSide = 'hotelier' | 'comune';

const TRANSITIONS: Record<TDeclarationAction, { from: readonly TDeclarationStatus[]; to: TDeclarationStatus; side: TDeclarationSide }> = {
  submit: { from: ['draft', 'returned'], to: 'submitted', side: 'hotelier' },
  validate: { from: ['submitted'], to: 'validated', side: 'comune' },
  return: { from: ['submitted'], to: 'returned', side: 'comune' },
  revoke: { from: ['validated'], to: 'submitted', side: 'comune' },
};

export type TTransitionResult =
  | { ok: true; from: TDeclarationStatus; to: TDeclarationStatus; side: TDeclarationSide }
  | { ok: false; reason: 'INVALID_TRANSITION'; from: TDeclarationStatus; action: TDeclarationAction; allowedFrom: readonly TDeclarationStatus[] };

export function transitionDeclaration(status: TDeclarationStatus, action: TDeclarationAction): TTransitionResult {
  const rule = TRANSITIONS[action];
  if (!rule.from.includes(status)) return { ok: false, reason: 'INVALID_TRANSITION', from: status, action, allowedFrom: rule.from };
  return { ok: true, from: status, to: rule.to, side: rule.side };
}

/** The side that acts in a transition; the other side is notified. */
export function sideOf(action: TDeclarationAction): TDeclarationSide {
  return TRANSITIONS[action].side;
}

/** Statuses from which an action may start (the server's conditional update uses this list). */
export function allowedFrom(action: TDeclarationAction): readonly TDeclarationStatus[] {
  return TRANSITIONS[action].from;
}

/** The actions possible from a status (for the web's buttons). */
export function availableActions(status: TDeclarationStatus): TDeclarationAction[] {
  return (Object.keys(TRANSITIONS) as TDeclarationAction[]).filter((a) => TRANSITIONS[a].from.includes(status));
}

/** Figures, type and notes can be changed only while the hotelier holds the declaration. */
export function isEditableByHotelier(status: TDeclarationStatus): boolean {
  return status === 'draft' || status === 'returned';
}

/** A payment can be recorded once the declaration has been submitted. */
export function canRecordPayment(status: TDeclarationStatus): boolean {
  return status === 'submitted' || status === 'validated';
}
