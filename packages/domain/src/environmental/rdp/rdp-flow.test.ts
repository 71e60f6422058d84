import { describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../../platform/workflow/index.ts';
import { rdpWorkflow, type TRdpFacts } from './rdp-flow.ts';
import { computeRdpPrice } from './rdp-price.ts';
import { RDP_STATUSES, ZRdpCreate, withLimitChecks, type TRdpStatus } from './rdps.ts';

const lab = { id: 'l', role: 'laboratory_user' };
const staff = { id: 'c', role: 'consortium_user' };
const admin = { id: 'a', role: 'admin' };
const agency = { id: 'g', role: 'agency_user' };
const ready: TRdpFacts = { hasDraft: true, salConfirmed: false };

describe('rdp workflow', () => {
  it('every (state, action) pair: allowed from exactly the declared states', () => {
    const expected: Record<string, { from: TRdpStatus[]; to: TRdpStatus; actor: typeof lab }> = {
      uploadDraft: { from: ['processing'], to: 'processing', actor: lab },
      approveDraft: { from: ['processing'], to: 'approved', actor: staff },
      rejectDraft: { from: ['processing'], to: 'processing', actor: staff },
      uploadSigned: { from: ['approved'], to: 'p7mUploaded', actor: lab },
      approveSigned: { from: ['p7mUploaded'], to: 'completed', actor: staff },
      rejectSigned: { from: ['p7mUploaded'], to: 'approved', actor: staff },
      confirmAccounting: { from: ['completed'], to: 'completed', actor: staff },
    };
    expect([...rdpWorkflow.actions].sort()).toEqual(Object.keys(expected).sort());
    for (const [action, rule] of Object.entries(expected)) {
      for (const status of RDP_STATUSES) {
        const result = rdpWorkflow.transition(status, action as never, ready, rule.actor, { reason: 'a reason' });
        if (rule.from.includes(status)) expect(result, `${action} from ${status}`).toMatchObject({ ok: true, to: rule.to });
        else expect(result, `${action} from ${status}`).toMatchObject({ ok: false, code: 'INVALID_TRANSITION' });
      }
    }
  });

  it('a laboratory never approves or rejects; the consortium never uploads; an agency does nothing', () => {
    for (const action of ['approveDraft', 'rejectDraft', 'approveSigned', 'rejectSigned', 'confirmAccounting'] as const) {
      expect(rdpWorkflow.transition('processing', action, ready, lab, { reason: 'x' })).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      expect(rdpWorkflow.transition('processing', action, ready, agency, { reason: 'x' })).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    }
    expect(rdpWorkflow.transition('approved', 'uploadSigned', ready, staff)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(rdpWorkflow.transition('approved', 'uploadSigned', ready, admin)).toMatchObject({ ok: true });
    expect(rdpWorkflow.transition('approved', 'uploadSigned', ready, SYSTEM_ACTOR)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
  });

  it('the signed file only after the approval of the draft', () => {
    expect(rdpWorkflow.transition('processing', 'uploadSigned', ready, lab)).toMatchObject({ ok: false, code: 'INVALID_TRANSITION', allowedFrom: ['approved'] });
  });

  it('rejections need a reason; approval needs the draft; SAL only once', () => {
    expect(rdpWorkflow.transition('processing', 'rejectDraft', ready, staff)).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(rdpWorkflow.transition('p7mUploaded', 'rejectSigned', ready, staff, { reason: ' ' })).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(rdpWorkflow.transition('processing', 'approveDraft', { ...ready, hasDraft: false }, staff)).toMatchObject({ ok: false, code: 'CONFLICT' });
    expect(rdpWorkflow.transition('completed', 'confirmAccounting', { ...ready, salConfirmed: true }, staff)).toMatchObject({ ok: false, code: 'CONFLICT' });
  });

  it('offers each side its buttons', () => {
    expect(rdpWorkflow.availableActions('processing', ready, lab)).toEqual(['uploadDraft']);
    expect(rdpWorkflow.availableActions('processing', ready, staff)).toEqual(['approveDraft', 'rejectDraft']);
    expect(rdpWorkflow.availableActions('approved', ready, lab)).toEqual(['uploadSigned']);
    expect(rdpWorkflow.availableActions('completed', ready, staff)).toEqual(['confirmAccounting']);
    expect(rdpWorkflow.availableActions('completed', ready, agency)).toEqual([]);
  });
});

describe('computeRdpPrice', () => {
  const p1 = 'p1';
  const p2 = 'p2';
  const list = [
    { id: 'a', analyticPackageSettingId: p1, matrixSettingId: null, priceCents: 4550, code: 'C1', articleCode: 'A1' },
    { id: 'b', analyticPackageSettingId: p1, matrixSettingId: 'soil', priceCents: 6000, code: 'C1', articleCode: 'A2' },
    { id: 'c', analyticPackageSettingId: p2, matrixSettingId: null, priceCents: 1999, code: 'C1', articleCode: 'A3' },
  ];
  it('sums the contract prices of the packages in cents, the matrix line first', () => {
    expect(computeRdpPrice([p1, p2], null, list)).toMatchObject({ totalCents: 6549, unpriced: [] });
    expect(computeRdpPrice([p1, p2], 'soil', list)).toMatchObject({ totalCents: 7999, unpriced: [] });
    expect(computeRdpPrice([p1], 'water', list).lines.map((l) => l.contractId)).toEqual(['a']);
  });
  it('reports the packages without a price and counts nothing for them', () => {
    expect(computeRdpPrice([p1, 'p3'], null, list)).toMatchObject({ totalCents: 4550, unpriced: ['p3'] });
    expect(computeRdpPrice([], null, list)).toEqual({ totalCents: 0, lines: [], unpriced: [] });
  });
});

describe('RDP schemas', () => {
  const base = { code: 'RDP-1', laboratoryId: '7f3e1d2c-1b2a-4c3d-8e9f-0a1b2c3d4e5f' };
  it('normalises values and EER codes and refuses bad rows', () => {
    const parsed = ZRdpCreate.parse({ ...base, cer: '17 05 04', analyticData: [{ activity: 'pH', value: 7.2, lowerLimit: 6.5, upperLimit: 8.5 }] });
    expect(parsed.cer).toBe('170504');
    expect(parsed.analyticData?.[0].value).toBe('7.2');
    expect(ZRdpCreate.safeParse({ ...base, analyticData: [{ activity: 'pH', value: 'tanto' }] }).success).toBe(false);
    expect(ZRdpCreate.safeParse({ ...base, analyticData: [{ activity: 'pH', lowerLimit: 9, upperLimit: 1 }] }).success).toBe(false);
    expect(ZRdpCreate.safeParse({ ...base, cer: '1705' }).success).toBe(false);
    expect(ZRdpCreate.safeParse({ ...base, lat: 91 }).success).toBe(false);
    expect(ZRdpCreate.safeParse({ ...base, analysisStartDate: '2026-05-02', analysisEndDate: '2026-05-01' }).success).toBe(false);
  });
  it('flags the rows out of limits', () => {
    const rows = withLimitChecks([
      { activity: 'Piombo', value: '120', upperLimit: 100, description: null, unit: 'mg/kg', method: null },
      { activity: 'Cadmio', value: '< LOQ', upperLimit: 2, description: null, unit: 'mg/kg', method: null },
    ]);
    expect(rows.map((r) => [r.limitStatus, r.outOfLimits])).toEqual([
      ['above', true],
      ['within', false],
    ]);
  });
});
