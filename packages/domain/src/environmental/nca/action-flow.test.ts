import { describe, expect, it } from 'vitest';
import { CORRECTIVE_ACTION_STATUSES, correctiveActionWorkflow, isActionOverdue, REQUIRED_DOCUMENTS_MESSAGE, type TCorrectiveActionAction, type TCorrectiveActionFacts } from './action-flow.ts';
import { SYSTEM_ACTOR } from '../../platform/workflow/index.ts';
import { missingRequiredDocuments } from './action-schemas.ts';

const READY: TCorrectiveActionFacts = { reportStatus: 'waiting_operations', missingRequiredDocuments: [], isDocumentRequired: true, evidenceCount: 1, isAssignee: true, mayConfirm: true };
const ADMIN = { id: 'a', role: 'admin' };
const CONSORTIUM = { id: 'c', role: 'consortium_user' };
const AGENCY = { id: 'g', role: 'agency_user' };
const LAB = { id: 'l', role: 'laboratory_user' };

const EXPECTED: Record<string, Partial<Record<TCorrectiveActionAction, string>>> = {
  new: { confirm: 'confirmed', rejectProposal: 'new', returnedToAgency: 'new' },
  confirmed: { start: 'in_progress', closeNotNeeded: 'closed', returnedToAgency: 'new' },
  in_progress: { complete: 'completed', closeNotNeeded: 'closed' },
  completed: { reopen: 'in_progress', close: 'closed' },
  closed: {},
};

describe('correctiveActionWorkflow: every (status, action) by an admin (the system for automatic ones) with the record ready', () => {
  for (const status of CORRECTIVE_ACTION_STATUSES) {
    for (const action of correctiveActionWorkflow.actions) {
      const to = EXPECTED[status][action];
      it(`${status} --${action}--> ${to ?? 'INVALID_TRANSITION'}`, () => {
        const actor = correctiveActionWorkflow.spec(action).automatic ? SYSTEM_ACTOR : ADMIN;
        const result = correctiveActionWorkflow.transition(status, action, READY, actor, { reason: 'checked on site' });
        if (to) expect(result).toEqual({ ok: true, action, from: status, to });
        else expect(result).toMatchObject({ ok: false, code: 'INVALID_TRANSITION', from: status, action });
      });
    }
  }
});

describe('correctiveActionWorkflow: who and guards', () => {
  it('confirming is refused while required documents are missing, with the spec message', () => {
    expect(correctiveActionWorkflow.transition('new', 'confirm', { ...READY, missingRequiredDocuments: ['Piano di bonifica'] }, ADMIN)).toMatchObject({
      ok: false,
      code: 'REQUIRED_DOCUMENTS_MISSING',
      message: REQUIRED_DOCUMENTS_MESSAGE,
      details: [{ path: 'documents', message: 'missing: Piano di bonifica' }],
    });
    expect(REQUIRED_DOCUMENTS_MESSAGE).toBe('Some required documents are missing');
  });

  it('only who may confirm confirms: admins; consortium staff holding the key; never suppliers', () => {
    expect(correctiveActionWorkflow.transition('new', 'confirm', READY, CONSORTIUM)).toMatchObject({ ok: true });
    expect(correctiveActionWorkflow.transition('new', 'confirm', { ...READY, mayConfirm: false }, CONSORTIUM)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(correctiveActionWorkflow.transition('new', 'confirm', READY, AGENCY)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
  });

  it('actions are confirmed while the plan is discussed, and start only in the execution phase', () => {
    expect(correctiveActionWorkflow.transition('new', 'confirm', { ...READY, reportStatus: 'waiting_validations' }, ADMIN)).toMatchObject({ ok: true });
    expect(correctiveActionWorkflow.transition('new', 'confirm', { ...READY, reportStatus: 'closed' }, ADMIN)).toMatchObject({ ok: false, code: 'INVALID_TRANSITION' });
    expect(correctiveActionWorkflow.transition('confirmed', 'start', { ...READY, reportStatus: 'waiting_phase2_signs' }, ADMIN)).toMatchObject({ ok: false, code: 'INVALID_TRANSITION' });
  });

  it('assignees start and complete; others of the supplier side do not; laboratories never', () => {
    expect(correctiveActionWorkflow.transition('confirmed', 'start', READY, AGENCY)).toMatchObject({ ok: true });
    expect(correctiveActionWorkflow.transition('confirmed', 'start', { ...READY, isAssignee: false }, AGENCY)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(correctiveActionWorkflow.transition('in_progress', 'complete', READY, AGENCY)).toMatchObject({ ok: true });
    expect(correctiveActionWorkflow.transition('in_progress', 'complete', READY, LAB)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(correctiveActionWorkflow.transition('completed', 'close', READY, AGENCY, { reason: 'x' })).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(correctiveActionWorkflow.transition('confirmed', 'closeNotNeeded', READY, CONSORTIUM, { reason: 'x' })).toMatchObject({ ok: false, code: 'FORBIDDEN' });
  });

  it('completing needs evidence when the action asks for it; closing needs the effectiveness note', () => {
    expect(correctiveActionWorkflow.transition('in_progress', 'complete', { ...READY, evidenceCount: 0 }, ADMIN)).toMatchObject({ ok: false, code: 'REQUIRED_DOCUMENTS_MISSING' });
    expect(correctiveActionWorkflow.transition('in_progress', 'complete', { ...READY, evidenceCount: 0, isDocumentRequired: false }, ADMIN)).toMatchObject({ ok: true });
    expect(correctiveActionWorkflow.transition('completed', 'close', READY, ADMIN)).toMatchObject({ ok: false, code: 'VALIDATION_FAILED', details: [{ path: 'reason' }] });
  });
});

describe('correctiveActionWorkflow: rejecting a proposal', () => {
  it('the consortium turns a proposed action down with a note; it stays new', () => {
    expect(correctiveActionWorkflow.transition('new', 'rejectProposal', READY, CONSORTIUM, { reason: 'Tempi non credibili' })).toEqual({ ok: true, action: 'rejectProposal', from: 'new', to: 'new' });
    expect(correctiveActionWorkflow.transition('new', 'rejectProposal', READY, CONSORTIUM)).toMatchObject({ ok: false, code: 'VALIDATION_FAILED', details: [{ path: 'reason' }] });
  });

  it('suppliers and laboratories never reject; only proposals are rejected, and only while the plan is discussed', () => {
    expect(correctiveActionWorkflow.transition('new', 'rejectProposal', READY, AGENCY, { reason: 'x' })).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(correctiveActionWorkflow.transition('new', 'rejectProposal', READY, LAB, { reason: 'x' })).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(correctiveActionWorkflow.transition('confirmed', 'rejectProposal', READY, ADMIN, { reason: 'x' })).toMatchObject({ ok: false, code: 'INVALID_TRANSITION' });
    expect(correctiveActionWorkflow.transition('new', 'rejectProposal', { ...READY, reportStatus: 'closed' }, ADMIN, { reason: 'x' })).toMatchObject({ ok: false, code: 'INVALID_TRANSITION' });
    expect(correctiveActionWorkflow.transition('new', 'rejectProposal', { ...READY, reportStatus: 'open' }, ADMIN, { reason: 'x' })).toMatchObject({ ok: true });
  });
});

describe('corrective action rules', () => {
  it('a required document counts once an upload names it among its tags', () => {
    const docs = [
      { name: 'Piano', isRequired: true },
      { name: 'Foto', isRequired: false },
      { name: 'Verbale', isRequired: true },
    ];
    expect(missingRequiredDocuments(docs, [])).toEqual(['Piano', 'Verbale']);
    expect(missingRequiredDocuments(docs, [['piano'], ['evidence']])).toEqual(['Verbale']);
  });

  it('overdue: past its expiry date and not done', () => {
    expect(isActionOverdue({ expires: true, expireDate: '2026-11-01', status: 'in_progress' }, '2026-11-24')).toBe(true);
    expect(isActionOverdue({ expires: true, expireDate: '2026-11-24', status: 'new' }, '2026-11-24')).toBe(false);
    expect(isActionOverdue({ expires: true, expireDate: '2026-11-01', status: 'completed' }, '2026-11-24')).toBe(false);
    expect(isActionOverdue({ expires: false, expireDate: '2026-11-01', status: 'new' }, '2026-11-24')).toBe(false);
  });
});
