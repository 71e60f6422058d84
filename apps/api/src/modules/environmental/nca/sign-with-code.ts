import { timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { OTP_RULES } from '@app/domain/environmental/nca/index';
import { ncaReports, otpChallenges, otpSignerFailures, signRequests } from '../../../db/schema/index.ts';
import type { TTx } from '../../../db/client.ts';
import { requireAccess } from '../../../lib/access.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { AppError } from '../../../lib/errors.ts';
import { inTransition } from '../../../lib/workflow/run-transition.ts';
import { recordAudit } from '../../platform/index.ts';
import { appendSignatureEvidence } from './signature-evidence.ts';
import { signRequestTransitions } from './sign-request-transitions.ts';
import { requireAcceptedTerms } from './signing-terms.ts';
import type { TSignRequestRow } from './sign-requests.ts';
import { codeHmac, refuseImpersonation, refuseLockedRequest, refuseLockedSigner, requestLocked, SIGNER_LOCK_CLASS, SIGNER_WINDOW_MS, signerLocked, signerLockedUntil } from './signing-codes.ts';
import { phaseSnapshot, snapshotHashOf } from './snapshot.ts';

type TSignOutcome = { ok: true; row: TSignRequestRow } | { ok: false; error: AppError };
type TMeta = { ip: string; userAgent: string | null; sessionId: string | null };

/**
 * Counts a wrong code against the code, the request and the signer, and says how many tries are
 * left (or which lock now holds). The caller commits the count before refusing.
 */
async function countWrongCode(tx: TTx, ctx: TSignedInContext, request: TSignRequestRow, challenge: typeof otpChallenges.$inferSelect, now: Date): Promise<AppError> {
  const failures = request.failedAttempts + 1;
  await tx
    .update(otpChallenges)
    .set({ attempts: challenge.attempts + 1 })
    .where(eq(otpChallenges.id, challenge.id));
  await tx.update(signRequests).set({ failedAttempts: failures }).where(eq(signRequests.id, request.id));
  await tx.delete(otpSignerFailures).where(and(eq(otpSignerFailures.userId, ctx.actor.id), lt(otpSignerFailures.failedAt, new Date(now.getTime() - SIGNER_WINDOW_MS))));
  await tx.insert(otpSignerFailures).values({ userId: ctx.actor.id, signRequestId: request.id, failedAt: now });
  await recordAudit(tx, ctx, { action: 'signs.wrongCode', entityType: 'signs', entityId: request.id, changes: { failedAttempts: { to: failures } } });
  const [{ signerFailures }] = await tx
    .select({ signerFailures: sql<number>`count(*)::int` })
    .from(otpSignerFailures)
    .where(and(eq(otpSignerFailures.userId, ctx.actor.id), gt(otpSignerFailures.failedAt, new Date(now.getTime() - SIGNER_WINDOW_MS))));
  const codeLeft = OTP_RULES.maxFailuresPerCode - (challenge.attempts + 1);
  const requestLeft = OTP_RULES.maxFailuresPerRequest - failures;
  const signerLeft = OTP_RULES.maxFailuresPerSigner - signerFailures;
  if (signerLeft <= 0) return signerLocked((await signerLockedUntil(tx, ctx.actor.id, now))!);
  if (requestLeft <= 0) return requestLocked();
  const left = Math.min(codeLeft, requestLeft, signerLeft);
  return new AppError('OTP_INVALID', 'Wrong code', { params: { triesLeft: left }, details: [{ path: 'code', message: `wrong code; ${left} tries left`, value: left }] });
}

/**
 * Signs with the e-mailed code: the evidence row, the signed request and the round's outcome in one
 * transaction. A wrong code is counted and committed on its own (the transaction returns normally),
 * so a failure later in the request cannot undo the count.
 */
export async function signWithCode(app: FastifyInstance, ctx: TSignedInContext, id: string, code: string, meta: TMeta) {
  refuseImpersonation(ctx);
  await requireAccess(ctx, 'sign-requests', 'sign');
  const requests = signRequestTransitions(app);
  const outcome = await inTransition(ctx.db, async (unit): Promise<TSignOutcome> => {
    const { tx } = unit;
    const request = await requests.loadForUpdate(tx, ctx, id);
    if (request.status === 'signed' && request.userId === ctx.actor.id) throw new AppError('DUPLICATE_SIGNATURE', 'A duplicate signature already exists for this user');
    // Who and the state first: nobody else's guess is ever counted against the request.
    await requests.check(tx, ctx, request, 'sign', {});
    refuseLockedRequest(request);
    // The terms first: a signer who has not accepted them gets no guess counted.
    const terms = await requireAcceptedTerms(tx, ctx.actor.id);
    // One guess at a time per signer, over all their requests and processes, so the count cannot be outrun.
    await tx.execute(sql`select pg_advisory_xact_lock(${SIGNER_LOCK_CLASS}, hashtext(${ctx.actor.id}))`);
    await refuseLockedSigner(tx, ctx.actor.id, new Date());
    const [challenge] = await tx.select().from(otpChallenges).where(eq(otpChallenges.signRequestId, request.id)).orderBy(desc(otpChallenges.createdAt)).limit(1).for('update');
    if (!challenge) throw new AppError('OTP_EXPIRED', 'No code was sent for this request: ask for one');
    if (challenge.consumedAt) throw new AppError('OTP_USED', 'This code has already been used');
    const now = new Date();
    if (challenge.invalidatedAt || challenge.expiresAt <= now) throw new AppError('OTP_EXPIRED', 'The code has expired or was replaced: ask for a new one');
    if (challenge.attempts >= OTP_RULES.maxFailuresPerCode) throw new AppError('OTP_EXPIRED', `This code is void after ${OTP_RULES.maxFailuresPerCode} wrong tries: ask for a new one`);
    const expected = Buffer.from(challenge.codeHmac, 'hex');
    const given = Buffer.from(codeHmac(app.services.config.jwtSecret, challenge.id, code), 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, error: await countWrongCode(tx, ctx, request, challenge, now) };
    const [report] = await tx.select().from(ncaReports).where(eq(ncaReports.id, request.reportId));
    const currentHash = snapshotHashOf(await phaseSnapshot(tx, report, request.phase));
    if (currentHash !== request.snapshotHash || challenge.snapshotHash !== request.snapshotHash)
      throw new AppError('SNAPSHOT_CHANGED', 'What is being signed changed since the signatures were requested: the consortium must request them again');
    await tx.update(otpChallenges).set({ consumedAt: now }).where(eq(otpChallenges.id, challenge.id));
    const evidence = await appendSignatureEvidence(tx, { request, signerId: ctx.actor.id, challenge, signedAt: now, meta, terms });
    const row = await requests.runInTx(unit, ctx, request.id, 'sign', { signature: { ...evidence, signedAt: now } });
    return { ok: true, row };
  });
  if (!outcome.ok) throw outcome.error;
  return outcome.row;
}
