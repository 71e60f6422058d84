import { and, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import { SIGNING_STATUS_OF_PHASE, type TCorrectiveActionStatus } from '@app/domain/environmental/nca/index';
import { correctiveActions, ncaEffectivenessChecks, ncaReports, sentReminders, signRequests } from '../../../db/schema/index.ts';
import type { TDb } from '../../../db/client.ts';
import { createNotification, pushNotification, type TJobDeps, type TNotificationRow } from '../../platform/index.ts';
import { assigneesOf, audienceOf } from './nca-notifications.ts';
import { actionCode } from './snapshot.ts';
import { msg, type TText } from '../../../i18n/translate.ts';
import { ncaName } from './report-notice-texts.ts';

/** Assignees are reminded this many days before an action's expiry date. */
export const ACTION_REMINDER_DAYS = 10;
/** Signers are reminded of a request still pending after this many days. */
export const SIGNER_REMINDER_DAYS = 3;

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/**
 * Claims one reminder (unique per subject, kind and date, in `sent_reminders`) and writes its
 * notifications in the same transaction: a restart or a second run never sends it twice.
 */
async function sendOnce(
  db: TDb,
  reminder: { subjectKey: string; kind: string; dueDate: string },
  recipients: string[],
  input: { title: TText; body: TText; data: Record<string, unknown> },
): Promise<TNotificationRow[]> {
  const unique = [...new Set(recipients)];
  if (unique.length === 0) return [];
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(sentReminders)
      .values({ ...reminder, declarationId: null, recipientIds: unique })
      .onConflictDoNothing()
      .returning({ id: sentReminders.id });
    if (!claimed) return [];
    const rows: TNotificationRow[] = [];
    for (const userId of unique) rows.push(await createNotification(tx, userId, { ...input, event: `reminder.${reminder.kind}` }));
    return rows;
  });
}

/**
 * Reminds the consortium (and the report's author) of the effectiveness checks due, once per check:
 * the check's `remindedAt` is claimed in the transaction that writes the notifications, so a restart
 * or a second run never sends it twice.
 */
async function remindEffectivenessChecks(db: TDb, today: string): Promise<{ reminded: number; rows: TNotificationRow[] }> {
  const due = await db
    .select({ check: ncaEffectivenessChecks, report: ncaReports })
    .from(ncaEffectivenessChecks)
    .innerJoin(ncaReports, eq(ncaReports.id, ncaEffectivenessChecks.reportId))
    .where(and(eq(ncaEffectivenessChecks.status, 'scheduled'), lte(ncaEffectivenessChecks.dueDate, today), isNull(ncaEffectivenessChecks.remindedAt)));
  const rows: TNotificationRow[] = [];
  let reminded = 0;
  for (const { check, report } of due) {
    const recipients = [...new Set(await audienceOf(db, report, ['consortium', 'author']))];
    const text = { nca: ncaName(report.code), date: check.dueDate };
    rows.push(
      ...(await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(ncaEffectivenessChecks)
          .set({ remindedAt: new Date() })
          .where(and(eq(ncaEffectivenessChecks.id, check.id), isNull(ncaEffectivenessChecks.remindedAt)))
          .returning({ id: ncaEffectivenessChecks.id });
        if (!claimed) return [];
        reminded++;
        const written: TNotificationRow[] = [];
        for (const userId of recipients)
          written.push(
            await createNotification(tx, userId, {
              title: msg('nca.effectiveness.due.title', text),
              body: msg('nca.effectiveness.due.body', text),
              event: 'reminder.nca_effectiveness_due',
              data: { reportId: report.id, effectivenessCheckId: check.id },
            }),
          );
        return written;
      })),
    );
  }
  return { reminded, rows };
}

/**
 * The NCA daily job: assignees hear of an action expiring within 10 days; the consortium of an
 * action past its date (escalation); signers of a request pending for more than 3 days; the consortium of an effectiveness check due.
 * Bell and e-mail, once per event.
 */
export async function runNcaReminders(deps: TJobDeps, today: string) {
  const { db } = deps;
  const counts = { actionDue: 0, actionOverdue: 0, signerPending: 0, effectivenessDue: 0, notifications: 0 };
  const pushes: TNotificationRow[] = [];
  const open: TCorrectiveActionStatus[] = ['new', 'confirmed', 'in_progress'];
  const actions = await db
    .select({ action: correctiveActions, report: ncaReports })
    .from(correctiveActions)
    .innerJoin(ncaReports, eq(ncaReports.id, correctiveActions.reportId))
    .where(and(eq(correctiveActions.expires, true), inArray(correctiveActions.status, open), lte(correctiveActions.expireDate, addDays(today, ACTION_REMINDER_DAYS))));
  for (const { action, report } of actions) {
    const label = `${actionCode(report.code, action.sequence)} ${action.name}`;
    const data = { reportId: report.id, actionId: action.id };
    if (action.expireDate! < today) {
      const rows = await sendOnce(db, { subjectKey: `nca-action:${action.id}`, kind: 'nca_action_overdue', dueDate: action.expireDate! }, await audienceOf(db, report, ['consortium', 'author']), {
        title: msg('nca.reminder.actionOverdue.title'),
        body: msg('nca.reminder.actionOverdue.body', { label, date: action.expireDate }),
        data,
      });
      if (rows.length) counts.actionOverdue++;
      pushes.push(...rows);
    } else {
      const assignees = await assigneesOf(db, [action]);
      const rows = await sendOnce(db, { subjectKey: `nca-action:${action.id}`, kind: 'nca_action_due', dueDate: action.expireDate! }, assignees, {
        title: msg('nca.reminder.actionDue.title'),
        body: msg('nca.reminder.actionDue.body', { label, date: action.expireDate }),
        data,
      });
      if (rows.length) counts.actionDue++;
      pushes.push(...rows);
    }
  }
  const waiting = await db
    .select({ request: signRequests, report: ncaReports })
    .from(signRequests)
    .innerJoin(ncaReports, eq(ncaReports.id, signRequests.reportId))
    .where(and(eq(signRequests.status, 'pending'), eq(signRequests.round, ncaReports.signRound), lt(signRequests.createdAt, sql`${addDays(today, -SIGNER_REMINDER_DAYS)}::date`)));
  for (const { request, report } of waiting) {
    if (SIGNING_STATUS_OF_PHASE[request.phase] !== report.status) continue;
    const rows = await sendOnce(db, { subjectKey: `nca-sign:${request.id}`, kind: 'nca_signer_pending', dueDate: request.createdAt.toISOString().slice(0, 10) }, [request.userId], {
      title: msg('nca.reminder.signerPending.title'),
      body: msg('nca.reminder.signerPending.body', { nca: ncaName(report.code), days: SIGNER_REMINDER_DAYS }),
      data: { reportId: report.id, signRequestId: request.id },
    });
    if (rows.length) counts.signerPending++;
    pushes.push(...rows);
  }
  const checks = await remindEffectivenessChecks(db, today);
  counts.effectivenessDue = checks.reminded;
  pushes.push(...checks.rows);
  for (const row of pushes) await pushNotification({ db, realtime: deps.realtime, mailer: deps.mailer, config: deps.config }, row, { email: true });
  counts.notifications = pushes.length;
  return counts;
}
