import { describe, expect, it } from 'vitest';
import { defaultYear } from '../session/store';
import { ROLES } from '@app/domain/platform/auth/roles';
import { selectableYears, usesSelectedYear } from './years';

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
  it('shows only to roles with tourist-tax screens, while that area is on', () => {
    const both = ['touristTax', 'environmental'] as const;
    expect(ROLES.filter((role) => usesSelectedYear(role, both))).toEqual(['admin', 'city', 'user']);
    expect(usesSelectedYear('admin', ['environmental'])).toBe(false);
    expect(usesSelectedYear('city', ['environmental'])).toBe(false);
    expect(usesSelectedYear(null, both)).toBe(false);
  });
});
