import { PASSWORD_RULES, passwordsMatch } from '@app/domain/platform/auth/password-rules';

export type TTranslate = (key: string, options?: Record<string, unknown>) => string;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailError(value: string, translate: TTranslate): string | null {
  if (!value.trim()) return translate('validation.required');
  return EMAIL.test(value.trim()) ? null : translate('validation.email');
}

/** The first failing message is the one shown: required, then the four rules in order. */
export function newPasswordError(value: string, translate: TTranslate): string | null {
  if (!value) return translate('validation.required');
  const unmet = PASSWORD_RULES.find((rule) => !rule.test(value));
  return unmet ? translate(unmet.messageKey, unmet.params ?? {}) : null;
}

export function confirmPasswordError(password: string, confirmation: string, translate: TTranslate): string | null {
  if (!confirmation) return translate('validation.required');
  return passwordsMatch(password, confirmation) ? null : translate('validation.passwordMustBeTheSame');
}

export function requiredError(value: string, translate: TTranslate): string | null {
  return value.trim() ? null : translate('validation.required');
}
