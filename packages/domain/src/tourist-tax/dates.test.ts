import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, eachNight, formatItalianDate, isIsoDate, isWithin, parseItalianDate, toDayNumber } from './dates.ts';

describe('dates', () => {
  it('validates calendar dates', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-04-31')).toBe(false);
    expect(isIsoDate('2026-1-01')).toBe(false);
    expect(isIsoDate('2026-00-10')).toBe(false);
    expect(isIsoDate(20260101)).toBe(false);
  });
  it('adds days across months, years and DST changes', () => {
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30'); // Italian DST starts 29 March 2026
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-10-24', '2026-10-27')).toBe(3);
    expect(() => toDayNumber('2026-02-30')).toThrow(RangeError);
  });
  it('lists the nights of a stay, checkOut excluded', () => {
    expect(eachNight('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(eachNight('2026-02-27', '2026-02-27')).toEqual([]);
  });
  it('addDays and daysBetween agree', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40_000 }), fc.integer({ min: -3000, max: 3000 }), (start, n) => {
        const from = addDays('1970-01-01', start);
        expect(daysBetween(from, addDays(from, n))).toBe(n);
        expect(isIsoDate(addDays(from, n))).toBe(true);
      }),
    );
  });
  it('checks inclusive validity with open end', () => {
    expect(isWithin('2026-01-31', '2026-01-01', '2026-01-31')).toBe(true);
    expect(isWithin('2026-02-01', '2026-01-01', '2026-01-31')).toBe(false);
    expect(isWithin('2099-02-01', '2026-01-01', null)).toBe(true);
    expect(isWithin('2025-12-31', '2026-01-01', null)).toBe(false);
  });
  it('parses and formats Italian dates', () => {
    expect(parseItalianDate('5/3/2026')).toBe('2026-03-05');
    expect(parseItalianDate('05.03.2026')).toBe('2026-03-05');
    expect(parseItalianDate('31/02/2026')).toBeNull();
    expect(parseItalianDate('2026-03-05')).toBeNull();
    expect(formatItalianDate('2026-03-05')).toBe('05/03/2026');
  });
});
