import { describe, expect, expectTypeOf, it } from 'vitest';
import { defineWorkflow, SYSTEM_ACTOR, type TWorkflowAction, type TWorkflowFacts, type TWorkflowStatus } from './define-workflow.ts';

// A small machine shaped like the environmental ones: several from-states, a reason, a guard with its
// own code, a record-dependent `who`, and an automatic (system) transition.
type TFacts = { openActions: number; signerId: string | null; allSigned: boolean };
const boss = { id: 'u1', role: 'admin' };
const clerk = { id: 'u2', role: 'city' };
const signer = { id: 's1', role: 'user' };

const report = defineWorkflow({
  name: 'report',
  states: ['pending', 'waiting_signs', 'open', 'closed'],
  actions: {
    requestSigns: { from: 'pending', to: 'waiting_signs', who: (a) => a.role === 'admin' || a.role === 'city' },
    recall: { from: 'waiting_signs', to: 'pending', who: (a) => a.role === 'admin' || a.role === 'city' },
    sign: { from: 'waiting_signs', to: 'waiting_signs', who: (a, facts: TFacts) => a.id === facts.signerId },
    allSigned: { from: 'waiting_signs', to: 'open', automatic: true, guard: (f: TFacts) => (f.allSigned ? null : { code: 'CONFLICT', message: 'signatures missing' }) },
    forceOpen: { from: ['pending', 'waiting_signs'], to: 'open', who: (a) => a.role === 'admin', requiresReason: true },
    close: {
      from: 'open',
      to: 'closed',
      who: (a) => a.role === 'admin' || a.role === 'city',
      guard: (f: TFacts) => (f.openActions > 0 ? { code: 'ACTIONS_STILL_OPEN', message: 'There are still actions open', details: [{ path: 'actions', message: `${f.openActions} open` }] } : null),
    },
  },
});
const facts: TFacts = { openActions: 0, signerId: 's1', allSigned: false };

describe('defineWorkflow', () => {
  it('infers the status, action and facts types from the declaration', () => {
    // Checked by the type checker only (never run).
    const typeOnly = () => {
      expectTypeOf<TWorkflowStatus<typeof report>>().toEqualTypeOf<'pending' | 'waiting_signs' | 'open' | 'closed'>();
      expectTypeOf<TWorkflowAction<typeof report>>().toEqualTypeOf<'requestSigns' | 'recall' | 'sign' | 'allSigned' | 'forceOpen' | 'close'>();
      expectTypeOf<TWorkflowFacts<typeof report>>().toEqualTypeOf<TFacts>();
      // @ts-expect-error an unknown state is a type error
      report.allowedFrom('nope');
      defineWorkflow({
        name: 'bad',
        states: ['a', 'b'],
        // @ts-expect-error `to` outside the states
        actions: { go: { from: 'a', to: 'c', who: () => true } },
      });
    };
    expect(typeof typeOnly).toBe('function');
  });

  it('refuses an actor that `who` rejects with FORBIDDEN, whatever the state, also when who depends on the record', () => {
    expect(report.transition('pending', 'requestSigns', facts, signer)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(report.transition('open', 'requestSigns', facts, signer)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(report.transition('waiting_signs', 'sign', facts, clerk)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(report.transition('waiting_signs', 'sign', facts, signer)).toEqual({ ok: true, action: 'sign', from: 'waiting_signs', to: 'waiting_signs' });
  });

  it('refuses a state outside `from` with INVALID_TRANSITION, naming the allowed states', () => {
    expect(report.transition('closed', 'close', facts, clerk)).toMatchObject({ ok: false, code: 'INVALID_TRANSITION', from: 'closed', action: 'close', allowedFrom: ['open'] });
    expect(report.transition('open', 'requestSigns', facts, clerk)).toMatchObject({ ok: false, code: 'INVALID_TRANSITION' });
  });

  it('asks for the reason where required', () => {
    expect(report.transition('pending', 'forceOpen', facts, boss)).toMatchObject({ ok: false, code: 'VALIDATION_FAILED', details: [{ path: 'reason' }] });
    expect(report.transition('pending', 'forceOpen', facts, boss, { reason: '   ' })).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(report.transition('waiting_signs', 'forceOpen', facts, boss, { reason: 'urgent' })).toMatchObject({ ok: true, to: 'open' });
  });

  it("passes the guard's code, message and details through", () => {
    expect(report.transition('open', 'close', { ...facts, openActions: 2 }, clerk)).toMatchObject({
      ok: false,
      code: 'ACTIONS_STILL_OPEN',
      message: 'There are still actions open',
      details: [{ path: 'actions', message: '2 open' }],
    });
    expect(report.transition('open', 'close', facts, clerk)).toMatchObject({ ok: true, to: 'closed' });
  });

  it('lets only the system take automatic actions, and lists those whose guards pass', () => {
    expect(report.transition('waiting_signs', 'allSigned', { ...facts, allSigned: true }, boss)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(report.transition('waiting_signs', 'allSigned', { ...facts, allSigned: true }, SYSTEM_ACTOR)).toMatchObject({ ok: true, to: 'open' });
    expect(report.transition('waiting_signs', 'allSigned', facts, SYSTEM_ACTOR)).toMatchObject({ ok: false, code: 'CONFLICT' });
    expect(report.automaticActions('waiting_signs', facts)).toEqual([]);
    expect(report.automaticActions('waiting_signs', { ...facts, allSigned: true })).toEqual(['allSigned']);
    expect(report.automaticActions('pending', { ...facts, allSigned: true })).toEqual([]);
  });

  it('lists from-states, actions per state, available and offered actions', () => {
    expect(report.allowedFrom('forceOpen')).toEqual(['pending', 'waiting_signs']);
    expect(report.actionsFrom('waiting_signs')).toEqual(['recall', 'sign', 'allSigned', 'forceOpen']);
    expect(report.availableActions('waiting_signs', facts, boss)).toEqual(['recall', 'forceOpen']);
    expect(report.availableActions('waiting_signs', facts, signer)).toEqual(['sign']);
    expect(report.availableActions('open', { ...facts, openActions: 1 }, clerk)).toEqual([]);
    expect(report.offeredActions('open', { ...facts, openActions: 1 }, clerk)).toEqual([{ action: 'close', requiresReason: false, refusal: expect.objectContaining({ code: 'ACTIONS_STILL_OPEN' }) }]);
    expect(report.offeredActions('pending', facts, boss)).toEqual([
      { action: 'requestSigns', requiresReason: false, refusal: null },
      { action: 'forceOpen', requiresReason: true, refusal: null },
    ]);
  });

  it('recognises its states and actions', () => {
    expect(report.isStatus('open')).toBe(true);
    expect(report.isStatus('toString')).toBe(false);
    expect(report.isAction('close')).toBe(true);
    expect(report.isAction('constructor')).toBe(false);
  });

  it('refuses a declaration naming an unknown state or an action without who', () => {
    expect(() => defineWorkflow({ name: 'x', states: ['a'], actions: { go: { from: 'a', to: 'b' as 'a', who: () => true } } })).toThrow(/unknown state b/);
    expect(() => defineWorkflow({ name: 'x', states: ['a'], actions: { go: { from: 'a', to: 'a' } } })).toThrow(/needs who/);
  });
});
