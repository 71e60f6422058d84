/** The login error message key for what went wrong: wrong credentials, a refused account or check, a bad request, anything else. */
export function loginErrorKey(error: unknown): string {
  const status = (error as { status?: number })?.status;
  const code = (error as { body?: { code?: string } })?.body?.code;
  const message = (error as { message?: string })?.message;
  if (code === 'INVALID_CREDENTIALS' || status === 401) return 'onboarding.login.errors.invalidCredentials';
  if (code === 'ACCOUNT_DISABLED' || code === 'BOT_CHECK_FAILED' || code === 'BOT_CHECK_REQUIRED' || code === 'RATE_LIMITED') return `errors.${code}`;
  if (status === 400) return 'onboarding.login.errors.badRequest';
  if (message && message.startsWith('errors.')) return message;
  return 'onboarding.login.errors.generic';
}
