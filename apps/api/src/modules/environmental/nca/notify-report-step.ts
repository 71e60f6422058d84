import { and, eq } from 'drizzle-orm';
import type { TNcaReportAction } from '@app/domain/environmental/nca/index';
import { correctiveActions, signRequests } from '../../../db/schema/index.ts';
import type { TTx } from '../../../db/client.ts';
import { assigneesOf, audienceOf, notifyUsers, type TPendingNca } from './nca-notifications.ts';
import { reportNotices, type TReportNoticeRecipients } from './report-notice-texts.ts';
import { draftNamePartsOf } from './report-names.ts';
import type { TNcaReportRow } from './reports.ts';

async function recipientsOf(tx: TTx, report: TNcaReportRow, to: TReportNoticeRecipients): Promise<string[]> {
  if (to === 'signers') {
    const rows = await tx
      .select({ userId: signRequests.userId })
      .from(signRequests)
      .where(and(eq(signRequests.reportId, report.id), eq(signRequests.round, report.signRound)));
    return rows.map((r) => r.userId);
  }
  if (to === 'assignees') return assigneesOf(tx, await tx.select().from(correctiveActions).where(eq(correctiveActions.reportId, report.id)));
  return audienceOf(tx, report, to);
}

/**
 * Writes the notifications of a report step (`report` as saved) in its transaction; the actor who
 * took it hears nothing of their own step. Returns what to deliver after the commit.
 */
export async function notifyReportStep(tx: TTx, action: TNcaReportAction, report: TNcaReportRow, actorId: string | null, reason: string | null | undefined): Promise<TPendingNca> {
  const pending: TPendingNca = [];
  // A draft is named by its lot, agency, day and description, so a signer knows what they are asked to sign.
  const draft = report.code ? null : (await draftNamePartsOf(tx, [report.id])).get(report.id);
  for (const notice of reportNotices(action, report.code, reason, draft)) {
    const userIds = await recipientsOf(tx, report, notice.to);
    pending.push(await notifyUsers(tx, userIds, { title: notice.title, body: notice.body, event: `nca.${action}`, data: { reportId: report.id } }, notice.email, actorId ?? undefined));
  }
  return pending;
}
