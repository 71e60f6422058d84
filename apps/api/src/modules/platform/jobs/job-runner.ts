import { randomUUID } from 'node:crypto';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { italianDateOf, italianHourOf } from '@app/domain/platform/time/italian-time';
import { jobRuns } from '../../../db/schema/index.ts';
import type { TDb } from '../../../db/client.ts';
import type { TMailer, TRealtime } from '../../../lib/services.ts';

/**
 * A durable daily job runner. Each job runs at most once per Italian calendar day: the day's run is
 * claimed by inserting (jobName, runDate) into `job_runs` (unique), so a second process, a second
 * tick or a restarted server sees the claim and skips. A failed run is retried on a later tick (up
 * to MAX_ATTEMPTS), a run left `running` by a crashed process is taken over after STALE_MS. The jobs
 * themselves must be idempotent per item (the reminders keep `sent_reminders`), so a retried run
 * does not repeat what the failed one already did.
 */
export type TJobDeps = {
  db: TDb;
  realtime: Pick<TRealtime, 'toUser'>;
  mailer?: TMailer;
  config?: { publicUrl: string };
  log?: { error: (obj: unknown, msg?: string) => void; info: (obj: unknown, msg?: string) => void };
};

export type TDailyJob = {
  name: string;
  /** Local (Italian) hour from which the day's run is due. */
  hour: number;
  run: (deps: TJobDeps, today: string, now: Date) => Promise<Record<string, unknown>>;
};

const MAX_ATTEMPTS = 3;
const STALE_MS = 60 * 60 * 1000;

export type TJobOutcome = { job: string; runDate: string; outcome: 'ran' | 'skipped' | 'failed' | 'not-due'; result?: Record<string, unknown>; error?: string };

async function claimRun(db: TDb, job: string, runDate: string, now: Date): Promise<boolean> {
  const [inserted] = await db.insert(jobRuns).values({ jobName: job, runDate, status: 'running', startedAt: now }).onConflictDoNothing().returning({ id: jobRuns.id });
  if (inserted) return true;
  const [retried] = await db
    .update(jobRuns)
    .set({ status: 'running', attempts: sql`${jobRuns.attempts} + 1`, startedAt: now, error: null, updatedAt: now })
    .where(
      and(
        eq(jobRuns.jobName, job),
        eq(jobRuns.runDate, runDate),
        lt(jobRuns.attempts, MAX_ATTEMPTS),
        or(eq(jobRuns.status, 'failed'), and(eq(jobRuns.status, 'running'), lt(jobRuns.startedAt, new Date(now.getTime() - STALE_MS)))),
      ),
    )
    .returning({ id: jobRuns.id });
  return !!retried;
}

/** Runs every job due at `now` that has not run (successfully) today. Callable from tests. */
export async function runDueJobs(deps: TJobDeps, jobs: readonly TDailyJob[], now: Date = new Date()): Promise<TJobOutcome[]> {
  const runDate = italianDateOf(now);
  const outcomes: TJobOutcome[] = [];
  for (const job of jobs) {
    if (italianHourOf(now) < job.hour) {
      outcomes.push({ job: job.name, runDate, outcome: 'not-due' });
      continue;
    }
    if (!(await claimRun(deps.db, job.name, runDate, now))) {
      outcomes.push({ job: job.name, runDate, outcome: 'skipped' });
      continue;
    }
    try {
      const result = await job.run(deps, runDate, now);
      await deps.db
        .update(jobRuns)
        .set({ status: 'done', finishedAt: new Date(), result, updatedAt: new Date() })
        .where(and(eq(jobRuns.jobName, job.name), eq(jobRuns.runDate, runDate)));
      outcomes.push({ job: job.name, runDate, outcome: 'ran', result });
    } catch (error) {
      deps.log?.error({ err: error, job: job.name }, 'job failed');
      await deps.db
        .update(jobRuns)
        .set({ status: 'failed', finishedAt: new Date(), error: String(error), updatedAt: new Date() })
        .where(and(eq(jobRuns.jobName, job.name), eq(jobRuns.runDate, runDate)));
      outcomes.push({ job: job.name, runDate, outcome: 'failed', error: String(error) });
    }
  }
  return outcomes;
}

/** The Redis key of the job runner's lock: which process ticks now (its value names the process). */
export const JOB_RUNNER_LOCK_KEY = 'daily-jobs:lock';

/**
 * Ticks runDueJobs every `intervalMs` (default a minute) for the life of the app; call it before
 * the app starts listening (it adds an onClose hook). One tick at a time. With several processes on
 * one Redis, one tick at a time across all of them: a tick runs only in the process that takes the
 * lock (held for one interval); the day's claim in job_runs stays the durable guarantee.
 */
export function startJobRunner(app: FastifyInstance, jobs: readonly TDailyJob[], options: { intervalMs?: number; firstTickMs?: number } = {}) {
  // The tick in progress, so that closing the app waits for it: the database closes after the app, and a job cut off
  // mid-way would stay `running` in job_runs (or fail on a closed pool) until another process takes it over.
  let current: Promise<void> | null = null;
  let closing = false;
  const intervalMs = options.intervalMs ?? 60_000;
  const instance = `${process.pid}:${randomUUID()}`;
  const runTick = async () => {
    try {
      const redis = app.services.redis;
      if (redis && (await redis.set(JOB_RUNNER_LOCK_KEY, instance, 'PX', intervalMs, 'NX')) !== 'OK') return;
      await runDueJobs({ ...app.services, log: app.log }, jobs);
    } catch (error) {
      app.log.error({ err: error }, 'job runner tick failed');
    }
  };
  const tick = () => {
    if (current || closing) return;
    current = runTick().finally(() => (current = null));
  };
  const first = setTimeout(tick, options.firstTickMs ?? 5_000);
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();
  app.addHook('onClose', async () => {
    closing = true;
    clearTimeout(first);
    clearInterval(timer);
    await current;
  });
}
