import { describe, expect, it } from 'vitest';
import { INVITE_ACTIONS, INVITE_STATUSES, availableInviteActions, transitionInvite, type TInviteAction, type TInviteStatus } from './invite-flow.ts';

const EXPECTED: Record<TInviteStatus, Partial<Record<TInviteAction, TInviteStatus>>> = {
  to_invite: { invite: 'invited' },
  invited: { resend: 'invited', accept: 'accepted', revoke: 'to_invite' },
  accepted: {},
};

describe('invite flow', () => {
  it('allows exactly the listed transitions, from every status with every action', () => {
    for (const status of INVITE_STATUSES) {
      for (const action of INVITE_ACTIONS) {
        const result = transitionInvite(status, action);
        const to = EXPECTED[status][action];
        if (to) expect(result, `${status} ${action}`).toMatchObject({ ok: true, from: status, to });
        else expect(result, `${status} ${action}`).toMatchObject({ ok: false, reason: 'INVALID_TRANSITION', from: status, action });
      }
    }
  });

  it('only the invitee accepts; the consortium invites, resends and revokes', () => {
    expect(transitionInvite('invited', 'accept')).toMatchObject({ side: 'invitee' });
    expect(transitionInvite('to_invite', 'invite')).toMatchObject({ side: 'consortium' });
    expect(availableInviteActions('to_invite')).toEqual(['invite']);
    expect(availableInviteActions('invited')).toEqual(['resend', 'revoke']);
    expect(availableInviteActions('invited', 'invitee')).toEqual(['accept']);
    expect(availableInviteActions('accepted')).toEqual([]);
  });
});
