import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { declarations, declarationTemplates, jobRuns, mailOutbox, notifications } from '../../../db/schema/index.ts';
import { openDatabase, runMigrations, type TDatabase } from '../../../db/client.ts';
import { createMailer, runDueJobs, type TJobDeps } from '../../platform/index.ts';
import { startTestApp } from '../../../test/harness.ts';
import { insertCity, insertStructure, insertUser } from './test-fixtures.ts';
import { touristTaxDailyJobs } from '../index.ts';

const quietLog = { info() {}, error() {}, warn() {}, debug() {} } as never;
const depsOf = (database: TDatabase): TJobDeps => ({
  db: database.db,
  realtime: { toUser() {} },
  mailer: createMailer({ db: database.db, from: 'test@localhost', log: quietLog }),
  config: { publicUrl: 'http://localhost:3000' },
});

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('filing reminders job (durable)', () => {
  it('sends each reminder once, across repeated runs and a restart on the same data folder', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobs-restart-'));
    dirs.push(dataDir);
    // Thursday 10 July 2025, 10:00 in Italy: Q2 is due on 16 July (6 days, within the default 7).
    const now = new Date('2025-07-10T08:00:00Z');

    let database = await openDatabase({ dataDir });
    await runMigrations(database);
    const city = await insertCity(database.db, 'Bergamo');
    const cityUser = await insertUser(database.db, 'comune-bg@jobs.test', 'city', city.id);
    const hotelier = await insertUser(database.db, 'hotel-bg@jobs.test', 'user');
    await insertStructure(database.db, city.id, 'Hotel Città Alta', [hotelier.id]);
    await database.db
      .insert(declarationTemplates)
      .values({ cityId: city.id, year: 2025, periodName: 'Trim 2 2025', dateFrom: '2025-04-01', dateTo: '2025-06-30', submitBy: '2025-07-16', payBy: '2025-07-31' });

    const sent = async (db: TDatabase['db'], userId: string, email: string) => ({
      notifications: (await db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.event),
      mails: (await db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).length,
    });

    const first = await runDueJobs(depsOf(database), touristTaxDailyJobs, now);
    expect(first).toEqual([{ job: 'filing-reminders', runDate: '2025-07-10', outcome: 'ran', result: { hotelierReminders: 1, cityDigests: 0, notifications: 1 } }]);
    expect(await sent(database.db, hotelier.id, hotelier.email)).toEqual({ notifications: ['reminder.submit_due'], mails: 1 });
    expect((await runDueJobs(depsOf(database), touristTaxDailyJobs, new Date('2025-07-10T15:00:00Z')))[0].outcome).toBe('skipped');
    await database.close();

    // Restart: a new process opens the same folder.
    database = await openDatabase({ dataDir });
    await runMigrations(database);
    expect((await runDueJobs(depsOf(database), touristTaxDailyJobs, new Date('2025-07-10T20:00:00Z')))[0].outcome).toBe('skipped');
    // Even a run that is forgotten (job_runs lost, e.g. a crash before it was marked done) does not resend.
    await database.db.delete(jobRuns);
    const rerun = await runDueJobs(depsOf(database), touristTaxDailyJobs, now);
    expect(rerun[0]).toMatchObject({ outcome: 'ran', result: { hotelierReminders: 0, notifications: 0 } });
    // The next day: the same deadline, nothing new.
    expect((await runDueJobs(depsOf(database), touristTaxDailyJobs, new Date('2025-07-11T08:00:00Z')))[0]).toMatchObject({ outcome: 'ran', result: { notifications: 0 } });
    expect(await sent(database.db, hotelier.id, hotelier.email)).toEqual({ notifications: ['reminder.submit_due'], mails: 1 });

    // Before 07:00 in Italy the day's run is not due yet.
    expect((await runDueJobs(depsOf(database), touristTaxDailyJobs, new Date('2025-07-17T04:00:00Z')))[0].outcome).toBe('not-due');
    // After the deadline: one late reminder to the hotelier, one list of missing structures to the comune.
    const late = await runDueJobs(depsOf(database), touristTaxDailyJobs, new Date('2025-07-17T06:00:00Z'));
    expect(late[0]).toMatchObject({ outcome: 'ran', result: { hotelierReminders: 1, cityDigests: 1, notifications: 2 } });
    expect(await sent(database.db, hotelier.id, hotelier.email)).toEqual({ notifications: ['reminder.submit_due', 'reminder.submit_late'], mails: 2 });
    const digest = await database.db.select().from(notifications).where(eq(notifications.userId, cityUser.id));
    expect(digest).toHaveLength(1);
    expect(digest[0].body).toContain('Hotel Città Alta');
    const runs = await database.db.select().from(jobRuns).where(eq(jobRuns.jobName, 'filing-reminders'));
    expect(runs.map((r) => [r.runDate, r.status]).sort()).toEqual([
      ['2025-07-10', 'done'],
      ['2025-07-11', 'done'],
      ['2025-07-17', 'done'],
    ]);
    await database.close();
  });
});

describe('reminder settings and payments', () => {
  it('uses the comune’s days-ahead setting, reminds unpaid submitted declarations, and can be switched off', async () => {
    const t = await startTestApp({ seedDemo: false });
    try {
      const city = await insertCity(t.db, 'Arezzo');
      const cityUser = await insertUser(t.db, 'comune-ar@jobs.test', 'city', city.id);
      const hotelier = await insertUser(t.db, 'hotel-ar@jobs.test', 'user');
      const structure = await insertStructure(t.db, city.id, 'Agriturismo Casentino', [hotelier.id]);
      const cityToken = (await t.login(cityUser.email)).token;
      // Four-monthly: period 2 (May-Aug) due 15 Sept, paid by 30 Sept. Today 25 August.
      const [period] = await t.db
        .insert(declarationTemplates)
        .values({ cityId: city.id, year: 2025, periodName: 'Quadrimestre 2 2025', dateFrom: '2025-05-01', dateTo: '2025-08-31', submitBy: '2025-09-15', payBy: '2025-09-30' })
        .returning();
      const deps = { ...t.app.services };
      expect((await runDueJobs(deps, touristTaxDailyJobs, new Date('2025-08-25T08:00:00Z')))[0].result).toMatchObject({ hotelierReminders: 0 });
      const settings = await t.request('PUT', '/api/filing-settings', { token: cityToken, body: { reminderDaysAhead: 21 } });
      expect(settings.body).toMatchObject({ reminderDaysAhead: 21, remindersEnabled: true, modello21Required: true });
      expect((await runDueJobs(deps, touristTaxDailyJobs, new Date('2025-08-26T08:00:00Z')))[0].result).toMatchObject({ hotelierReminders: 1 });

      // Submitted but not paid: a payment reminder 21 days before payBy.
      await t.db.insert(declarations).values({
        cityId: city.id,
        structureId: structure.id,
        declarationTemplateId: period.id,
        year: 2025,
        dateFrom: period.dateFrom,
        dateTo: period.dateTo,
        submitBy: period.submitBy,
        payBy: period.payBy,
        status: 'submitted',
        toPayAmountCents: 12_000,
        totalAmountCents: 12_000,
      });
      expect((await runDueJobs(deps, touristTaxDailyJobs, new Date('2025-09-10T08:00:00Z')))[0].result).toMatchObject({ hotelierReminders: 1 });
      const events = (await t.db.select().from(notifications).where(eq(notifications.userId, hotelier.id))).map((n) => n.event).sort();
      expect(events).toEqual(['reminder.pay_due', 'reminder.submit_due']);

      await t.request('PUT', '/api/filing-settings', { token: cityToken, body: { remindersEnabled: false } });
      await t.db
        .update(declarations)
        .set({ status: 'draft' })
        .where(and(eq(declarations.structureId, structure.id)));
      expect((await runDueJobs(deps, touristTaxDailyJobs, new Date('2025-10-05T08:00:00Z')))[0].result).toMatchObject({ hotelierReminders: 0, cityDigests: 0 });
    } finally {
      await t.close();
    }
  });
});
