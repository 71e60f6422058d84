import { randomInt, randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { OTP_RULES } from '@app/domain/environmental/nca/index';
import { ncaReports, otpChallenges, users } from '../../../db/schema/index.ts';
import { requireAccess } from '../../../lib/access.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { AppError } from '../../../lib/errors.ts';
import { recordAudit } from '../../platform/index.ts';
import { languageOr } from '../../../i18n/translate.ts';
import { phaseName, reportCode, shortReportCode } from './report-notice-texts.ts';
import { draftNamePartsOf } from './report-names.ts';
import { signRequestTransitions } from './sign-request-transitions.ts';
import { codeHmac, maskEmail, refuseImpersonation, refuseLockedRequest, refuseLockedSigner } from './signing-codes.ts';

/**
 * E-mails a new 6-digit code to the signer (the previous one is voided): at most one a minute and
 * five an hour. The request keeps its status; the workflow still decides who may ask, and when.
 */
export async function sendSigningCode(app: FastifyInstance, ctx: TSignedInContext, id: string, meta: { ip: string; userAgent: string | null }) {
  refuseImpersonation(ctx);
  await requireAccess(ctx, 'sign-requests', 'sendCode');
  const requests = signRequestTransitions(app);
  const now = new Date();
  const sent = await ctx.db.transaction(async (tx) => {
    const request = await requests.loadForUpdate(tx, ctx, id);
    await requests.check(tx, ctx, request, 'sendCode', {});
    refuseLockedRequest(request);
    await refuseLockedSigner(tx, ctx.actor.id, now);
    const recent = await tx
      .select({ createdAt: otpChallenges.createdAt })
      .from(otpChallenges)
      .where(and(eq(otpChallenges.signRequestId, request.id), gt(otpChallenges.createdAt, new Date(now.getTime() - 3_600_000))))
      .orderBy(desc(otpChallenges.createdAt));
    if (recent[0] && now.getTime() - recent[0].createdAt.getTime() < OTP_RULES.resendIntervalSeconds * 1000)
      throw new AppError('RATE_LIMITED', `A code was sent less than ${OTP_RULES.resendIntervalSeconds} seconds ago: wait before asking for another`, {
        params: { seconds: OTP_RULES.resendIntervalSeconds },
      });
    if (recent.length >= OTP_RULES.maxSendsPerHour)
      throw new AppError('RATE_LIMITED', `At most ${OTP_RULES.maxSendsPerHour} codes per hour: try again later`, { params: { perHour: OTP_RULES.maxSendsPerHour } });
    await tx
      .update(otpChallenges)
      .set({ invalidatedAt: now })
      .where(and(eq(otpChallenges.signRequestId, request.id), isNull(otpChallenges.invalidatedAt), isNull(otpChallenges.consumedAt)));
    const [signer] = await tx.select({ email: users.email, name: users.name, language: users.language }).from(users).where(eq(users.id, ctx.actor.id));
    const [report] = await tx.select({ code: ncaReports.code }).from(ncaReports).where(eq(ncaReports.id, request.reportId));
    const challengeId = randomUUID();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expiresAt = new Date(now.getTime() + OTP_RULES.lifetimeMinutes * 60_000);
    const destinationMasked = maskEmail(signer.email);
    await tx.insert(otpChallenges).values({
      id: challengeId,
      createdAt: now,
      signRequestId: request.id,
      userId: ctx.actor.id,
      codeHmac: codeHmac(app.services.config.jwtSecret, challengeId, code),
      destinationMasked,
      snapshotHash: request.snapshotHash,
      expiresAt,
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
    await recordAudit(tx, ctx, { action: 'signs.sendCode', entityType: 'signs', entityId: request.id });
    const draft = report.code ? null : (await draftNamePartsOf(tx, [request.reportId])).get(request.reportId);
    return { code, email: signer.email, name: signer.name ?? '', language: signer.language, expiresAt, destinationMasked, reportCode: report.code, draft, request };
  });
  // The code exists only in this e-mail (never logged, never stored in clear), written in the signer's language.
  await app.services.mailer.send(
    sent.email,
    'ncaSigningCode',
    {
      name: sent.name,
      report: shortReportCode(sent.reportCode, sent.draft),
      reportName: reportCode(sent.reportCode, sent.draft),
      phase: phaseName(sent.request.phase),
      code: sent.code,
      expires: sent.expiresAt.toISOString(),
      hash: sent.request.snapshotHash.slice(0, 12),
    },
    languageOr(sent.language),
  );
  return { sentAt: now.toISOString(), expiresAt: sent.expiresAt.toISOString(), destinationMasked: sent.destinationMasked };
}
