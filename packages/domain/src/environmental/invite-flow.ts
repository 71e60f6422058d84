import { can } from '../platform/access/index.ts';
import { defineWorkflow, type TWorkflowActor } from '../platform/workflow/index.ts';

/**
 * The invitation of a supplier company (agency or laboratory) to the portal.
 *
 *   to_invite ──invite──> invited ──accept──> accepted (final)
 *       ^                  │   ^
 *       └──────revoke──────┘   └─resend (a new link voids the old one)
 *
 * The consortium invites, resends and revokes; the invitee accepts with the e-mailed link, not
 * signed in. Further users of an accepted company are created as ordinary users.
 */

export const INVITE_STATUSES = ['to_invite', 'invited', 'accepted'] as const;
export type TInviteStatus = (typeof INVITE_STATUSES)[number];

/** The holder of a valid e-mailed link, not signed in (the API checks the link before acting as them). */
export const INVITEE: TWorkflowActor = Object.freeze({ role: 'invitee' });

/** The registry of the invited company: the access table's `invite` action of agencies or laboratories. */
export type TInviteFacts = { registry: 'agencies' | 'laboratories' };

const byConsortium = (actor: TWorkflowActor, facts: TInviteFacts) => can(actor.role, facts.registry, 'invite');

export const inviteWorkflow = defineWorkflow({
  name: 'invite',
  states: INVITE_STATUSES,
  actions: {
    invite: { from: 'to_invite', to: 'invited', who: byConsortium },
    resend: { from: 'invited', to: 'invited', who: byConsortium },
    accept: { from: 'invited', to: 'accepted', who: (actor: TWorkflowActor) => actor.role === INVITEE.role },
    revoke: { from: 'invited', to: 'to_invite', who: byConsortium },
  },
});

export const INVITE_ACTIONS = inviteWorkflow.actions;
export type TInviteAction = (typeof inviteWorkflow.actions)[number];

/** How long an e-mailed invitation link stays valid. */
export const INVITE_LINK_TTL_MS = 7 * 24 * 3600_000;
/** Links one company may be sent in 24 hours (first invite and resends together). */
export const MAX_INVITE_LINKS_PER_DAY = 5;
