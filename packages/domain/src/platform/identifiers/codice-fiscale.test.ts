import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codiceFiscaleCheckChar, codiceFiscaleSex, isValidCodiceFiscale, isValidPersonalCodiceFiscale, normalizeCodiceFiscale } from './codice-fiscale.ts';

describe('codice fiscale', () => {
  it('computes the check character of the documented example by the published tables', () => {
    // R C C M N L 8 3 S 1 8 D 9 6 9
    // odd positions (1,3,...,15): R=8, C=5, N=20, 8=19, S=12, 8=19, 9=21, 9=21 -> 125
    // even positions (2,...,14):  C=2, M=12, L=11, 3=3, 1=1, D=3, 6=6         -> 38
    // (125 + 38) mod 26 = 163 mod 26 = 7 -> H
    expect(codiceFiscaleCheckChar('RCCMNL83S18D969')).toBe('H');
    expect(isValidCodiceFiscale('RCCMNL83S18D969H')).toBe(true);
  });

  it('accepts spaces and lower case by normalising', () => {
    expect(normalizeCodiceFiscale(' rccmnl 83s18 d969h ')).toBe('RCCMNL83S18D969H');
    expect(isValidCodiceFiscale('rccmnl83s18d969h')).toBe(true);
  });

  it('accepts omocodia letters in the numeric positions', () => {
    // comune code D969 -> D96V (9 -> V); new check char over the changed body
    const body = 'RCCMNL83S18D96V';
    const omocode = body + codiceFiscaleCheckChar(body);
    expect(isValidCodiceFiscale(omocode)).toBe(true);
    // day 18 -> 1U (8 -> U) as well
    const body2 = 'RCCMNL83S1UD96V';
    expect(isValidCodiceFiscale(body2 + codiceFiscaleCheckChar(body2))).toBe(true);
  });

  it('reads the sex from the day (+40 for women)', () => {
    expect(codiceFiscaleSex('RCCMNL83S18D969H')).toBe('M');
    const woman = 'RCCMNL83S58D969';
    expect(codiceFiscaleSex(woman + codiceFiscaleCheckChar(woman))).toBe('F');
    expect(codiceFiscaleSex('nope')).toBeNull();
  });

  it.each([
    ['wrong check character', 'RCCMNL83S18D969A'],
    ['too short', 'RCCMNL83S18D969'],
    ['too long', 'RCCMNL83S18D969HH'],
    ['bad month letter F', 'RCCMNL83F18D969H'],
    ['letter not allowed in omocodia (A in year)', 'RCCMNLA3S18D969H'],
    ['digit in surname part', 'RCC1NL83S18D969H'],
    ['empty', ''],
  ])('refuses %s', (_label, value) => {
    expect(isValidCodiceFiscale(value)).toBe(false);
  });

  it('refuses impossible days even with a correct check character', () => {
    for (const body of ['RCCMNL83S00D969', 'RCCMNL83S32D969', 'RCCMNL83B30D969', 'RCCMNL83S72D969']) {
      expect(isValidPersonalCodiceFiscale(body + codiceFiscaleCheckChar(body))).toBe(false);
    }
    const feb29 = 'RCCMNL84B29D969';
    expect(isValidPersonalCodiceFiscale(feb29 + codiceFiscaleCheckChar(feb29))).toBe(true);
  });

  it('validates 11-digit company codes with the partita IVA rules', () => {
    expect(isValidCodiceFiscale('00743110157')).toBe(true);
    expect(isValidCodiceFiscale('00743110158')).toBe(false);
  });

  it('refuses non-strings', () => {
    expect(isValidCodiceFiscale(null)).toBe(false);
    expect(isValidCodiceFiscale(12345678901)).toBe(false);
  });

  it('detects any single changed letter in the name part', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 25 }), (pos, letter) => {
        const valid = 'RCCMNL83S18D969H';
        const replacement = String.fromCharCode(65 + letter);
        fc.pre(valid[pos] !== replacement);
        const changed = valid.slice(0, pos) + replacement + valid.slice(pos + 1);
        expect(isValidCodiceFiscale(changed)).toBe(false);
      }),
    );
  });

  it('accepts exactly one check letter for any well-formed body', () => {
    const bodyArb = fc
      .tuple(fc.stringMatching(/^[A-Z]{6}$/), fc.stringMatching(/^[0-9]{2}$/), fc.constantFrom(...'ABCDEHLMPRST'), fc.integer({ min: 1, max: 28 }), fc.boolean(), fc.stringMatching(/^[A-Z][0-9]{3}$/))
      .map(([name, year, month, day, female, place]) => `${name}${year}${month}${String(day + (female ? 40 : 0)).padStart(2, '0')}${place}`);
    fc.assert(
      fc.property(bodyArb, (body) => {
        const accepted = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].filter((c) => isValidCodiceFiscale(body + c));
        expect(accepted).toEqual([codiceFiscaleCheckChar(body)]);
      }),
    );
  });
});
