import { isRecord } from '@app/domain/platform/records/keys';
import { errorCodeOf, errorStatusOf } from '../dataProvider/errors';

/** The login error message key for what went wrong: wrong credentials, a refused account or check, a bad request, anything else. */
export function loginErrorKey(error: unknown): string {
  const status = errorStatusOf(error);
  const code = errorCodeOf(error);
  const message = isRecord(error) && typeof error.message === 'string' ? error.message : undefined;
  if (code === 'INVALID_CREDENTIALS' || status === 401) return 'onboarding.login.errors.invalidCredentials';
  if (code === 'ACCOUNT_DISABLED' || code === 'BOT_CHECK_FAILED' || code === 'BOT_CHECK_REQUIRED' || code === 'RATE_LIMITED') return `errors.${code}`;
  if (status === 400) return 'onboarding.login.errors.badRequest';
  if (message && message.startsWith('errors.')) return message;
  return 'onboarding.login.errors.generic';
}
