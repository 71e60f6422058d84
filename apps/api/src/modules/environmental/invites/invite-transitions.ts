import { inviteWorkflow, type TInviteAction, type TInviteFacts } from '@app/domain/environmental/invite-flow';
import type { TCompanyKind } from '@app/domain/environmental/companies';
import { defineWorkflowRuntime, type TTransitionContext } from '../../../lib/workflow/run-transition.ts';
import { recordAudit } from '../../platform/index.ts';
import { ENTITY_OF_COMPANY, companyTable, type TCompanyRow } from '../companies/company-tables.ts';

/** What the audit entry of a step records beyond the status change (the links and accounts the use case handled). */
export type TInviteInput = {
  /** The manager e-mail a new link went to (invite, resend). */
  managerEmail?: string;
  /** How many older links the step voided (invite, resend, revoke). */
  voidedLinks?: number;
  /** The manager's account of an accepted invitation, who is named as the actor (accept). */
  userId?: string;
};

/** The audit actions the invitations always had. */
const AUDIT_ACTIONS: Record<TInviteAction, string> = { invite: 'invite', resend: 'resend', revoke: 'revoke_invite', accept: 'accept_invite' };

const linksSent = {
  apply: ({ now }: { now: Date }) => ({ invitedAt: now }),
  audit: ({ input }: { input: TInviteInput }) => ({ changes: { managerEmail: input.managerEmail, voidedLinks: input.voidedLinks } }),
};

/**
 * The invitation workflow over a company table (`inviteStatus`). Who may act is the workflow's: the
 * consortium for invite, resend and revoke, the holder of a valid link (INVITEE) for accept. The
 * routes check that the company is in the caller's scope; the invitee reaches it through the link.
 */
function inviteTransitionsOf(kind: TCompanyKind) {
  const registry = ENTITY_OF_COMPANY[kind];
  return defineWorkflowRuntime({
    workflow: inviteWorkflow,
    table: companyTable(kind),
    statusKey: 'inviteStatus',
    label: kind,
    entityType: registry,
    auditActions: AUDIT_ACTIONS,
    scope: (_ctx: TTransitionContext) => undefined,
    facts: (_args: { row: TCompanyRow }): TInviteFacts => ({ registry }),
    audit: (tx, ctx, entry) => recordAudit(tx, ctx, entry),
    effects: {
      invite: linksSent,
      resend: linksSent,
      revoke: { apply: () => ({ invitedAt: null }), audit: ({ input }) => ({ changes: { voidedLinks: input.voidedLinks } }) },
      accept: { apply: ({ now }) => ({ acceptedAt: now }), audit: ({ input }) => ({ changes: { userId: input.userId }, actorId: input.userId }) },
    },
  });
}

export const inviteTransitions = { agency: inviteTransitionsOf('agency'), laboratory: inviteTransitionsOf('laboratory') } as const;
