import { describe, expect, it } from 'vitest';
import { defaultYear } from '../session/store';
import { selectableYears } from './years';

describe('year selector', () => {
  it('lists 2021 up to the current year, newest first', () => {
    expect(selectableYears(new Date('2024-06-01T00:00:00Z'))).toEqual([2024, 2023, 2022, 2021]);
  });
  it('never goes past 2050 nor before 2021', () => {
    expect(selectableYears(new Date('2060-01-01T00:00:00Z'))[0]).toBe(2050);
    expect(selectableYears(new Date('2019-01-01T00:00:00Z'))).toEqual([2021]);
  });
  it('defaults to the current year within the range', () => {
    expect(defaultYear(new Date('2025-03-01T00:00:00Z'))).toBe(2025);
    expect(defaultYear(new Date('2070-03-01T00:00:00Z'))).toBe(2050);
  });
});
