import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH, PASSWORD_RULES, ZNewPasswordWithConfirmation, ZPassword, checkPassword, generateTemporaryPassword, isPasswordValid, passwordsMatch } from './password-policy.ts';

function unmetKeys(password: string): string[] {
  return checkPassword(password)
    .filter((result) => !result.met)
    .map((result) => result.key);
}

describe('password rules', () => {
  it('lists the four rules in checklist order with their message keys', () => {
    expect(PASSWORD_RULES.map((rule) => [rule.key, rule.messageKey])).toEqual([
      ['minLength', 'validation.minLength'],
      ['withLowerChar', 'validation.withLowerChar'],
      ['withNumber', 'validation.withNumber'],
      ['withUpperChar', 'validation.withUpperChar'],
    ]);
    expect(PASSWORD_RULES[0].params).toEqual({ min: 8 });
    expect(PASSWORD_MIN_LENGTH).toBe(8);
  });

  it('minLength: 7 characters unmet, 8 met', () => {
    expect(unmetKeys('Abcdef1')).toEqual(['minLength']);
    expect(unmetKeys('Abcdefg1')).toEqual([]);
  });

  it('minLength counts characters, not UTF-16 units', () => {
    expect(checkPassword('Aa1😀😀😀😀')[0]).toEqual({ key: 'minLength', met: false });
  });

  it('withLowerChar: unmet without a lowercase letter, met with an accented one', () => {
    expect(unmetKeys('ABCDEFG1')).toEqual(['withLowerChar']);
    expect(unmetKeys('ABCDEFà1')).toEqual([]);
  });

  it('withNumber: unmet without a digit', () => {
    expect(unmetKeys('Abcdefgh')).toEqual(['withNumber']);
    expect(unmetKeys('Abcdefg9')).toEqual([]);
  });

  it('withUpperChar: unmet without an uppercase letter', () => {
    expect(unmetKeys('abcdefg1')).toEqual(['withUpperChar']);
    expect(unmetKeys('abcdefÈ1')).toEqual([]);
  });

  it('reports every rule unmet for an empty password', () => {
    expect(checkPassword('')).toEqual([
      { key: 'minLength', met: false },
      { key: 'withLowerChar', met: false },
      { key: 'withNumber', met: false },
      { key: 'withUpperChar', met: false },
    ]);
    expect(isPasswordValid('')).toBe(false);
  });
});

describe('ZPassword', () => {
  it('accepts a valid password', () => {
    expect(ZPassword.safeParse('Passw0rd').success).toBe(true);
  });

  it('reports only validation.required for an empty or missing password', () => {
    expect(ZPassword.safeParse('').error?.issues.map((issue) => issue.message)).toEqual(['validation.required']);
    expect(ZPassword.safeParse(undefined).error?.issues.map((issue) => issue.message)).toEqual(['validation.required']);
  });

  it('reports unmet rules in order, first one first, with min on minLength', () => {
    const issues = ZPassword.safeParse('abc').error?.issues ?? [];
    expect(issues.map((issue) => issue.message)).toEqual(['validation.minLength', 'validation.withNumber', 'validation.withUpperChar']);
    expect(issues[0]).toMatchObject({ params: { min: 8 } });
  });
});

describe('password confirmation', () => {
  it('passwordsMatch compares exactly', () => {
    expect(passwordsMatch('Passw0rd', 'Passw0rd')).toBe(true);
    expect(passwordsMatch('Passw0rd', 'passw0rd')).toBe(false);
  });

  it('ZNewPasswordWithConfirmation puts the mismatch on confirmPassword', () => {
    const result = ZNewPasswordWithConfirmation.safeParse({ newPassword: 'Passw0rd', confirmPassword: 'Passw0rd!' });
    expect(result.error?.issues).toMatchObject([{ message: 'validation.passwordMustBeTheSame', path: ['confirmPassword'] }]);
    expect(ZNewPasswordWithConfirmation.safeParse({ newPassword: 'Passw0rd', confirmPassword: 'Passw0rd' }).success).toBe(true);
  });
});

describe('generateTemporaryPassword', () => {
  it('always satisfies the policy and has the requested length', () => {
    fc.assert(
      fc.property(fc.integer({ min: 12, max: 64 }), (length) => {
        const password = generateTemporaryPassword(length);
        expect(password).toHaveLength(length);
        expect(isPasswordValid(password)).toBe(true);
        expect(ZPassword.safeParse(password).success).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('defaults to at least 12 characters and valid, over many draws', () => {
    for (let i = 0; i < 2000; i++) {
      const password = generateTemporaryPassword();
      expect(password.length).toBeGreaterThanOrEqual(12);
      expect(isPasswordValid(password)).toBe(true);
    }
  });

  it('does not repeat itself', () => {
    const drawn = new Set(Array.from({ length: 200 }, () => generateTemporaryPassword()));
    expect(drawn.size).toBe(200);
  });

  it('refuses lengths below 12', () => {
    expect(() => generateTemporaryPassword(11)).toThrow(RangeError);
  });
});
