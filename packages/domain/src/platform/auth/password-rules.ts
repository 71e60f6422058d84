// The password rules without zod: the sign-in pages check them in the browser, where zod would
// weigh more than the pages themselves. password-policy.ts builds the API's schemas on them.

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
