import { describe, expect, it } from 'vitest';
import { checkRegisterPeriod, registerFirstYear, registerMovements, type TRegisterForm } from './register.ts';

let n = 0;
const form = (overrides: Partial<TRegisterForm>): TRegisterForm => ({
  id: `f${++n}`,
  code: `XRBC ${String(n).padStart(6, '0')} HF`,
  rentriState: 'producerSigned',
  approvedAt: null,
  transportStartedAt: null,
  cer: '170504',
  cerDescription: null,
  origin: 'S',
  physicalState: 'S',
  dangerClass: [],
  quantity: { value: '100', unit: 'kg' },
  wasteDestination: 'R5',
  receiverName: 'Recuperi',
  transporterName: 'Trasporti',
  acceptance: null,
  ...overrides,
});

describe('registerMovements', () => {
  it('numbers loads and unloads in date order, loads first on the same day, restarting each year', () => {
    const a = form({ code: 'XRBC 000002 HF', rentriState: 'accepted', approvedAt: '2026-03-02T07:00:00Z', transportStartedAt: '2026-03-04T08:00:00Z' });
    const b = form({ code: 'XRBC 000001 HF', rentriState: 'inTransport', approvedAt: '2026-03-04T09:00:00Z', transportStartedAt: '2026-03-04T10:00:00Z' });
    const c = form({ rentriState: 'producerSigned', approvedAt: '2026-12-31T23:30:00Z' }); // 00:30 on 1 January 2027 in Rome
    const movements = registerMovements([c, b, a], { from: '2026-01-01', to: '2027-12-31' });
    expect(movements.map((m) => [m.label, m.kind, m.firNumber, m.date, m.loadLabel])).toEqual([
      ['1/2026', 'load', 'XRBC 000002 HF', '2026-03-02', null],
      ['2/2026', 'load', 'XRBC 000001 HF', '2026-03-04', null],
      ['3/2026', 'unload', 'XRBC 000002 HF', '2026-03-04', '1/2026'],
      ['4/2026', 'unload', 'XRBC 000001 HF', '2026-03-04', '2/2026'],
      ['1/2027', 'load', c.code, '2027-01-01', null],
    ]);
    expect(movements.map((m) => m.cause)).toEqual(['DT', 'DT', 'aT', 'aT', 'DT']);
  });

  it('keeps the numbers of the whole year when the period starts later, and leaves out compiled and cancelled forms', () => {
    const early = form({ rentriState: 'producerSigned', approvedAt: '2026-02-01T09:00:00Z' });
    const later = form({ rentriState: 'producerSigned', approvedAt: '2026-05-01T09:00:00Z' });
    const compiled = form({ rentriState: 'compiled', approvedAt: null });
    const cancelled = form({ rentriState: 'cancelled', approvedAt: '2026-05-01T08:00:00Z' });
    const movements = registerMovements([early, later, compiled, cancelled], { from: '2026-04-01', to: '2026-06-30' });
    expect(movements.map((m) => [m.label, m.formId])).toEqual([['2/2026', later.id]]);
  });

  it("shows an unload's load from the year before", () => {
    const f = form({ rentriState: 'rejected', approvedAt: '2025-12-30T09:00:00Z', transportStartedAt: '2026-01-02T09:00:00Z' });
    expect(registerFirstYear('2026-01-01', f.approvedAt)).toBe(2025);
    const movements = registerMovements([f], { from: '2026-01-01', to: '2026-01-31' });
    expect(movements.map((m) => [m.label, m.kind, m.loadLabel])).toEqual([['1/2026', 'unload', '1/2025']]);
  });
});

describe('checkRegisterPeriod', () => {
  it('refuses an end before the start and a period over a year', () => {
    expect(checkRegisterPeriod('2026-01-01', '2026-12-31')).toEqual([]);
    expect(checkRegisterPeriod('2026-02-01', '2026-01-31')[0].path).toBe('to');
    expect(checkRegisterPeriod('2026-01-01', '2027-01-02')[0].message).toMatch(/366/);
  });
});
