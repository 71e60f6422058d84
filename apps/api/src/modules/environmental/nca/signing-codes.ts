import { createHmac } from 'node:crypto';
import { and, desc, eq, gt } from 'drizzle-orm';
import { OTP_RULES } from '@app/domain/environmental/nca/index';
import { otpSignerFailures } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { AppError } from '../../../lib/errors.ts';

/*
 * One-time signing codes ("firma con codice OTP"). A signer asks for a 6-digit code
 * (crypto.randomInt), e-mailed to them and stored only as an HMAC keyed with a server secret; it is
 * valid 10 minutes, used once, voided by a newer one; 5 wrong tries void it, 10 over the request lock
 * the request until the consortium unlocks it (a resend resets nothing), and 10 over all of a signer's
 * requests in 24 hours lock the signer out of every request until the oldest leaves the window (an
 * unlock resets only the request's count, so it gives no fresh guesses). Signing is refused under
 * impersonation.
 */

export const SIGNER_WINDOW_MS = OTP_RULES.signerWindowHours * 3_600_000;
/** The advisory lock class of a signer's wrong-code count (the evidence chain's lock is a single bigint key: no overlap). */
export const SIGNER_LOCK_CLASS = 7410022;

export function maskEmail(email: string): string {
  const [local, domain] = email.split('@');
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(1, local.length - 1))}@${domain ?? ''}`;
}

/** The HMAC of a code, keyed with the server's secret: a leaked table does not give the codes away. */
export function codeHmac(secret: string, challengeId: string, code: string): string {
  return createHmac('sha256', `nca-otp:${secret}`).update(`${challengeId}|${code}`).digest('hex');
}

/** Until when the signer is locked out of signing for wrong codes over all their requests (null: not locked). */
export async function signerLockedUntil(db: TDbOrTx, userId: string, now: Date): Promise<Date | null> {
  const recent = await db
    .select({ failedAt: otpSignerFailures.failedAt })
    .from(otpSignerFailures)
    .where(and(eq(otpSignerFailures.userId, userId), gt(otpSignerFailures.failedAt, new Date(now.getTime() - SIGNER_WINDOW_MS))))
    .orderBy(desc(otpSignerFailures.failedAt))
    .limit(OTP_RULES.maxFailuresPerSigner);
  return recent.length < OTP_RULES.maxFailuresPerSigner ? null : new Date(recent[recent.length - 1].failedAt.getTime() + SIGNER_WINDOW_MS);
}

export function signerLocked(until: Date) {
  return new AppError('OTP_LOCKED', `Too many wrong codes for this signer over all their requests: signing is possible again from ${until.toISOString()}`, {
    params: { until: until.toISOString() },
    details: [{ path: 'code', message: 'signer locked', value: until.toISOString() }],
  });
}

export async function refuseLockedSigner(db: TDbOrTx, userId: string, now: Date) {
  const until = await signerLockedUntil(db, userId, now);
  if (until) throw signerLocked(until);
}

/** A request locked by wrong codes waits for the consortium's unlock. */
export const requestLocked = () => new AppError('OTP_LOCKED', 'Too many wrong codes: the consortium must unlock this sign request');

export function refuseLockedRequest(request: { failedAttempts: number }) {
  if (request.failedAttempts >= OTP_RULES.maxFailuresPerRequest) throw requestLocked();
}

export function refuseImpersonation(ctx: TSignedInContext) {
  // A signature binds the signer in person: an administrator acting as them may not give it.
  if (ctx.actor.impersonatorId) throw new AppError('IMPERSONATION_FORBIDDEN', 'Signing is not possible while impersonating another user');
}
