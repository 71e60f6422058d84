import { z } from 'zod';

export * from './password-rules.ts';
import { PASSWORD_REQUIRED_MESSAGE, PASSWORD_RULES, PASSWORDS_MUST_MATCH_MESSAGE, TEMPORARY_PASSWORD_MIN_LENGTH, passwordsMatch } from './password-rules.ts';

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
