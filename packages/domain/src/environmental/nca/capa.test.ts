import { describe, expect, it } from 'vitest';
import {
  containmentRefusal,
  effectivenessCheckWorkflow,
  effectivenessDueDate,
  effectivenessStandingOf,
  isRecurrenceOf,
  paretoOf,
  recurrenceWindowStart,
  verificationsChangedBySupplier,
  ZContainmentAction,
  ZFiveWhys,
  ZIshikawaCategories,
} from './capa.ts';
import { ncaReportWorkflow, type TNcaReportFacts } from './report-flow.ts';
import { editableFieldsOf } from './report-schemas.ts';

const CONSORTIUM = { id: 'c', role: 'consortium_user' } as const;
const ADMIN = { id: 'a', role: 'admin' } as const;
const AGENCY = { id: 'g', role: 'agency_user' } as const;
const LAB = { id: 'l', role: 'laboratory_user' } as const;

const FACTS: TNcaReportFacts = {
  missingPhase1Fields: [],
  hasCauseAnalysis: true,
  containmentRequired: true,
  containmentCount: 0,
  actionStatuses: [],
  actionsMissingDocuments: [],
  roundStatuses: [],
  mayForceSkip: true,
};

describe('containment first', () => {
  it('phase 1 is neither asked to sign nor forced open for a severity needing containment until one is recorded', () => {
    expect(ncaReportWorkflow.transition('pending', 'requestPhase1Signs', FACTS, CONSORTIUM)).toMatchObject({ ok: false, code: 'CONTAINMENT_REQUIRED' });
    expect(ncaReportWorkflow.transition('pending', 'forceOpen', FACTS, ADMIN, { reason: 'urgent' })).toMatchObject({ ok: false, code: 'CONTAINMENT_REQUIRED' });
    expect(ncaReportWorkflow.transition('pending', 'requestPhase1Signs', { ...FACTS, containmentCount: 1 }, CONSORTIUM)).toMatchObject({ ok: true, to: 'waiting_phase1_signs' });
    expect(ncaReportWorkflow.transition('pending', 'requestPhase1Signs', { ...FACTS, containmentRequired: false }, CONSORTIUM)).toMatchObject({ ok: true });
  });

  it('missing phase-1 data is answered before the containment', () => {
    expect(ncaReportWorkflow.transition('pending', 'requestPhase1Signs', { ...FACTS, missingPhase1Fields: ['lotId'] }, CONSORTIUM)).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(containmentRefusal({ containmentRequired: true, containmentCount: 0 })?.details).toEqual([{ path: 'containmentActions', message: 'validation.required' }]);
    expect(containmentRefusal({ containmentRequired: false, containmentCount: 0 })).toBeNull();
  });

  it('an entry needs what, who and a real date', () => {
    expect(ZContainmentAction.safeParse({ what: 'Panne assorbenti', who: 'Capo cantiere', when: '2026-02-28' }).success).toBe(true);
    expect(ZContainmentAction.safeParse({ what: ' ', who: 'x', when: '2026-02-28' }).success).toBe(false);
    expect(ZContainmentAction.safeParse({ what: 'x', who: 'x', when: '2026-02-30' }).success).toBe(false);
  });

  it('a supplier adds or removes unverified entries, never sets, changes or drops a verification', () => {
    const open = { what: 'Panne', who: 'Mario', when: '2026-01-10' };
    const verified = { ...open, verifiedById: '00000000-0000-4000-8000-000000000001' };
    expect(verificationsChangedBySupplier([], [open])).toEqual([]);
    expect(verificationsChangedBySupplier([open], [verified])).toEqual([0]);
    expect(verificationsChangedBySupplier([verified], [verified, open])).toEqual([]);
    expect(verificationsChangedBySupplier([verified], [open])).toEqual([-1]);
    expect(verificationsChangedBySupplier([verified], [{ ...verified, what: 'Altro' }])).toEqual([0, -1]);
  });

  it('containment is the consortium’s from the draft, the target agency’s while open; never in a round or closed', () => {
    expect(editableFieldsOf('pending', 'consortium')).toContain('containmentActions');
    expect(editableFieldsOf('open', 'agency')).toContain('containmentActions');
    expect(editableFieldsOf('pending', 'agency')).not.toContain('containmentActions');
    for (const status of ['waiting_phase1_signs', 'waiting_phase2_signs', 'waiting_signs', 'closed'] as const) expect(editableFieldsOf(status, 'consortium')).not.toContain('containmentActions');
  });
});

describe('structured root cause', () => {
  it('the 5-Why chain and the Ishikawa families travel with the cause analysis', () => {
    expect(editableFieldsOf('open', 'agency')).toEqual(expect.arrayContaining(['causeAnalysis', 'fiveWhys', 'ishikawaCategories']));
    expect(editableFieldsOf('waiting_operations', 'agency')).not.toContain('fiveWhys');
  });

  it('at most seven whys, no empty one; each family once and only the six', () => {
    expect(ZFiveWhys.safeParse(['a', 'b', 'c', 'd', 'e']).success).toBe(true);
    expect(ZFiveWhys.safeParse(['a', '']).success).toBe(false);
    expect(ZFiveWhys.safeParse(Array.from({ length: 8 }, () => 'x')).success).toBe(false);
    expect(ZIshikawaCategories.safeParse(['methods', 'machines']).success).toBe(true);
    expect(ZIshikawaCategories.safeParse(['methods', 'methods']).success).toBe(false);
    expect(ZIshikawaCategories.safeParse(['money']).success).toBe(false);
  });
});

describe('effectiveness check', () => {
  it('is due N days after closing (the severity’s N, else 60)', () => {
    expect(effectivenessDueDate('2026-01-31', 30)).toBe('2026-03-02');
    expect(effectivenessDueDate('2026-01-01', 90)).toBe('2026-04-01');
    expect(effectivenessDueDate('2026-01-01', null)).toBe('2026-03-02');
  });

  it('only the consortium records the outcome; not effective needs a reason; both are final', () => {
    expect(effectivenessCheckWorkflow.transition('scheduled', 'recordEffective', {}, CONSORTIUM)).toMatchObject({ ok: true, to: 'effective' });
    expect(effectivenessCheckWorkflow.transition('scheduled', 'recordEffective', {}, ADMIN)).toMatchObject({ ok: true });
    expect(effectivenessCheckWorkflow.transition('scheduled', 'recordEffective', {}, AGENCY)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(effectivenessCheckWorkflow.transition('scheduled', 'recordNotEffective', {}, LAB)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(effectivenessCheckWorkflow.transition('scheduled', 'recordNotEffective', {}, CONSORTIUM)).toMatchObject({ ok: false });
    expect(effectivenessCheckWorkflow.transition('scheduled', 'recordNotEffective', {}, CONSORTIUM, { reason: 'spilled again' })).toMatchObject({ ok: true, to: 'not_effective' });
    expect(effectivenessCheckWorkflow.transition('effective', 'recordNotEffective', {}, CONSORTIUM, { reason: 'x' })).toMatchObject({ ok: false, code: 'INVALID_TRANSITION' });
    expect(effectivenessCheckWorkflow.transition('not_effective', 'recordEffective', {}, CONSORTIUM)).toMatchObject({ ok: false, code: 'INVALID_TRANSITION' });
  });

  it('stands due from its date, upcoming before, done or failed once recorded', () => {
    expect(effectivenessStandingOf({ status: 'scheduled', dueDate: '2026-03-01' }, '2026-03-01')).toBe('due');
    expect(effectivenessStandingOf({ status: 'scheduled', dueDate: '2026-03-02' }, '2026-03-01')).toBe('upcoming');
    expect(effectivenessStandingOf({ status: 'effective', dueDate: '2026-03-02' }, '2026-03-01')).toBe('done');
    expect(effectivenessStandingOf({ status: 'not_effective', dueDate: '2026-01-02' }, '2026-03-01')).toBe('failed');
  });
});

describe('recurrence', () => {
  const base = { id: 'b', systemSettingId: 'type', targetAgencyId: 'edil', openDate: '2026-05-10', createdOn: '2026-05-08', createdAt: '2026-05-08T09:00:00.000Z' };
  it('same type, same agency, within the 12 months before', () => {
    expect(isRecurrenceOf(base, { ...base, id: 'a', openDate: '2025-05-10' })).toBe(true);
    expect(isRecurrenceOf(base, { ...base, id: 'a', openDate: '2025-05-09' })).toBe(false);
    expect(isRecurrenceOf(base, { ...base, id: 'a', openDate: '2026-06-01' })).toBe(false);
    expect(isRecurrenceOf(base, { ...base, id: 'a', targetAgencyId: 'other', openDate: '2026-01-01' })).toBe(false);
    expect(isRecurrenceOf(base, { ...base, id: 'a', systemSettingId: 'other', openDate: '2026-01-01' })).toBe(false);
    expect(isRecurrenceOf({ ...base, systemSettingId: null }, { ...base, id: 'a', systemSettingId: null })).toBe(false);
    expect(isRecurrenceOf(base, base)).toBe(false);
  });
  it('on the same day, the one created first is the earlier', () => {
    expect(isRecurrenceOf(base, { ...base, id: 'a', createdAt: '2026-05-08T08:00:00.000Z' })).toBe(true);
    expect(isRecurrenceOf(base, { ...base, id: 'a', createdAt: '2026-05-08T10:00:00.000Z' })).toBe(false);
  });
  it('a draft counts from the day it was created', () => {
    expect(isRecurrenceOf({ ...base, openDate: null }, { ...base, id: 'a', openDate: '2026-05-01' })).toBe(true);
  });
  it('the window starts twelve calendar months before (29 February rolls to 1 March)', () => {
    expect(recurrenceWindowStart('2026-05-10')).toBe('2025-05-10');
    expect(recurrenceWindowStart('2028-02-29')).toBe('2027-03-01');
  });
});

describe('Pareto', () => {
  it('orders by count, drops zeros, and gives each share and the cumulative share', () => {
    expect(
      paretoOf([
        { key: 'a', count: 1 },
        { key: 'b', count: 3 },
        { key: 'c', count: 0 },
        { key: 'd', count: 1 },
      ]),
    ).toEqual([
      { key: 'b', count: 3, share: 60, cumulative: 60 },
      { key: 'a', count: 1, share: 20, cumulative: 80 },
      { key: 'd', count: 1, share: 20, cumulative: 100 },
    ]);
    expect(paretoOf([])).toEqual([]);
  });
});
