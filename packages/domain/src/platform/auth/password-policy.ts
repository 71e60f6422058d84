import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 8;
export const TEMPORARY_PASSWORD_MIN_LENGTH = 12;

export const PASSWORD_REQUIRED_MESSAGE = 'validation.required';
export const PASSWORDS_MUST_MATCH_MESSAGE = 'validation.passwordMustBeTheSame';

export type TPasswordRuleKey = 'minLength' | 'withLowerChar' | 'withNumber' | 'withUpperChar';
export type TPasswordRuleMessageKey = `validation.${TPasswordRuleKey}`;

export type TPasswordRule = {
  key: TPasswordRuleKey;
  messageKey: TPasswordRuleMessageKey;
  test: (password: string) => boolean;
  /** Interpolation values for the translated message ('minimum length {min}'). */
  params?: Record<string, number>;
};

// Length counts code points, not UTF-16 units, so an emoji or accented letter typed by a user
// counts as one character, as it looks on screen.
function countCharacters(password: string): number {
  return Array.from(password).length;
}

// Letters use Unicode categories so Italian accented letters (à, È) count as lower/upper case.
const LOWERCASE = /\p{Ll}/u;
const UPPERCASE = /\p{Lu}/u;
const DIGIT = /[0-9]/;

/** Order matters: the web checklist renders in this order and the first failing rule is the one shown. */
export const PASSWORD_RULES: readonly TPasswordRule[] = [
  {
    key: 'minLength',
    messageKey: 'validation.minLength',
    test: (password) => countCharacters(password) >= PASSWORD_MIN_LENGTH,
    params: { min: PASSWORD_MIN_LENGTH },
  },
  { key: 'withLowerChar', messageKey: 'validation.withLowerChar', test: (password) => LOWERCASE.test(password) },
  { key: 'withNumber', messageKey: 'validation.withNumber', test: (password) => DIGIT.test(password) },
  { key: 'withUpperChar', messageKey: 'validation.withUpperChar', test: (password) => UPPERCASE.test(password) },
];

export type TPasswordRuleResult = { key: TPasswordRuleKey; met: boolean };

export function checkPassword(password: string): TPasswordRuleResult[] {
  return PASSWORD_RULES.map((rule) => ({ key: rule.key, met: rule.test(password) }));
}

export function isPasswordValid(password: string): boolean {
  return PASSWORD_RULES.every((rule) => rule.test(password));
}

export function passwordsMatch(password: string, confirmation: string): boolean {
  return password === confirmation;
}

/**
 * Issue messages are translation keys. An empty password yields only 'validation.required';
 * otherwise one issue per unmet rule, in PASSWORD_RULES order (the first is the one to display).
 * The minLength issue carries `params: { min }` for interpolation.
 */
export const ZPassword = z.string({ error: PASSWORD_REQUIRED_MESSAGE }).superRefine((password, ctx) => {
  if (password.length === 0) {
    ctx.addIssue({ code: 'custom', message: PASSWORD_REQUIRED_MESSAGE });
    return;
  }
  for (const rule of PASSWORD_RULES) {
    if (!rule.test(password)) {
      ctx.addIssue({ code: 'custom', message: rule.messageKey, ...(rule.params ? { params: rule.params } : {}) });
    }
  }
});

/** New password plus its confirmation; the mismatch issue sits on `confirmPassword`. */
export const ZNewPasswordWithConfirmation = z
  .object({ newPassword: ZPassword, confirmPassword: z.string({ error: PASSWORD_REQUIRED_MESSAGE }) })
  .refine((value) => passwordsMatch(value.newPassword, value.confirmPassword), {
    message: PASSWORDS_MUST_MATCH_MESSAGE,
    path: ['confirmPassword'],
  });

// Temporary passwords are read from an e-mail and typed by hand: look-alike characters
// (0/O/o, 1/l/I) are left out.
const TEMPORARY_LOWER = 'abcdefghijkmnpqrstuvwxyz';
const TEMPORARY_UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const TEMPORARY_DIGITS = '23456789';
const TEMPORARY_ALPHABET = TEMPORARY_LOWER + TEMPORARY_UPPER + TEMPORARY_DIGITS;

/** Uniform integer in [0, bound) without modulo bias (rejection sampling). */
function randomIndex(bound: number): number {
  const limit = Math.floor(0x1_0000_0000 / bound) * bound;
  const buffer = new Uint32Array(1);
  for (;;) {
    globalThis.crypto.getRandomValues(buffer);
    if (buffer[0] < limit) return buffer[0] % bound;
  }
}

function randomCharacter(alphabet: string): string {
  return alphabet[randomIndex(alphabet.length)];
}

/**
 * A random password that always satisfies the policy: one character from each required class,
 * the rest from the whole alphabet, then shuffled so the classes are not in fixed positions.
 */
export function generateTemporaryPassword(length = 14): string {
  if (!Number.isInteger(length) || length < TEMPORARY_PASSWORD_MIN_LENGTH) {
    throw new RangeError(`Temporary password length must be an integer >= ${TEMPORARY_PASSWORD_MIN_LENGTH}`);
  }
  const characters = [randomCharacter(TEMPORARY_LOWER), randomCharacter(TEMPORARY_UPPER), randomCharacter(TEMPORARY_DIGITS)];
  while (characters.length < length) characters.push(randomCharacter(TEMPORARY_ALPHABET));
  for (let i = characters.length - 1; i > 0; i--) {
    const j = randomIndex(i + 1);
    [characters[i], characters[j]] = [characters[j], characters[i]];
  }
  return characters.join('');
}
