import { describe, expect, it } from 'vitest';
import { findPeriodForDate, generatePeriods, periodsOverlap, quarterLabel, quarterOf, quarterRange, stayYear } from './periods.ts';

describe('periods', () => {
  it('maps dates to quarters', () => {
    expect(['2026-01-01', '2026-03-31', '2026-04-01', '2026-06-30', '2026-07-15', '2026-12-31'].map(quarterOf)).toEqual([1, 1, 2, 2, 3, 4]);
    expect(quarterLabel(3)).toBe('Trim 3');
    expect(quarterRange(2024, 1)).toEqual({ dateFrom: '2024-01-01', dateTo: '2024-03-31' });
    expect(quarterRange(2026, 4)).toEqual({ dateFrom: '2026-10-01', dateTo: '2026-12-31' });
  });
  it('puts a stay in the year of its checkOut', () => {
    expect(stayYear('2027-01-01')).toBe(2027);
  });
  it('generates monthly periods with Italian names and deadlines', () => {
    const periods = generatePeriods(2024, 'monthly', 15, 15);
    expect(periods).toHaveLength(12);
    expect(periods[1]).toEqual({ periodName: 'Febbraio 2024', dateFrom: '2024-02-01', dateTo: '2024-02-29', submitBy: '2024-03-15', payBy: '2024-03-15' });
    expect(periods[11].periodName).toBe('Dicembre 2024');
    expect(periods[11].submitBy).toBe('2025-01-15');
  });
  it('generates quarterly periods (Bergamo: by 30/4, 30/7, 30/10, 30/1)', () => {
    const periods = generatePeriods(2026, 'quarterly', 30, 30);
    expect(periods.map((p) => [p.periodName, p.dateFrom, p.dateTo, p.submitBy])).toEqual([
      ['Trim 1 2026', '2026-01-01', '2026-03-31', '2026-04-30'],
      ['Trim 2 2026', '2026-04-01', '2026-06-30', '2026-07-30'],
      ['Trim 3 2026', '2026-07-01', '2026-09-30', '2026-10-30'],
      // 30 January 2027 is a Saturday: the deadline moves to Monday 1 February
      ['Trim 4 2026', '2026-10-01', '2026-12-31', '2027-02-01'],
    ]);
    expect(generatePeriods(2026, 'quarterly', 30, 30, { workingDays: false })[3].submitBy).toBe('2027-01-30');
  });
  it('generates deadlines as the regulation writes them (by the 16th of the month after the quarter)', () => {
    const periods = generatePeriods(2026, 'quarterly', 0, 0, { submitRule: { kind: 'dayOfMonthAfter', day: 16 }, payRule: { kind: 'endOfMonthAfter' } });
    expect(periods.map((p) => [p.submitBy, p.payBy])).toEqual([
      ['2026-04-16', '2026-04-30'],
      ['2026-07-16', '2026-07-31'],
      ['2026-10-16', '2026-11-02'], // 31 October 2026 is a Saturday, 1 November a holiday and a Sunday
      ['2027-01-18', '2027-02-01'],
    ]);
  });
  it('generates four-monthly periods', () => {
    expect(generatePeriods(2026, 'fourMonthly', 16, 31).map((p) => [p.periodName, p.dateFrom, p.dateTo, p.payBy])).toEqual([
      ['Quadrimestre 1 2026', '2026-01-01', '2026-04-30', '2026-06-01'], // 31 May 2026 is a Sunday
      ['Quadrimestre 2 2026', '2026-05-01', '2026-08-31', '2026-10-01'],
      ['Quadrimestre 3 2026', '2026-09-01', '2026-12-31', '2027-02-01'], // 31 January 2027 is a Sunday
    ]);
  });
  it('refuses bad input', () => {
    expect(() => generatePeriods(2026.5, 'monthly', 0, 0)).toThrow(RangeError);
    expect(() => generatePeriods(2026, 'weekly' as 'monthly', 0, 0)).toThrow(RangeError);
  });
  it('detects overlaps (inclusive) and finds the period of a date', () => {
    expect(periodsOverlap({ dateFrom: '2026-01-01', dateTo: '2026-01-31' }, { dateFrom: '2026-01-31', dateTo: '2026-02-28' })).toBe(true);
    expect(periodsOverlap({ dateFrom: '2026-01-01', dateTo: '2026-01-31' }, { dateFrom: '2026-02-01', dateTo: '2026-02-28' })).toBe(false);
    const periods = generatePeriods(2026, 'quarterly', 30, 30);
    expect(findPeriodForDate('2026-07-01', periods)?.periodName).toBe('Trim 3 2026');
    expect(findPeriodForDate('2027-01-01', periods)).toBeNull();
  });
});
