import { describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../../platform/workflow/index.ts';
import { normalizeTwentyOneCode, isTwentyOneCode, ncaReportCode, OTP_RULES } from './codes.ts';
import { editableFieldsOf, frozenFieldsIn, missingPhase1Fields, PHASE1_FIELDS, ZNcaReportCreate } from './report-schemas.ts';
import { maySignReport, SIGN_STATUSES, signRequestWorkflow, type TSignRequestAction, type TSignRequestFacts } from './sign-flow.ts';
import { ZSignWithCode } from './sign-schemas.ts';

const SIGNER: TSignRequestFacts = { isSigner: true, roundActive: true };
const USER = { id: 'u', role: 'agency_user' };
const CONSORTIUM = { id: 'c', role: 'consortium_user' };

const EXPECTED: Record<string, Partial<Record<TSignRequestAction, string>>> = {
  pending: { sendCode: 'pending', sign: 'signed', reject: 'rejected', manualReject: 'manual_rejected', unlock: 'pending', suspend: 'suspended' },
  signed: {},
  rejected: {},
  manual_rejected: {},
  suspended: {},
};
const ACTOR_OF: Record<TSignRequestAction, typeof USER> = { sendCode: USER, sign: USER, reject: USER, manualReject: CONSORTIUM, unlock: CONSORTIUM, suspend: SYSTEM_ACTOR as typeof USER };

describe('signRequestWorkflow: every (status, action)', () => {
  for (const status of SIGN_STATUSES) {
    for (const action of signRequestWorkflow.actions) {
      const to = EXPECTED[status][action];
      it(`${status} --${action}--> ${to ?? 'INVALID_TRANSITION'}`, () => {
        const result = signRequestWorkflow.transition(status, action, SIGNER, ACTOR_OF[action], { reason: 'I do not agree with it' });
        if (to) expect(result).toEqual({ ok: true, action, from: status, to });
        else expect(result).toMatchObject({ ok: false, code: 'INVALID_TRANSITION', from: status, action });
      });
    }
  }

  it('only the signer signs, asks for a code or rejects; the consortium records a manual rejection', () => {
    const other = { ...SIGNER, isSigner: false };
    for (const action of ['sendCode', 'sign', 'reject'] as const) {
      expect(signRequestWorkflow.transition('pending', action, other, USER, { reason: 'xxxxxxxxxx' })).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      expect(signRequestWorkflow.transition('pending', action, other, CONSORTIUM, { reason: 'xxxxxxxxxx' })).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    }
    expect(signRequestWorkflow.transition('pending', 'manualReject', SIGNER, USER, { reason: 'x' })).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(signRequestWorkflow.transition('pending', 'manualReject', SIGNER, CONSORTIUM)).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(signRequestWorkflow.transition('pending', 'suspend', SIGNER, CONSORTIUM)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
  });

  it('nothing happens once the report left the round', () => {
    expect(signRequestWorkflow.transition('pending', 'sign', { ...SIGNER, roundActive: false }, USER)).toMatchObject({ ok: false, code: 'INVALID_TRANSITION' });
    expect(signRequestWorkflow.transition('pending', 'sendCode', { ...SIGNER, roundActive: false }, USER)).toMatchObject({ ok: false, code: 'INVALID_TRANSITION' });
  });
});

describe('codes', () => {
  it('the report code per lot, year and sequence', () => {
    expect(ncaReportCode('L01', 2026, 7)).toBe('NCA-L01-2026-0007');
    expect(() => ncaReportCode('L01', 2026, 0)).toThrow();
  });
  it("the client's 21-character code", () => {
    expect(isTwentyOneCode('ABCDEFGHIJ0123456789Z')).toBe(true);
    expect(isTwentyOneCode('ABCDEFGHIJ0123456789')).toBe(false);
    expect(isTwentyOneCode('abcdefghij0123456789z')).toBe(false);
    expect(normalizeTwentyOneCode('abcde-fghij 0123456789z')).toBe('ABCDEFGHIJ0123456789Z');
    expect(ZNcaReportCreate.shape.twentyOneDigitsCode.safeParse('abcde fghij0123456789z')).toMatchObject({ success: true, data: 'ABCDEFGHIJ0123456789Z' });
    expect(ZNcaReportCreate.shape.twentyOneDigitsCode.safeParse('ABC').success).toBe(false);
  });
  it('signing codes are 6 digits, 10 minutes, 5 tries per code and 10 per request', () => {
    expect(ZSignWithCode.safeParse({ code: '123 456' })).toMatchObject({ success: true, data: { code: '123456' } });
    expect(ZSignWithCode.safeParse({ code: '12345' }).success).toBe(false);
    expect(ZSignWithCode.safeParse({ code: '12345a' }).success).toBe(false);
    expect(OTP_RULES).toMatchObject({ lifetimeMinutes: 10, maxFailuresPerCode: 5, maxFailuresPerRequest: 10 });
  });
});

describe('what can be edited, by status', () => {
  it('phase 1 is frozen once the report leaves pending', () => {
    expect(editableFieldsOf('pending', 'consortium')).toEqual(expect.arrayContaining([...PHASE1_FIELDS]));
    for (const status of ['waiting_phase1_signs', 'open', 'waiting_validations', 'waiting_phase2_signs', 'waiting_operations', 'waiting_signs', 'closed'] as const)
      for (const field of PHASE1_FIELDS) expect(editableFieldsOf(status, 'consortium')).not.toContain(field);
    expect(frozenFieldsIn({ description: 'x', causeAnalysis: 'y' }, 'open', 'consortium')).toEqual(['description']);
  });
  it('the target agency writes the cause analysis (free text, 5-Why, Ishikawa) and containment while the report is open, nothing else', () => {
    expect(editableFieldsOf('open', 'agency')).toEqual(['causeAnalysis', 'fiveWhys', 'ishikawaCategories', 'containmentActions']);
    expect(editableFieldsOf('waiting_validations', 'agency')).toEqual([]);
    expect(editableFieldsOf('pending', 'agency')).toEqual([]);
    expect(frozenFieldsIn({ causeAnalysis: 'y', observerUsersIds: [] }, 'open', 'agency')).toEqual(['observerUsersIds']);
  });
  it('observers change until the closing signatures', () => {
    expect(editableFieldsOf('waiting_operations', 'consortium')).toContain('observerUsersIds');
    expect(editableFieldsOf('closed', 'consortium')).toEqual([]);
  });
  it('names the missing phase-1 fields', () => {
    expect(missingPhase1Fields({ lotId: 'l', orderId: 'o', targetAgencyId: 't', description: ' ', ambientSettingId: null })).toEqual([
      'description',
      'ambientSettingId',
      'warningLevelSettingId',
      'systemSettingId',
      'origin',
    ]);
  });
});

describe('who may sign a report', () => {
  const report = { targetAgencyId: 'agency-a' };
  it('the consortium side and the staff of the report agency; no laboratory, no other agency, no comune', () => {
    expect(maySignReport({ role: 'consortium_user' }, report)).toBe(true);
    expect(maySignReport({ role: 'admin' }, report)).toBe(true);
    expect(maySignReport({ role: 'agency_user', agencyId: 'agency-a' }, report)).toBe(true);
    expect(maySignReport({ role: 'agency_user', agencyId: 'agency-b' }, report)).toBe(false);
    expect(maySignReport({ role: 'agency_user', agencyId: null }, report)).toBe(false);
    expect(maySignReport({ role: 'laboratory_user' }, report)).toBe(false);
    expect(maySignReport({ role: 'city' }, report)).toBe(false);
  });
});
