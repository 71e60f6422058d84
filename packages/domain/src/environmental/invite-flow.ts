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
export const INVITE_ACTIONS = ['invite', 'resend', 'accept', 'revoke'] as const;
export type TInviteAction = (typeof INVITE_ACTIONS)[number];
/** consortium: admin or consortium staff; invitee: whoever holds a valid link. */
export type TInviteSide = 'consortium' | 'invitee';

export const INVITE_TRANSITIONS: Record<TInviteAction, { from: readonly TInviteStatus[]; to: TInviteStatus; side: TInviteSide }> = {
  invite: { from: ['to_invite'], to: 'invited', side: 'consortium' },
  resend: { from: ['invited'], to: 'invited', side: 'consortium' },
  accept: { from: ['invited'], to: 'accepted', side: 'invitee' },
  revoke: { from: ['invited'], to: 'to_invite', side: 'consortium' },
};

/** How long an e-mailed invitation link stays valid. */
export const INVITE_LINK_TTL_MS = 7 * 24 * 3600_000;
/** Links one company may be sent in 24 hours (first invite and resends together). */
export const MAX_INVITE_LINKS_PER_DAY = 5;

export type TInviteTransition =
  | { ok: true; from: TInviteStatus; to: TInviteStatus; side: TInviteSide }
  | { ok: false; reason: 'INVALID_TRANSITION'; from: TInviteStatus; action: TInviteAction; allowedFrom: readonly TInviteStatus[] };

export function transitionInvite(status: TInviteStatus, action: TInviteAction): TInviteTransition {
  const rule = INVITE_TRANSITIONS[action];
  if (!rule.from.includes(status)) return { ok: false, reason: 'INVALID_TRANSITION', from: status, action, allowedFrom: rule.from };
  return { ok: true, from: status, to: rule.to, side: rule.side };
}

/** The actions possible from a status (for the web's buttons). */
export function availableInviteActions(status: TInviteStatus, side: TInviteSide = 'consortium'): TInviteAction[] {
  return INVITE_ACTIONS.filter((action) => INVITE_TRANSITIONS[action].side === side && INVITE_TRANSITIONS[action].from.includes(status));
}
