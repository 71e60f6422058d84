import { describe, expect, it } from 'vitest';
import { availableActions, DECLARATION_STATUSES, transitionDeclaration, type TDeclarationAction } from './declaration-flow.ts';

const ACTIONS: TDeclarationAction[] = ['submit', 'validate', 'return', 'revoke'];
// The whole table, written out by hand: status -> action -> new status (absent = refused).
const EXPECTED: Record<string, Partial<Record<TDeclarationAction, string>>> = {
  draft: { submit: 'submitted' },
  submitted: { validate: 'validated', return: 'returned' },
  validated: { revoke: 'submitted' },
  returned: { submit: 'submitted' },
};

describe('transitionDeclaration', () => {
  for (const status of DECLARATION_STATUSES) {
    for (const action of ACTIONS) {
      const to = EXPECTED[status][action];
      it(`${status} --${action}--> ${to ?? 'refused'}`, () => {
        const result = transitionDeclaration(status, action);
        if (to) expect(result).toMatchObject({ ok: true, to });
        else expect(result).toMatchObject({ ok: false, reason: 'INVALID_TRANSITION', from: status, action });
      });
    }
  }
  it('names the acting side', () => {
    expect(transitionDeclaration('draft', 'submit')).toMatchObject({ side: 'hotelier' });
    expect(transitionDeclaration('submitted', 'return')).toMatchObject({ side: 'comune' });
  });
  it('lists the available actions per status', () => {
    expect(availableActions('submitted')).toEqual(['validate', 'return']);
    expect(availableActions('validated')).toEqual(['revoke']);
  });
});
