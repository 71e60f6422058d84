import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatIban, ibanMod97, isValidIban, isValidItalianIban, normalizeIban } from './iban.ts';

const VALID = ['IT60X0542811101000000123456', 'GB82WEST12345698765432', 'DE89370400440532013000', 'FR1420041010050500013M02606'];

describe('IBAN', () => {
  it.each(VALID)('accepts %s', (iban) => {
    expect(isValidIban(iban)).toBe(true);
  });

  it('normalises spaces, hyphens and case', () => {
    expect(normalizeIban(' it60 x054-2811 1010 0000 0123 456 ')).toBe('IT60X0542811101000000123456');
    expect(isValidIban('it60 x054 2811 1010 0000 0123 456')).toBe(true);
    expect(formatIban('IT60X0542811101000000123456')).toBe('IT60 X054 2811 1010 0000 0123 456');
  });

  it('computes mod 97 = 1 for a valid IBAN', () => {
    expect(ibanMod97('IT60X0542811101000000123456')).toBe(1);
    expect(ibanMod97('IT61X0542811101000000123456')).not.toBe(1);
  });

  it.each([
    ['wrong check digits', 'IT61X0542811101000000123456'],
    ['Italian IBAN of 26 characters', 'IT60X054281110100000012345'],
    ['Italian IBAN without CIN letter', 'IT6010542811101000000123456'],
    ['German IBAN of wrong length', 'DE8937040044053201300'],
    ['garbage', 'hello'],
    ['empty', ''],
  ])('refuses %s', (_label, value) => {
    expect(isValidIban(value)).toBe(false);
  });

  it('tells Italian IBANs apart', () => {
    expect(isValidItalianIban('IT60X0542811101000000123456')).toBe(true);
    expect(isValidItalianIban('DE89370400440532013000')).toBe(false);
  });

  it('detects every single-character change of the account', () => {
    fc.assert(
      fc.property(fc.integer({ min: 15, max: 26 }), fc.integer({ min: 0, max: 9 }), (pos, digit) => {
        const valid = VALID[0];
        fc.pre(valid[pos] !== String(digit));
        expect(isValidIban(valid.slice(0, pos) + String(digit) + valid.slice(pos + 1))).toBe(false);
      }),
    );
  });
});
