import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidPartitaIva, luhnCheckDigit } from './partita-iva.ts';

describe('partita IVA', () => {
  it('accepts the documented example, checked by hand', () => {
    // 0 0 7 4 3 1 1 0 1 5: odd positions 0+7+3+1+1 = 12; even doubled 0,8,2,0,10->1 = 11; 23 -> check 7
    expect(luhnCheckDigit('0074311015')).toBe(7);
    expect(isValidPartitaIva('00743110157')).toBe(true);
    expect(isValidPartitaIva('007 4311 0157')).toBe(true);
  });

  it.each([
    ['wrong check digit', '00743110158'],
    ['10 digits', '0074311015'],
    ['letters', '0074311015A'],
    ['first seven zeros', '0000000' + '001' + String(luhnCheckDigit('0000000001'))],
    ['office 101', '1234567' + '101' + String(luhnCheckDigit('1234567101'))],
    ['office 000', '1234567' + '000' + String(luhnCheckDigit('1234567000'))],
    ['IT prefix', 'IT00743110157'],
  ])('refuses %s', (_label, value) => {
    expect(isValidPartitaIva(value)).toBe(false);
  });

  it.each(['001', '100', '120', '121', '888', '999'])('accepts office code %s', (office) => {
    const body = `1234567${office}`;
    expect(isValidPartitaIva(body + String(luhnCheckDigit(body)))).toBe(true);
  });

  it('detects every single-digit change', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 9 }), (pos, digit) => {
        const valid = '00743110157';
        fc.pre(Number(valid[pos]) !== digit);
        const changed = valid.slice(0, pos) + String(digit) + valid.slice(pos + 1);
        // a change in the office code may also make it out of range; either way it must fail
        expect(isValidPartitaIva(changed)).toBe(false);
      }),
    );
  });
});
