import { describe, expect, it } from 'vitest';
import { deadlineFor, easterSunday, isWorkingDay, nextWorkingDay } from './deadline-rules.ts';

describe('deadlines as regulations write them', () => {
  it('Roma: by the 16th of the month after the quarter', () => {
    expect(deadlineFor('2026-03-31', { kind: 'dayOfMonthAfter', day: 16 })).toBe('2026-04-16'); // Thursday
    // 16 January 2027 is a Saturday: Monday 18
    expect(deadlineFor('2026-12-31', { kind: 'dayOfMonthAfter', day: 16 })).toBe('2027-01-18');
  });

  it('Firenze: by the end of the following month; 31 January 2027 is a Sunday -> 1 February', () => {
    expect(deadlineFor('2026-12-31', { kind: 'endOfMonthAfter' })).toBe('2027-02-01');
    expect(deadlineFor('2026-12-31', { kind: 'endOfMonthAfter' }, false)).toBe('2027-01-31');
    // end of February in a leap year
    expect(deadlineFor('2028-01-31', { kind: 'endOfMonthAfter' })).toBe('2028-02-29');
  });

  it('Bergamo: 30 days after the quarter (30/4, 30/7, 30/10, 30/1)', () => {
    expect(deadlineFor('2026-03-31', { kind: 'daysAfter', days: 30 })).toBe('2026-04-30');
    // 30 days after 30 September 2028 is Monday 30 October
    expect(deadlineFor('2028-09-30', { kind: 'daysAfter', days: 30 })).toBe('2028-10-30');
  });

  it('moves off Italian public holidays, Easter Monday included', () => {
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(isWorkingDay('2026-04-06')).toBe(false); // Easter Monday
    expect(nextWorkingDay('2026-04-06')).toBe('2026-04-07');
    // 25 April 2025 (Friday, Liberazione) -> Monday 28
    expect(nextWorkingDay('2025-04-25')).toBe('2025-04-28');
    // 1 May 2026 is a Friday -> Monday 4
    expect(nextWorkingDay('2026-05-01')).toBe('2026-05-04');
    // 2 June, 15 August, 1 November, 8 December, 25-26 December, 1 and 6 January
    for (const d of ['2026-06-02', '2025-08-15', '2027-11-01', '2026-12-08', '2026-12-25', '2025-12-26', '2026-01-01', '2026-01-06']) expect(isWorkingDay(d)).toBe(false);
    expect(isWorkingDay('2026-11-24')).toBe(true);
  });
});
