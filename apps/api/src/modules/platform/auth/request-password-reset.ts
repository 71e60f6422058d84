import type { TServices } from '../../../lib/fastify-types.ts';
import type { TRequestContext } from '../../../lib/context.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { authGuardsOf } from './guards.ts';
import { findUserByEmail } from './login.ts';
import { issueOneTimeToken, voidOneTimeTokens } from './one-time-tokens.ts';
import { AUTH_RATE_LIMITS, accountKey, addressKey } from './rate-limiter.ts';
import { languageOr } from '../../../i18n/translate.ts';

/**
 * Mails a one-hour, single-use reset link when the e-mail belongs to a usable account. The caller
 * always answers the same way, so the reply does not tell whether the e-mail is registered; the rate
 * limits (per e-mail and per address) apply whether or not it is.
 */
export async function requestPasswordReset(services: TServices, ctx: Pick<TRequestContext, 'ip' | 'requestId'>, email: string) {
  const { limiter } = authGuardsOf(services);
  const perAccount = accountKey('password-reset', email);
  const perAddress = addressKey('password-reset', ctx.ip);
  await limiter.check(perAccount, AUTH_RATE_LIMITS.passwordResetPerAccount);
  await limiter.check(perAddress, AUTH_RATE_LIMITS.passwordResetPerAddress);
  await limiter.hit(perAccount, AUTH_RATE_LIMITS.passwordResetPerAccount);
  await limiter.hit(perAddress, AUTH_RATE_LIMITS.passwordResetPerAddress);

  const user = await findUserByEmail(services.db, email);
  if (!user || user.deletedAt || !user.isEnabled) return;
  const token = await services.db.transaction(async (tx) => {
    // A new link replaces older ones still unused.
    await voidOneTimeTokens(tx, user.id, 'reset_password');
    const t = await issueOneTimeToken(tx, user.id, 'reset_password');
    await recordAudit(tx, { actor: null, ...ctx }, { action: 'password_reset_requested', entityType: 'users', entityId: user.id, actorId: null });
    return t;
  });
  await services.mailer.send(user.email, 'resetPassword', { name: user.name ?? '', link: `${services.config.publicUrl}/on-boarding/reset-password/${token}` }, languageOr(user.language));
}
