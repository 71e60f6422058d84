import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { italianDateOf } from '@app/domain/platform/time/italian-time';
import { notifications, signRequests, users } from '../../../db/schema/index.ts';
import { createMailer, runDueJobs, type TJobDeps } from '../../platform/index.ts';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';
import { environmentalDailyJobs } from '../index.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const quietLog = {
  info() {},
  error() {},
  warn() {},
  debug() {},
  fatal() {},
  trace() {},
  child() {
    return quietLog;
  },
  level: 'silent',
} as never;
const deps = (): TJobDeps => ({ db: t.db, realtime: { toUser() {} }, mailer: createMailer({ db: t.db, from: 'test@localhost', log: quietLog }), config: { publicUrl: 'http://localhost:3000' } });

describe('NCA daily reminders', () => {
  it('reminds assignees before the expiry, escalates overdue actions, reminds signers pending for over 3 days: once per event, across runs', async () => {
    // A pending signer of the demo asked four days ago.
    const [pending] = await t.db.select().from(signRequests).where(eq(signRequests.status, 'pending')).limit(1);
    await t.db
      .update(signRequests)
      .set({ createdAt: new Date(Date.now() - 4 * 86_400_000) })
      .where(eq(signRequests.id, pending.id));
    const now = new Date();
    now.setUTCHours(12);
    const first = await runDueJobs(deps(), environmentalDailyJobs, now);
    expect(first[0]).toMatchObject({ job: 'nca-reminders', outcome: 'ran' });
    const result = first[0].result as Record<string, number>;
    expect(result.actionDue).toBeGreaterThanOrEqual(1);
    expect(result.actionOverdue).toBeGreaterThanOrEqual(1);
    expect(result.signerPending).toBeGreaterThanOrEqual(1);
    const signerNotes = await t.db.select().from(notifications).where(eq(notifications.userId, pending.userId));
    expect(signerNotes.map((n) => n.event)).toContain('reminder.nca_signer_pending');
    const [consortium] = await t.db.select().from(users).where(eq(users.email, 'consortium@demo.test'));
    expect((await t.db.select().from(notifications).where(eq(notifications.userId, consortium.id))).map((n) => n.event)).toContain('reminder.nca_action_overdue');
    // The same day again: the run is claimed; the next day: the same events are not sent again.
    expect((await runDueJobs(deps(), environmentalDailyJobs, now))[0].outcome).toBe('skipped');
    const next = new Date(now.getTime() + 86_400_000);
    const second = await runDueJobs(deps(), environmentalDailyJobs, next);
    expect(second[0]).toMatchObject({ outcome: 'ran', runDate: italianDateOf(next), result: { actionDue: 0, actionOverdue: 0, signerPending: 0, notifications: 0 } });
  });
});
