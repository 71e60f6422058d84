import { describe, expect, it } from 'vitest';
import { DECLARATION_STATUSES, declarationWorkflow, sideOf, type TDeclarationAction } from './declaration-flow.ts';

const ACTIONS: TDeclarationAction[] = ['submit', 'validate', 'return', 'revoke'];
const ACTORS = { hotelier: { role: 'user' }, comune: { role: 'city' }, admin: { role: 'admin' }, agency: { role: 'agency_user' }, lab: { role: 'laboratory_user' } };
const SIDE: Record<TDeclarationAction, string> = { submit: 'hotelier', validate: 'comune', return: 'comune', revoke: 'comune' };
// status -> action -> [new status, the side that may take it]; absent = refused for everyone.
const EXPECTED: Record<string, Partial<Record<TDeclarationAction, [string, 'hotelier' | 'comune']>>> = {
  draft: { submit: ['submitted', 'hotelier'] },
  submitted: { validate: ['validated', 'comune'], return: ['returned', 'comune'] },
  validated: { revoke: ['submitted', 'comune'] },
  returned: { submit: ['submitted', 'hotelier'] },
};

describe('declarationWorkflow, every (status, action, actor)', () => {
  for (const status of DECLARATION_STATUSES) {
    for (const action of ACTIONS) {
      for (const [name, actor] of Object.entries(ACTORS)) {
        const expected = EXPECTED[status][action];
        // Who is checked first: a side that may never take the action hears FORBIDDEN whatever the state.
        const allowed = name === 'admin' || name === SIDE[action];
        const outcome = !allowed ? 'FORBIDDEN' : !expected ? 'INVALID_TRANSITION' : expected[0];
        it(`${status} --${action} by ${name}--> ${outcome}`, () => {
          const result = declarationWorkflow.transition(status, action, undefined, actor, { reason: 'a reason' });
          if (!expected || !allowed) expect(result).toMatchObject({ ok: false, code: outcome, from: status, action });
          else expect(result).toEqual({ ok: true, action, from: status, to: expected[0] });
        });
      }
    }
  }

  it('needs a reason to send it back', () => {
    expect(declarationWorkflow.transition('submitted', 'return', undefined, ACTORS.comune)).toMatchObject({ ok: false, code: 'VALIDATION_FAILED', details: [{ path: 'reason' }] });
  });

  it('offers each side its own buttons', () => {
    expect(declarationWorkflow.availableActions('submitted', undefined, ACTORS.comune)).toEqual(['validate', 'return']);
    expect(declarationWorkflow.availableActions('submitted', undefined, ACTORS.hotelier)).toEqual([]);
    expect(declarationWorkflow.availableActions('returned', undefined, ACTORS.hotelier)).toEqual(['submit']);
    expect(declarationWorkflow.availableActions('validated', undefined, ACTORS.admin)).toEqual(['revoke']);
  });

  it('takes the acting side from the access table', () => {
    expect(sideOf('submit')).toBe('hotelier');
    expect(sideOf('recordPayment')).toBe('hotelier');
    expect(sideOf('validate')).toBe('comune');
    expect(sideOf('revoke')).toBe('comune');
  });
});
