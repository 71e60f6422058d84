import { describe, expect, it } from 'vitest';
import { checkCig, checkCup, classicCigOf } from './procurement-codes.ts';

const PCP_SAMPLES = [
  'A015882CCD',
  'A00465395C',
  'A02590F330',
  'A030A7365A',
  'A03F65A296',
  'B96AE2FE01',
  'B4FFEEBE7E',
  'B9DA959E80',
  'B03FC04FF9',
  'B04F645419',
  'B0FE90D1BC',
  'B0FBDECA67',
  'B059EA242B',
  'B1565A6E0C',
  'B2C48CBC85',
];

describe('checkCig', () => {
  it('accepts classic CIGs whose check characters match, including a real one', () => {
    expect(checkCig('95156957EC')).toEqual({ verdict: 'valid', kind: 'classic', normalized: '95156957EC', reason: null, message: null });
    expect(checkCig('1234567CE7').verdict).toBe('valid');
    expect(checkCig(' 1234567ce7 ')).toMatchObject({ verdict: 'valid', normalized: '1234567CE7' });
  });

  it('refuses classic CIGs with a wrong check or a zero progressive number', () => {
    expect(checkCig('95156957ED')).toMatchObject({ verdict: 'invalid', kind: 'classic', reason: 'checkMismatch' });
    expect(checkCig('1234568CE7').verdict).toBe('invalid');
    expect(checkCig('0000000000')).toMatchObject({ verdict: 'invalid', kind: 'classic', reason: 'zeroProgressive' });
  });

  it('accepts smart CIGs whose check matches and refuses the others', () => {
    expect(checkCig('Z3D1234567')).toMatchObject({ verdict: 'valid', kind: 'smart' });
    expect(checkCig('X3D1234567').verdict).toBe('valid');
    expect(checkCig('Z3E1234567')).toMatchObject({ verdict: 'invalid', kind: 'smart' });
    expect(checkCig('Z000000000')).toMatchObject({ verdict: 'invalid', kind: 'smart' });
  });

  it('accepts the 15 real PCP CIGs and only warns on a PCP CIG that does not fit the inferred rule', () => {
    for (const cig of PCP_SAMPLES) expect(checkCig(cig), cig).toMatchObject({ verdict: 'valid', kind: 'pcp' });
    const doubtful = checkCig('A015882CCE');
    expect(doubtful).toMatchObject({ verdict: 'doubtful', kind: 'pcp' });
    expect(doubtful).toMatchObject({ reason: 'checkMismatch' });
    expect(doubtful.message).toMatch(/PCP/);
  });

  it('refuses wrong length and characters', () => {
    expect(checkCig('')).toMatchObject({ verdict: 'invalid', kind: null });
    expect(checkCig('95156957E')).toMatchObject({ verdict: 'invalid', kind: null, reason: 'length' });
    expect(checkCig('95156957ECX').verdict).toBe('invalid');
    expect(checkCig('1234567GHI')).toMatchObject({ verdict: 'invalid', kind: null, reason: 'charset' });
    expect(checkCig('A01588-CCD').verdict).toBe('invalid');
  });

  it('builds classic CIGs that pass the check', () => {
    expect(classicCigOf(9515695)).toBe('95156957EC');
    expect(classicCigOf(1234567)).toBe('1234567CE7');
    for (const n of [1, 42, 7654321, 9999999]) expect(checkCig(classicCigOf(n)).verdict).toBe('valid');
    expect(() => classicCigOf(0)).toThrow(RangeError);
  });
});

describe('checkCup', () => {
  it('accepts the examples of the DIPE manual and practice', () => {
    for (const cup of ['G17H03000130001', 'C11G06000000001', 'J87G22000360002']) expect(checkCup(cup)).toEqual({ verdict: 'valid', normalized: cup, reason: null, message: null });
    expect(checkCup('j87g 2200 0360 002')).toMatchObject({ verdict: 'valid', normalized: 'J87G22000360002' });
  });

  it('only warns on a 15-character code outside the customary pattern', () => {
    expect(checkCup('J87G2200036000A')).toMatchObject({ verdict: 'doubtful', reason: 'unusualPattern' });
    expect(checkCup('187G22000360002').verdict).toBe('doubtful');
  });

  it('refuses a wrong length or characters', () => {
    expect(checkCup('J87G2200036000')).toMatchObject({ verdict: 'invalid', reason: 'length' });
    expect(checkCup('J87G220003600021').verdict).toBe('invalid');
    expect(checkCup('J87G2200036000-')).toMatchObject({ verdict: 'invalid', reason: 'charset' });
  });
});
