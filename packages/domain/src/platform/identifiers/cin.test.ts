import { describe, expect, it } from 'vitest';
import { checkCin, cinComuneIstatCode } from './cin.ts';

describe('CIN', () => {
  it('accepts the documented example', () => {
    expect(checkCin('IT058091C27G5FFZDZ')).toEqual({ valid: true });
    expect(checkCin(' it058091c27g5ffzdz ')).toEqual({ valid: true });
    expect(cinComuneIstatCode('IT058091C27G5FFZDZ')).toBe('058091');
  });

  it('warns when the embedded comune differs from the structure comune', () => {
    expect(checkCin('IT058091C27G5FFZDZ', '058091')).toEqual({ valid: true });
    expect(checkCin('IT058091C27G5FFZDZ', '015146')).toEqual({ valid: true, warning: 'CIN_COMUNE_MISMATCH' });
    // an ISTAT code that is not 6 digits is not compared
    expect(checkCin('IT058091C27G5FFZDZ', '58091')).toEqual({ valid: true });
    expect(checkCin('IT058091C27G5FFZDZ', null)).toEqual({ valid: true });
  });

  it.each([
    ['no IT prefix', 'FR058091C27G5FFZDZ'],
    ['letters in the ISTAT code', 'IT05809AC27G5FFZDZ'],
    ['nothing after the class', 'IT058091C2'],
    ['tail too long', 'IT058091C27G5FFZDZX'],
    ['symbols', 'IT058091C2-G5FFZDZ'],
    ['not a string', 42],
  ])('refuses %s', (_label, value) => {
    expect(checkCin(value, '058091')).toEqual({ valid: false });
  });
});
