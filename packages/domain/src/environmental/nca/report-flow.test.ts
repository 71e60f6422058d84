import { describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../../platform/workflow/index.ts';
import { ACTIONS_STILL_OPEN_MESSAGE, NCA_REPORT_STATUSES, ncaReportWorkflow, type TNcaReportAction, type TNcaReportFacts } from './report-flow.ts';

const READY: TNcaReportFacts = {
  missingPhase1Fields: [],
  hasCauseAnalysis: true,
  containmentRequired: false,
  containmentCount: 0,
  actionStatuses: ['closed'],
  actionsMissingDocuments: [],
  roundStatuses: ['signed'],
  mayForceSkip: true,
};
const ADMIN = { id: 'a', role: 'admin' };
const CONSORTIUM = { id: 'c', role: 'consortium_user' };
const AGENCY = { id: 'g', role: 'agency_user' };
const LAB = { id: 'l', role: 'laboratory_user' };

const USER_ACTIONS = ncaReportWorkflow.actions.filter((a) => !ncaReportWorkflow.spec(a).automatic);
const AUTOMATIC_ACTIONS = ncaReportWorkflow.actions.filter((a) => ncaReportWorkflow.spec(a).automatic);

// status -> action -> new status, for the actions people take; absent = INVALID_TRANSITION.
const EXPECTED: Record<string, Partial<Record<TNcaReportAction, string>>> = {
  pending: { requestPhase1Signs: 'waiting_phase1_signs', forceOpen: 'open' },
  waiting_phase1_signs: { forceOpen: 'open', recallPhase1: 'pending' },
  open: { submitForValidation: 'waiting_validations' },
  waiting_validations: { returnToAgency: 'open', requestPhase2Signs: 'waiting_phase2_signs', forcePhase3: 'waiting_operations' },
  waiting_phase2_signs: { forcePhase3: 'waiting_operations', recallPhase2: 'waiting_validations' },
  waiting_operations: { requestClosingSigns: 'waiting_signs', forceClose: 'closed' },
  waiting_signs: { forceClose: 'closed', recallPhase3: 'waiting_operations' },
  closed: {},
};
// The automatic transitions: status -> [action fired when the round is signed, when a signature is rejected].
const AUTOMATIC: Record<string, [TNcaReportAction, string, TNcaReportAction, string] | undefined> = {
  waiting_phase1_signs: ['phase1Complete', 'open', 'phase1Rejected', 'pending'],
  waiting_phase2_signs: ['phase2Complete', 'waiting_operations', 'phase2Rejected', 'waiting_validations'],
  waiting_signs: ['phase3Complete', 'closed', 'phase3Rejected', 'waiting_operations'],
};

describe('ncaReportWorkflow: every (status, action) by an admin with the record ready', () => {
  for (const status of NCA_REPORT_STATUSES) {
    for (const action of USER_ACTIONS) {
      const to = EXPECTED[status][action];
      it(`${status} --${action}--> ${to ?? 'INVALID_TRANSITION'}`, () => {
        const result = ncaReportWorkflow.transition(status, action, READY, ADMIN, { reason: 'a reason' });
        if (to) expect(result).toEqual({ ok: true, action, from: status, to });
        else expect(result).toMatchObject({ ok: false, code: 'INVALID_TRANSITION', from: status, action });
      });
    }
  }
});

describe('ncaReportWorkflow: the automatic transitions, every (status, action)', () => {
  for (const status of NCA_REPORT_STATUSES) {
    for (const action of AUTOMATIC_ACTIONS) {
      const expected = AUTOMATIC[status];
      const whenSigned = expected && expected[0] === action ? expected[1] : null;
      const whenRejected = expected && expected[2] === action ? expected[3] : null;
      it(`${status} --${action}--> ${whenSigned ?? whenRejected ?? 'INVALID_TRANSITION'}`, () => {
        const signed = ncaReportWorkflow.transition(status, action, { ...READY, roundStatuses: ['signed', 'signed'] }, SYSTEM_ACTOR);
        const rejected = ncaReportWorkflow.transition(status, action, { ...READY, roundStatuses: ['signed', 'rejected', 'suspended'] }, SYSTEM_ACTOR);
        if (whenSigned) {
          expect(signed).toEqual({ ok: true, action, from: status, to: whenSigned });
          expect(rejected).toMatchObject({ ok: false });
        } else if (whenRejected) {
          expect(rejected).toEqual({ ok: true, action, from: status, to: whenRejected });
          expect(signed).toMatchObject({ ok: false });
        } else {
          expect(signed).toMatchObject({ ok: false, code: 'INVALID_TRANSITION' });
          expect(rejected).toMatchObject({ ok: false, code: 'INVALID_TRANSITION' });
        }
      });
    }
  }

  it('waits for every signature of the round, and a manual rejection sends it back too', () => {
    expect(ncaReportWorkflow.automaticActions('waiting_phase1_signs', { ...READY, roundStatuses: ['signed', 'pending'] })).toEqual([]);
    expect(ncaReportWorkflow.automaticActions('waiting_phase1_signs', { ...READY, roundStatuses: [] })).toEqual([]);
    expect(ncaReportWorkflow.automaticActions('waiting_phase2_signs', { ...READY, roundStatuses: ['signed', 'signed'] })).toEqual(['phase2Complete']);
    expect(ncaReportWorkflow.automaticActions('waiting_signs', { ...READY, roundStatuses: ['manual_rejected', 'pending'] })).toEqual(['phase3Rejected']);
  });

  it('nobody takes an automatic transition by hand', () => {
    for (const action of AUTOMATIC_ACTIONS) expect(ncaReportWorkflow.transition('waiting_phase1_signs', action, READY, ADMIN)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
  });
});

describe('ncaReportWorkflow: who', () => {
  it('the consortium takes every step; forced variants only with the right to force', () => {
    expect(ncaReportWorkflow.transition('pending', 'requestPhase1Signs', READY, CONSORTIUM)).toMatchObject({ ok: true });
    for (const [status, action] of [
      ['pending', 'forceOpen'],
      ['waiting_validations', 'forcePhase3'],
      ['waiting_operations', 'forceClose'],
    ] as const) {
      expect(ncaReportWorkflow.transition(status, action, READY, CONSORTIUM, { reason: 'x' })).toMatchObject({ ok: true });
      expect(ncaReportWorkflow.transition(status, action, { ...READY, mayForceSkip: false }, CONSORTIUM, { reason: 'x' })).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      expect(ncaReportWorkflow.transition(status, action, { ...READY, mayForceSkip: false }, ADMIN, { reason: 'x' })).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    }
  });

  it('a supplier agency only sends the report for validation; a laboratory does nothing', () => {
    for (const status of NCA_REPORT_STATUSES) {
      expect(ncaReportWorkflow.availableActions(status, READY, AGENCY)).toEqual(status === 'open' ? ['submitForValidation'] : []);
      expect(ncaReportWorkflow.availableActions(status, READY, LAB)).toEqual([]);
    }
    expect(ncaReportWorkflow.transition('pending', 'requestPhase1Signs', READY, AGENCY)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(ncaReportWorkflow.transition('open', 'submitForValidation', READY, LAB)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
  });
});

describe('ncaReportWorkflow: guards', () => {
  it('phase 1 needs its required data before signatures or a forced open', () => {
    const facts = { ...READY, missingPhase1Fields: ['description', 'origin'] };
    expect(ncaReportWorkflow.transition('pending', 'requestPhase1Signs', facts, ADMIN)).toMatchObject({ ok: false, code: 'VALIDATION_FAILED', details: [{ path: 'description' }, { path: 'origin' }] });
    expect(ncaReportWorkflow.transition('pending', 'forceOpen', facts, ADMIN, { reason: 'x' })).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
  });

  it('forced variants, returns need a reason', () => {
    for (const [status, action] of [
      ['pending', 'forceOpen'],
      ['waiting_phase2_signs', 'forcePhase3'],
      ['waiting_signs', 'forceClose'],
      ['waiting_validations', 'returnToAgency'],
    ] as const)
      expect(ncaReportWorkflow.transition(status, action, READY, ADMIN)).toMatchObject({ ok: false, code: 'VALIDATION_FAILED', details: [{ path: 'reason' }] });
  });

  it('validation needs the cause analysis, an action, and the required documents', () => {
    expect(ncaReportWorkflow.transition('open', 'submitForValidation', { ...READY, hasCauseAnalysis: false }, AGENCY)).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(ncaReportWorkflow.transition('open', 'submitForValidation', { ...READY, actionStatuses: [] }, AGENCY)).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(ncaReportWorkflow.transition('open', 'submitForValidation', { ...READY, actionStatuses: ['new'], actionsMissingDocuments: ['A1'] }, AGENCY)).toMatchObject({
      ok: false,
      code: 'REQUIRED_DOCUMENTS_MISSING',
    });
    expect(ncaReportWorkflow.transition('open', 'submitForValidation', { ...READY, actionStatuses: ['new'] }, AGENCY)).toMatchObject({ ok: true });
  });

  it('phase 2 ends only with every action confirmed', () => {
    const facts = { ...READY, actionStatuses: ['confirmed', 'new'] as const };
    expect(ncaReportWorkflow.transition('waiting_validations', 'requestPhase2Signs', facts, ADMIN)).toMatchObject({ ok: false, code: 'ACTIONS_NOT_CONFIRMED' });
    expect(ncaReportWorkflow.transition('waiting_validations', 'forcePhase3', facts, ADMIN, { reason: 'x' })).toMatchObject({ ok: false, code: 'ACTIONS_NOT_CONFIRMED' });
    expect(ncaReportWorkflow.transition('waiting_validations', 'requestPhase2Signs', { ...READY, actionStatuses: ['confirmed'] }, ADMIN)).toMatchObject({ ok: true });
  });

  it('closing is refused while actions are open, with the spec message', () => {
    const facts = { ...READY, actionStatuses: ['closed', 'completed'] as const };
    expect(ncaReportWorkflow.transition('waiting_operations', 'requestClosingSigns', facts, ADMIN)).toMatchObject({ ok: false, code: 'ACTIONS_STILL_OPEN', message: ACTIONS_STILL_OPEN_MESSAGE });
    expect(ncaReportWorkflow.transition('waiting_signs', 'forceClose', facts, ADMIN, { reason: 'x' })).toMatchObject({ ok: false, code: 'ACTIONS_STILL_OPEN' });
    expect(ACTIONS_STILL_OPEN_MESSAGE).toBe('There are still actions open for this report');
  });
});
