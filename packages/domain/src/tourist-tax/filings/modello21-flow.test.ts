import { describe, expect, it } from 'vitest';
import { MODELLO21_STATUSES, modello21Workflow, type TModello21Action } from './modello21-flow.ts';

const ACTIONS: TModello21Action[] = ['refresh', 'submit', 'validate', 'return'];
const hotelier = { role: 'user' };
const comune = { role: 'city' };
const admin = { role: 'admin' };
const reconciled = { issues: [] };
const notReconciled = { issues: [{ path: 'months.3.note', message: 'explain', month: 4 }] };
// The whole table, written out by hand: status -> action -> [new status, the side that may take it].
const EXPECTED: Record<string, Partial<Record<TModello21Action, [string, 'hotelier' | 'comune']>>> = {
  draft: { refresh: ['draft', 'hotelier'], submit: ['submitted', 'hotelier'] },
  submitted: { validate: ['validated', 'comune'], return: ['draft', 'comune'] },
  validated: {},
};

describe('modello21Workflow', () => {
  for (const status of MODELLO21_STATUSES) {
    for (const action of ACTIONS) {
      const expected = EXPECTED[status][action];
      const reason = action === 'return' ? { reason: 'why' } : {};
      it(`${status} --${action}--> ${expected ? expected[0] : 'refused'}`, () => {
        if (!expected) {
          const side = action === 'refresh' || action === 'submit' ? hotelier : comune;
          for (const actor of [side, admin]) {
            expect(modello21Workflow.transition(status, action, reconciled, actor, reason)).toMatchObject({ ok: false, code: 'INVALID_TRANSITION' });
          }
          expect(modello21Workflow.transition(status, action, reconciled, side === hotelier ? comune : hotelier, reason)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
          return;
        }
        const [to, side] = expected;
        const allowed = side === 'hotelier' ? hotelier : comune;
        const other = side === 'hotelier' ? comune : hotelier;
        expect(modello21Workflow.transition(status, action, reconciled, allowed, reason)).toEqual({ ok: true, action, from: status, to });
        expect(modello21Workflow.transition(status, action, reconciled, admin, reason)).toMatchObject({ ok: true, to });
        expect(modello21Workflow.transition(status, action, reconciled, other, reason)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
        expect(modello21Workflow.transition(status, action, reconciled, { role: 'agency_user' }, reason)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      });
    }
  }

  it('refuses submission until every month reconciles, with the issues as details', () => {
    expect(modello21Workflow.transition('draft', 'submit', notReconciled, hotelier)).toEqual(
      expect.objectContaining({ ok: false, code: 'MODELLO21_NOT_RECONCILED', details: [{ path: 'months.3.note', message: 'explain' }] }),
    );
    expect(modello21Workflow.availableActions('draft', notReconciled, hotelier)).toEqual(['refresh']);
    expect(modello21Workflow.offeredActions('draft', notReconciled, hotelier).map((o) => [o.action, o.refusal?.code ?? null])).toEqual([
      ['refresh', null],
      ['submit', 'MODELLO21_NOT_RECONCILED'],
    ]);
  });

  it('needs a reason to send it back', () => {
    expect(modello21Workflow.transition('submitted', 'return', reconciled, comune)).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(modello21Workflow.offeredActions('submitted', reconciled, comune)).toEqual([
      { action: 'validate', requiresReason: false, refusal: null },
      { action: 'return', requiresReason: true, refusal: null },
    ]);
  });
});
