import { describe, expect, it } from 'vitest';
import { generatePeriods } from '@app/domain/tourist-tax/periods';
import { deadlineBody, deadlineRuleOf, deadlineValueProblem } from './deadlineChoices';

describe('deadlines chosen as regulations write them', () => {
  it('Roma: by the 16th of the month after the quarter, moved off a Sunday (16 November 2025 -> 17)', () => {
    const rule = deadlineRuleOf('dayOfMonthAfter', '16')!;
    expect(deadlineBody(rule)).toEqual({ offsetDays: 0, rule: { kind: 'dayOfMonthAfter', day: 16 } });
    const periods = generatePeriods(2025, 'quarterly', 0, 0, { submitRule: rule, payRule: rule });
    expect(periods.map((p) => p.submitBy)).toEqual(['2025-04-16', '2025-07-16', '2025-10-16', '2026-01-16']);
    const monthly = generatePeriods(2025, 'monthly', 0, 0, { submitRule: rule });
    expect(monthly[9].submitBy).toBe('2025-11-17');
    expect(generatePeriods(2025, 'monthly', 0, 0, { submitRule: rule, workingDays: false })[9].submitBy).toBe('2025-11-16');
  });

  it('Firenze: by the end of the following month; Bergamo: 30 days after, sent as an offset', () => {
    expect(deadlineRuleOf('endOfMonthAfter', '')).toEqual({ kind: 'endOfMonthAfter' });
    expect(deadlineBody(deadlineRuleOf('daysAfter', '30')!)).toEqual({ offsetDays: 30, rule: null });
  });

  it('refuses a day of the month outside 1-31 and days outside 0-366', () => {
    expect(deadlineValueProblem('dayOfMonthAfter', '0')).toBeDefined();
    expect(deadlineValueProblem('dayOfMonthAfter', '32')).toBeDefined();
    expect(deadlineValueProblem('daysAfter', '367')).toBeDefined();
    expect(deadlineValueProblem('daysAfter', '')).toBe('validation.required');
    expect(deadlineRuleOf('dayOfMonthAfter', '40')).toBeNull();
  });
});
