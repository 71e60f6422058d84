import { z } from 'zod';
import { can } from '../../platform/access/index.ts';
import { ZDateString, ZRecordBase } from '../../platform/records/index.ts';
import { defineWorkflow, type TGuardRefusal, type TWorkflowActor } from '../../platform/workflow/index.ts';

/*
 * CAPA rigour around a report (issue 27, part 1): immediate containment before the cause analysis, a
 * structured root cause (5-Why and Ishikawa), an effectiveness check after closing, and recurrences.
 */

import { ISHIKAWA_CATEGORIES } from './ishikawa.ts';

export { ISHIKAWA_CATEGORIES, type TIshikawaCategory } from './ishikawa.ts';

/** At most this many "why?" in the chain (five is the method's name, a few more are tolerated). */
export const MAX_FIVE_WHYS = 7;

/**
 * An immediate containment action: what was done on site, by whom and when, before the cause is
 * analysed. Only the consortium records who verified it (the API keeps a supplier from setting it).
 */
export const ZContainmentAction = z.object({
  what: z.string().trim().min(1, 'validation.required').max(2000),
  who: z.string().trim().min(1, 'validation.required').max(200),
  when: ZDateString,
  verifiedById: z.uuid().nullable().optional().describe('The consortium user who verified the containment (consortium only)'),
});
export type TContainmentAction = z.infer<typeof ZContainmentAction>;

export const ZContainmentActions = z.array(ZContainmentAction).max(30);

/** The 5-Why chain: each answer is the cause of the previous one; the last is the root cause. */
export const ZFiveWhys = z.array(z.string().trim().min(1, 'validation.required').max(1000)).max(MAX_FIVE_WHYS);

export const ZIshikawaCategories = z
  .array(z.enum(ISHIKAWA_CATEGORIES))
  .max(ISHIKAWA_CATEGORIES.length)
  .refine((list) => new Set(list).size === list.length, 'each category at most once');

/**
 * The containment entries whose verification a supplier would change: a supplier may add or remove
 * unverified entries, never set, change or drop a verifier (that is the consortium's word). Returns
 * the indexes (in `next`) of the refused entries, and -1 for a verified entry removed.
 */
export function verificationsChangedBySupplier(previous: readonly TContainmentAction[], next: readonly TContainmentAction[]): number[] {
  const key = (a: TContainmentAction) => JSON.stringify([a.what.trim(), a.who.trim(), a.when, a.verifiedById ?? null]);
  const verifiedBefore = new Set(previous.filter((a) => a.verifiedById).map(key));
  const nextKeys = new Set(next.map(key));
  const refused = next.flatMap((a, i) => (a.verifiedById && !verifiedBefore.has(key(a)) ? [i] : []));
  const removed = [...verifiedBefore].some((k) => !nextKeys.has(k));
  return removed ? [...refused, -1] : refused;
}

/** Phase 1 is not signed (nor forced open) for a severity needing containment until one is recorded. */
export function containmentRefusal(facts: { containmentRequired: boolean; containmentCount: number }): TGuardRefusal | null {
  return facts.containmentRequired && facts.containmentCount === 0
    ? {
        code: 'CONTAINMENT_REQUIRED',
        message: 'This severity needs an immediate containment action: record one before phase 1 is signed',
        details: [{ path: 'containmentActions', message: 'validation.required' }],
      }
    : null;
}

/** The days to the effectiveness check when the severity sets none. */
export const DEFAULT_EFFECTIVENESS_CHECK_DAYS = 60;
/** A report within this many months of an earlier one of the same type on the same agency is a recurrence. */
export const RECURRENCE_WINDOW_MONTHS = 12;

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The check's due date: the closing date plus the severity's days (the default when it sets none). */
export function effectivenessDueDate(closingDate: string, days: number | null | undefined): string {
  return addDays(closingDate, days && days > 0 ? days : DEFAULT_EFFECTIVENESS_CHECK_DAYS);
}

/** The first day of the recurrence window that ends on `date` (12 calendar months before it). */
export function recurrenceWindowStart(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const start = new Date(Date.UTC(y - 1, m - 1, d));
  // 29 February has no twin a year before: 1 March (Date.UTC rolls over on its own).
  return start.toISOString().slice(0, 10);
}

/** The date a report counts from for recurrences: its opening, else the day it was created. */
export const recurrenceDateOf = (report: { openDate: string | null; createdOn: string }) => report.openDate ?? report.createdOn;

/** A report as the recurrence rule reads it; `createdAt` (an ISO instant) orders two reports of the same day. */
export type TRecurrenceCandidate = { id: string; systemSettingId: string | null; targetAgencyId: string; openDate: string | null; createdOn: string; createdAt: string };

/** Whether `earlier` comes before `report` (its day, then its creation). */
export const comesBefore = (earlier: TRecurrenceCandidate, report: TRecurrenceCandidate) => {
  const before = recurrenceDateOf(earlier);
  const at = recurrenceDateOf(report);
  return before < at || (before === at && earlier.createdAt < report.createdAt);
};

/** Whether `report` recurs `earlier`: same type, same agency, `earlier` within the 12 months before it. */
export function isRecurrenceOf(report: TRecurrenceCandidate, earlier: TRecurrenceCandidate): boolean {
  if (report.id === earlier.id || !report.systemSettingId || report.systemSettingId !== earlier.systemSettingId || report.targetAgencyId !== earlier.targetAgencyId) return false;
  return comesBefore(earlier, report) && recurrenceDateOf(earlier) >= recurrenceWindowStart(recurrenceDateOf(report));
}

/** A Pareto table: the counts in decreasing order, with each row's share and the cumulative share (per cent, one decimal). */
export function paretoOf<T extends { count: number }>(rows: readonly T[]): (T & { share: number; cumulative: number })[] {
  const total = rows.reduce((sum, r) => sum + r.count, 0);
  let running = 0;
  return [...rows]
    .filter((r) => r.count > 0)
    .sort((a, b) => b.count - a.count)
    .map((r) => {
      running += r.count;
      const pct = (n: number) => (total === 0 ? 0 : Math.round((n / total) * 1000) / 10);
      return { ...r, share: pct(r.count), cumulative: pct(running) };
    });
}

/**
 * The effectiveness check of a closed report: scheduled at closing for N days later; the consortium
 * records the outcome. Not effective opens a new report citing the old one (the API's cascade).
 *
 *   scheduled ──recordEffective──> effective
 *       └──────recordNotEffective (reason)──> not_effective
 */
export const EFFECTIVENESS_CHECK_STATUSES = ['scheduled', 'effective', 'not_effective'] as const;
export type TEffectivenessCheckStatus = (typeof EFFECTIVENESS_CHECK_STATUSES)[number];

const outcomeRecorder = (actor: TWorkflowActor) => can(actor.role, 'nca-effectiveness-checks', 'recordOutcome');

export const effectivenessCheckWorkflow = defineWorkflow({
  name: 'nca-effectiveness-check',
  states: EFFECTIVENESS_CHECK_STATUSES,
  actions: {
    recordEffective: { from: 'scheduled', to: 'effective', who: outcomeRecorder },
    recordNotEffective: { from: 'scheduled', to: 'not_effective', who: outcomeRecorder, requiresReason: true },
  },
});
export type TEffectivenessCheckAction = (typeof effectivenessCheckWorkflow.actions)[number];

/** Where a check stands on a day: due (scheduled, date reached), upcoming, done (effective) or failed. */
export function effectivenessStandingOf(check: { status: TEffectivenessCheckStatus; dueDate: string }, today: string): 'due' | 'upcoming' | 'done' | 'failed' {
  if (check.status === 'effective') return 'done';
  if (check.status === 'not_effective') return 'failed';
  return check.dueDate <= today ? 'due' : 'upcoming';
}

export const ZEffectivenessCheckRecord = ZRecordBase.extend({
  reportId: z.string(),
  dueDate: z.string().describe('YYYY-MM-DD: the closing date plus the severity’s days'),
  status: z.enum(EFFECTIVENESS_CHECK_STATUSES),
  standing: z.enum(['due', 'upcoming', 'done', 'failed']),
  outcomeNote: z.string().nullable(),
  decidedById: z.string().nullable(),
  decidedAt: z.string().nullable(),
  followUpReportId: z.string().nullable().describe('The report opened when the check failed'),
  remindedAt: z.string().nullable().describe('When the consortium was reminded that the check is due'),
});
export type TEffectivenessCheckRecord = z.infer<typeof ZEffectivenessCheckRecord>;

/** The body of the outcome actions: a note (required when not effective). */
export const ZEffectivenessOutcome = z.object({ reason: z.string().trim().max(2000).optional() });
