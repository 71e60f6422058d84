import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToEuros, eurosToCents, formatCents, formatEurosIt, parseEuroAmount, percentToBasisPoints, roundHalfUpToCent } from './money.ts';

describe('roundHalfUpToCent', () => {
  it('rounds halves away from zero, exactly', () => {
    expect(roundHalfUpToCent(1, 2)).toBe(1);
    expect(roundHalfUpToCent(49, 100)).toBe(0);
    expect(roundHalfUpToCent(150, 100)).toBe(2);
    expect(roundHalfUpToCent(-150, 100)).toBe(-2);
    expect(roundHalfUpToCent(5n, -10n)).toBe(-1);
    expect(roundHalfUpToCent(2n, 3n)).toBe(1);
    expect(roundHalfUpToCent(1n, 3n)).toBe(0);
  });
  it('reads decimal numbers by their decimal text, not their binary value', () => {
    // 0.285 is 0.28499999999999998 in binary; as a decimal it is a half and rounds up
    expect(roundHalfUpToCent(28.5)).toBe(29);
    expect(roundHalfUpToCent(1.005e2)).toBe(101);
    expect(roundHalfUpToCent(1e-7)).toBe(0);
    expect(roundHalfUpToCent(2.5, 0.5)).toBe(5);
  });
  it('refuses a zero denominator and non-finite values', () => {
    expect(() => roundHalfUpToCent(1, 0)).toThrow(RangeError);
    expect(() => roundHalfUpToCent(Number.NaN)).toThrow(RangeError);
  });
  it('is within half a cent of the exact value', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), fc.bigInt({ min: 1n, max: 10n ** 6n }), (n, d) => {
        const r = BigInt(roundHalfUpToCent(n, d));
        const diff2 = 2n * (r * d - n); // 2 x (r - n/d) x d
        expect(diff2 <= d && diff2 >= -d).toBe(true);
      }),
    );
  });
});

describe('euro conversions', () => {
  it('converts cents and euros', () => {
    expect(centsToEuros(1234)).toBe(12.34);
    expect(eurosToCents(12.345)).toBe(1235);
    expect(eurosToCents(1.005)).toBe(101);
    expect(eurosToCents(0.1 + 0.2)).toBe(30);
    expect(formatCents(1234)).toBe('12.34');
    expect(formatCents(-5)).toBe('-0.05');
    expect(formatEurosIt(123456789)).toBe('1.234.567,89 €');
    expect(() => centsToEuros(1.5)).toThrow(RangeError);
  });
  it('formatCents and parseEuroAmount round-trip', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (c) => {
        expect(parseEuroAmount(formatCents(c))).toBe(c);
      }),
    );
  });
});

describe('parseEuroAmount', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12,50', 1250],
    ['1.234,56', 123456],
    ['1,234.56', 123456],
    ['1.234.567', 123456700],
    ['€ 12,50', 1250],
    ['12,50 EUR', 1250],
    ['-3,20', -320],
    [12.5, 1250],
    [0.1, 10],
  ] as const)('%s -> %s cents', (input, cents) => {
    expect(parseEuroAmount(input)).toBe(cents);
  });
  it.each(['', 'abc', '12,345', '1.234', '1,2,3', '12.5.6', '12,5a', null, undefined, Number.NaN, 1.234, {}])('refuses %s', (input) => {
    expect(parseEuroAmount(input)).toBeNull();
  });
  it('reads percentages into basis points', () => {
    expect(percentToBasisPoints('3,5')).toBe(350);
    expect(percentToBasisPoints(5)).toBe(500);
    expect(percentToBasisPoints('3,555')).toBeNull();
  });
});
