import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SIGNER_REMINDER_INTERVAL_MINUTES, SIGNING_STATUS_OF_PHASE, phaseSignedIn } from '@app/domain/environmental/nca/index';
import { signRequests } from '../../../db/schema/index.ts';
import { requireAccess, scopeCondition } from '../../../lib/access.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { isUuid } from '../../../lib/collection/query.ts';
import { AppError, isAppError, notFound } from '../../../lib/errors.ts';
import { inTransition } from '../../../lib/workflow/run-transition.ts';
import { msg } from '../../../i18n/translate.ts';
import { recordAudit } from '../../platform/index.ts';
import { readableReport } from './documents.ts';
import { appendHistory } from './nca-history.ts';
import { deliverNca, notifyUsers } from './nca-notifications.ts';
import { signRequestScopes } from './nca-scope.ts';
import { draftNamePartsOf } from './report-names.ts';
import { ncaName, phaseName } from './report-notice-texts.ts';
import { lockSignRequest, type TSignRequestRow } from './sign-requests.ts';

/*
 * The consortium's reminder to a signer who has not signed yet (issue 28: "remind signers"): the
 * request's notification again, bell and e-mail, at most once an hour per request, recorded in the
 * audit log and on the report's timeline. The daily job (nca-reminders.ts) reminds on its own after
 * three days; this one is a person's decision, so it names who sent it.
 */

const INTERVAL_MS = SIGNER_REMINDER_INTERVAL_MINUTES * 60_000;

/**
 * Reminds the signer of one pending request of an open round: 404 outside the caller's scope, 409
 * SIGN_REQUEST_NOT_PENDING when it waits for nothing, 429 REMINDER_TOO_SOON within the hour.
 */
export async function remindSigner(app: FastifyInstance, ctx: TSignedInContext, id: string): Promise<TSignRequestRow> {
  await requireAccess(ctx, 'sign-requests', 'remind');
  const now = new Date();
  // inTransition: once it commits, the sign-request lists' watchers hear of the new reminder time.
  const { saved, pending } = await inTransition(ctx.db, async ({ tx, changed }) => {
    const locked = isUuid(id) ? await lockSignRequest(tx, id, scopeCondition(ctx, 'sign-requests', 'remind', signRequestScopes)) : undefined;
    if (!locked) throw notFound('Sign request');
    const { report, request } = locked;
    if (request.status !== 'pending' || request.round !== report.signRound || SIGNING_STATUS_OF_PHASE[request.phase] !== report.status) {
      throw new AppError('SIGN_REQUEST_NOT_PENDING', `The sign request is ${request.status} and its round is not open: there is nobody to remind`, {
        details: [{ path: 'status', message: 'a pending request of the open round', value: request.status }],
      });
    }
    // The claim: only a request not reminded within the hour gets the new time (the row is locked, the condition says why).
    const [claimed] = await tx
      .update(signRequests)
      .set({ remindedAt: now })
      .where(and(eq(signRequests.id, request.id), or(isNull(signRequests.remindedAt), lte(signRequests.remindedAt, new Date(now.getTime() - INTERVAL_MS)))))
      .returning();
    if (!claimed) {
      const nextAt = new Date(request.remindedAt!.getTime() + INTERVAL_MS).toISOString();
      throw new AppError('REMINDER_TOO_SOON', `The signer was reminded less than ${SIGNER_REMINDER_INTERVAL_MINUTES} minutes ago; the next reminder may go at ${nextAt}`, {
        params: { nextAt },
      });
    }
    changed.push({ table: signRequests, id: claimed.id, kind: 'updated', by: ctx.actor });
    const draft = report.code ? null : (await draftNamePartsOf(tx, [report.id])).get(report.id);
    const text = { nca: ncaName(report.code, draft), phase: phaseName(request.phase), date: request.createdAt.toISOString().slice(0, 10) };
    const notified = await notifyUsers(
      tx,
      [request.userId],
      {
        title: msg('nca.reminder.signerReminded.title', text),
        body: msg('nca.reminder.signerReminded.body', text),
        event: 'nca.remindSigner',
        data: { reportId: report.id, signRequestId: request.id },
      },
      true,
    );
    await appendHistory(tx, ctx.actor, {
      reportId: report.id,
      entityType: 'sign-requests',
      entityId: request.id,
      kind: 'transition',
      action: 'remind',
      fromStatus: request.status,
      toStatus: request.status,
      message: null,
      data: { phase: request.phase, round: request.round },
    });
    await recordAudit(tx, ctx, {
      action: 'signs.remind',
      entityType: 'signs',
      entityId: request.id,
      changes: { remindedAt: { from: request.remindedAt?.toISOString() ?? null, to: now.toISOString() } },
    });
    return { saved: claimed, pending: [notified] };
  });
  await deliverNca(app, pending);
  return saved;
}

/**
 * The NCA list's bulk action: reminds every pending signer of the report's open round, each through
 * remindSigner (its own transaction and hour). The report is refused when it waits for no signature
 * (SIGN_REQUEST_NOT_PENDING) or when every pending signer was reminded within the hour (REMINDER_TOO_SOON);
 * a signer reminded within the hour (or who decided meanwhile) next to others reminded now is skipped, not a refusal.
 */
export async function remindReportSigners(app: FastifyInstance, ctx: TSignedInContext, reportId: string): Promise<{ reminded: string[] }> {
  await requireAccess(ctx, 'nca-reports', 'remindSigners');
  const report = await readableReport(ctx, reportId);
  const phase = phaseSignedIn(report.status);
  const waiting = phase
    ? await ctx.db
        .select({ id: signRequests.id })
        .from(signRequests)
        .where(and(eq(signRequests.reportId, report.id), eq(signRequests.phase, phase), eq(signRequests.round, report.signRound), eq(signRequests.status, 'pending')))
    : [];
  if (waiting.length === 0) {
    throw new AppError('SIGN_REQUEST_NOT_PENDING', `The report is ${report.status}: no signature is pending`, {
      details: [{ path: 'status', message: 'a report waiting for signatures', value: report.status }],
    });
  }
  const reminded: string[] = [];
  let skipped: AppError | undefined;
  for (const { id } of waiting) {
    try {
      await remindSigner(app, ctx, id);
      reminded.push(id);
    } catch (error) {
      // Reminded within the hour, or decided meanwhile: that signer is skipped, the others are reminded.
      if (!isAppError(error) || (error.code !== 'REMINDER_TOO_SOON' && error.code !== 'SIGN_REQUEST_NOT_PENDING')) throw error;
      skipped = error;
    }
  }
  if (reminded.length === 0 && skipped) throw skipped;
  return { reminded };
}
