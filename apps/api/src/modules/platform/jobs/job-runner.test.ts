import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobRuns } from '../../../db/schema/index.ts';
import { openDatabase, runMigrations } from '../../../db/client.ts';
import { startJobRunner, type TDailyJob } from './job-runner.ts';

describe('job runner', () => {
  const opened: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const database of opened) await database.close();
  });

  it('closing the app waits for the job in progress, which ends done rather than cut off on a closed database', async () => {
    const database = await openDatabase({ dataDir: null });
    opened.push(database);
    await runMigrations(database);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const hasStarted = new Promise<void>((resolve) => (started = resolve));
    const job: TDailyJob = {
      name: 'slow-test-job',
      hour: 0,
      run: async () => {
        started();
        await released;
        return { finished: true };
      },
    };
    const app = Fastify({ logger: false });
    app.decorate('services', { db: database.db, realtime: { toUser() {} }, redis: null } as never);
    startJobRunner(app, [job], { firstTickMs: 1 });
    await app.ready();
    await hasStarted;

    let closed = false;
    const closing = app.close().then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(false);
    release();
    await closing;
    const [run] = await database.db.select().from(jobRuns).where(eq(jobRuns.jobName, 'slow-test-job'));
    expect(run.status).toBe('done');
  });
});
