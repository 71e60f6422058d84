import { describe, expect, it } from 'vitest';
import { checkAnalyticRow, checkAnalyticValue, isOutOfLimits, parseAnalyticValue } from './limit-check.ts';

describe('parseAnalyticValue', () => {
  it('reads numbers with comma or dot, and numbers given as numbers', () => {
    expect(parseAnalyticValue('12,5')).toEqual({ kind: 'number', number: 12.5 });
    expect(parseAnalyticValue(' 0.003 ')).toEqual({ kind: 'number', number: 0.003 });
    expect(parseAnalyticValue('-1')).toEqual({ kind: 'number', number: -1 });
    expect(parseAnalyticValue('1e-3')).toEqual({ kind: 'number', number: 0.001 });
    expect(parseAnalyticValue(7)).toEqual({ kind: 'number', number: 7 });
  });
  it('reads "< LOQ" style values, with or without the limit', () => {
    expect(parseAnalyticValue('< LOQ')).toEqual({ kind: 'belowLoq', loq: null });
    expect(parseAnalyticValue('<LOQ')).toEqual({ kind: 'belowLoq', loq: null });
    expect(parseAnalyticValue('<lod')).toEqual({ kind: 'belowLoq', loq: null });
    expect(parseAnalyticValue('n.r.')).toEqual({ kind: 'belowLoq', loq: null });
    expect(parseAnalyticValue('< 0,01')).toEqual({ kind: 'belowLoq', loq: 0.01 });
    expect(parseAnalyticValue('<5')).toEqual({ kind: 'belowLoq', loq: 5 });
    expect(parseAnalyticValue('> 1000')).toEqual({ kind: 'above', number: 1000 });
  });
  it('empty and invalid values', () => {
    expect(parseAnalyticValue('')).toEqual({ kind: 'empty' });
    expect(parseAnalyticValue(null)).toEqual({ kind: 'empty' });
    expect(parseAnalyticValue('abc')).toEqual({ kind: 'invalid', text: 'abc' });
    expect(parseAnalyticValue('1.234,5')).toEqual({ kind: 'invalid', text: '1.234,5' });
    expect(parseAnalyticValue('< foo')).toEqual({ kind: 'invalid', text: '< foo' });
    expect(parseAnalyticValue(Number.NaN)).toMatchObject({ kind: 'invalid' });
  });
});

describe('checkAnalyticValue: inclusive bounds', () => {
  const limits = { lowerLimit: 6.5, upperLimit: 8.5 };
  it('a value equal to a bound is within', () => {
    expect(checkAnalyticRow({ value: '6,5', ...limits })).toBe('within');
    expect(checkAnalyticRow({ value: '8.5', ...limits })).toBe('within');
    expect(checkAnalyticRow({ value: '7', ...limits })).toBe('within');
  });
  it('a value past a bound is below or above', () => {
    expect(checkAnalyticRow({ value: '6.49', ...limits })).toBe('below');
    expect(checkAnalyticRow({ value: '8.51', ...limits })).toBe('above');
    expect(isOutOfLimits('below')).toBe(true);
    expect(isOutOfLimits('above')).toBe(true);
    expect(isOutOfLimits('within')).toBe(false);
    expect(isOutOfLimits('indeterminate')).toBe(false);
  });
});

describe('checkAnalyticValue: missing bounds', () => {
  it('no bounds: nothing to check', () => {
    expect(checkAnalyticRow({ value: '1000' })).toBe('noLimits');
    expect(checkAnalyticRow({ value: '1000', lowerLimit: null, upperLimit: null })).toBe('noLimits');
  });
  it('only an upper bound', () => {
    expect(checkAnalyticRow({ value: '-5', upperLimit: 10 })).toBe('within');
    expect(checkAnalyticRow({ value: '10', upperLimit: 10 })).toBe('within');
    expect(checkAnalyticRow({ value: '10.01', upperLimit: 10 })).toBe('above');
  });
  it('only a lower bound', () => {
    expect(checkAnalyticRow({ value: '1e6', lowerLimit: 2 })).toBe('within');
    expect(checkAnalyticRow({ value: '1.99', lowerLimit: 2 })).toBe('below');
  });
  it('no value: not checked', () => {
    expect(checkAnalyticRow({ value: null, upperLimit: 1 })).toBe('noValue');
    expect(checkAnalyticRow({ value: 'boh', upperLimit: 1 })).toBe('noValue');
  });
});

describe('checkAnalyticValue: "< LOQ" and "> n"', () => {
  it('below the LOQ is within an upper limit, unless the LOQ itself is above the limit', () => {
    expect(checkAnalyticRow({ value: '< LOQ', upperLimit: 0.5 })).toBe('within');
    expect(checkAnalyticRow({ value: '< 0,01', upperLimit: 0.5 })).toBe('within');
    expect(checkAnalyticRow({ value: '< 0,5', upperLimit: 0.5 })).toBe('within');
    expect(checkAnalyticRow({ value: '< 1', upperLimit: 0.5 })).toBe('indeterminate');
  });
  it('below the LOQ against a lower limit: below when the LOQ is at or under it, else indeterminate', () => {
    expect(checkAnalyticRow({ value: '< 2', lowerLimit: 2 })).toBe('below');
    expect(checkAnalyticRow({ value: '< 1', lowerLimit: 2, upperLimit: 10 })).toBe('below');
    expect(checkAnalyticRow({ value: '< 3', lowerLimit: 2 })).toBe('indeterminate');
    expect(checkAnalyticRow({ value: '< LOQ', lowerLimit: 2 })).toBe('indeterminate');
  });
  it('"> n" is above when n reaches the upper limit', () => {
    expect(checkAnalyticRow({ value: '> 100', upperLimit: 100 })).toBe('above');
    expect(checkAnalyticRow({ value: '> 50', upperLimit: 100 })).toBe('indeterminate');
    expect(checkAnalyticRow({ value: '> 50', lowerLimit: 10 })).toBe('within');
    expect(checkAnalyticValue({ kind: 'above', number: 5 }, { lowerLimit: 10 })).toBe('indeterminate');
  });
});
