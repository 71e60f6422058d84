import { describe, expect, it } from 'vitest';
import { INVITE_ACTIONS, INVITE_STATUSES, INVITEE, inviteWorkflow, type TInviteAction, type TInviteFacts, type TInviteStatus } from './invite-flow.ts';

const EXPECTED: Record<TInviteStatus, Partial<Record<TInviteAction, TInviteStatus>>> = {
  to_invite: { invite: 'invited' },
  invited: { resend: 'invited', accept: 'accepted', revoke: 'to_invite' },
  accepted: {},
};
const AGENCIES: TInviteFacts = { registry: 'agencies' };
const CONSORTIUM = { id: 'c', role: 'consortium_user' };
const actorOf = (action: TInviteAction) => (action === 'accept' ? INVITEE : CONSORTIUM);

describe('invite flow', () => {
  it('allows exactly the listed transitions, from every status with every action', () => {
    for (const status of INVITE_STATUSES) {
      for (const action of INVITE_ACTIONS) {
        const result = inviteWorkflow.transition(status, action, AGENCIES, actorOf(action));
        const to = EXPECTED[status][action];
        if (to) expect(result, `${status} ${action}`).toMatchObject({ ok: true, from: status, to });
        else expect(result, `${status} ${action}`).toMatchObject({ ok: false, code: 'INVALID_TRANSITION', from: status, action });
      }
    }
  });

  it('only the invitee accepts; the consortium invites, resends and revokes', () => {
    expect(inviteWorkflow.transition('invited', 'accept', AGENCIES, CONSORTIUM)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(inviteWorkflow.transition('to_invite', 'invite', AGENCIES, INVITEE)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(inviteWorkflow.transition('to_invite', 'invite', { registry: 'laboratories' }, { id: 'a', role: 'agency_user' })).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(inviteWorkflow.availableActions('to_invite', AGENCIES, CONSORTIUM)).toEqual(['invite']);
    expect(inviteWorkflow.availableActions('invited', AGENCIES, CONSORTIUM)).toEqual(['resend', 'revoke']);
    expect(inviteWorkflow.availableActions('invited', AGENCIES, INVITEE)).toEqual(['accept']);
    expect(inviteWorkflow.availableActions('accepted', AGENCIES, CONSORTIUM)).toEqual([]);
  });
});
