import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { otherSide, actingSide } from '@app/domain/tourist-tax/filings/filing-sides';
import { modello21Deadline } from '@app/domain/tourist-tax/filings/deadlines';
import { reconcileModello21 } from '@app/domain/tourist-tax/filings/modello21';
import { modello21Workflow, type TModello21Action } from '@app/domain/tourist-tax/filings/modello21-flow';
import { cities, modello21, structures } from '../../../db/schema/index.ts';
import type { TTx } from '../../../db/client.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { defineWorkflowRuntime } from '../../../lib/workflow/run-transition.ts';
import { recordAudit } from '../../platform/index.ts';
import { notifyFilingSide, pushPending, type TPendingNotifications } from '../declarations/filing-notifications.ts';
import { structureRecordScope, todayInItaly } from '../declarations/filing-scope.ts';
import { prefilledMonths } from './prefill.ts';
import type { TModello21Row } from './modello21.ts';
import { msg } from '../../../i18n/translate.ts';

/** The bodies of the actions: the comune's validation number and notes, or the reason of a return. */
export type TModello21Input = { validationNumber?: string; cityNotes?: string | null; reason?: string } | undefined;

/** The other side hears of a submission, validation or return; the hotelier also by e-mail when the comune acts. */
const notify =
  (action: Exclude<TModello21Action, 'refresh'>) =>
  async ({ tx, saved, input }: { tx: TTx; saved: TModello21Row; input: TModello21Input }): Promise<TPendingNotifications> => {
    const side = actingSide('twentyOneModels', action);
    const params = { year: saved.year, number: saved.validationNumber, reason: input?.reason?.trim() ?? '' };
    const rows = await notifyFilingSide(tx, saved, otherSide(side), {
      title: msg(`modello21.${action}.title`, params),
      body: msg(`modello21.${action}.body`, params),
      event: `modello21.${action}`,
      data: { twentyOneModelId: saved.id },
    });
    return { rows, email: side === 'comune' };
  };

/**
 * The Modello 21 workflow over its table. The hotelier refreshes the draft (months corrected by hand
 * keep their figures) and submits it once every month reconciles and it is signed; the comune
 * validates it with its number (visto di regolarità) or sends it back to draft with a reason.
 */
export function modello21Transitions(app: FastifyInstance) {
  return defineWorkflowRuntime({
    workflow: modello21Workflow,
    table: modello21,
    label: 'Modello 21',
    entityType: 'twentyOneModels',
    auditPrefix: 'modello21',
    scope: (ctx) => structureRecordScope(ctx, modello21.structureId, modello21.cityId),
    facts: ({ row }: { row: TModello21Row }) => ({ issues: reconcileModello21(row, todayInItaly()).issues }),
    reasonOf: (input: TModello21Input) => input?.reason?.trim(),
    audit: (tx, ctx, entry) => recordAudit(tx, ctx, entry),
    deliver: (pending: TPendingNotifications) => pushPending(app, pending),
    effects: {
      refresh: { apply: async ({ tx, row }) => ({ months: await prefilledMonths(tx, row.structureId, row.year, row.months) }) },
      submit: { apply: ({ now }) => ({ submittedAt: now, returnReason: null }), notify: notify('submit') },
      validate: {
        apply: ({ row, input, now }) => ({ validationNumber: input?.validationNumber?.trim() ?? null, cityNotes: input?.cityNotes ?? row.cityNotes, validatedAt: now }),
        notify: notify('validate'),
      },
      return: { apply: ({ input }) => ({ returnReason: input?.reason?.trim() ?? null, submittedAt: null }), notify: notify('return') },
    },
  });
}

/** What the "model info" page shows: the comune's requirement, deadline, reconciliation. */
export async function modello21Info(app: FastifyInstance, ctx: TSignedInContext, id: string) {
  return ctx.db.transaction(async (tx) => {
    const row = await modello21Transitions(app).loadForUpdate(tx, ctx, id, { lock: false });
    const [city] = await tx.select({ name: cities.name, modello21Required: cities.modello21Required }).from(cities).where(eq(cities.id, row.cityId));
    const [structure] = await tx.select({ name: structures.name }).from(structures).where(eq(structures.id, row.structureId));
    const today = todayInItaly();
    const { issues, warnings } = reconcileModello21(row, today);
    return {
      _id: row.id,
      year: row.year,
      status: row.status,
      cityName: city?.name ?? '',
      structureName: structure?.name ?? '',
      required: city?.modello21Required ?? true,
      deadline: modello21Deadline(row.year),
      daysToDeadline: Math.round((Date.parse(modello21Deadline(row.year)) - Date.parse(today)) / 86_400_000),
      reconciled: issues.length === 0,
      canSubmit: modello21Workflow.allowedFrom('submit').includes(row.status) && issues.length === 0,
      issues,
      warnings,
    };
  });
}

export async function loadModello21ForPdf(app: FastifyInstance, ctx: TSignedInContext, id: string) {
  return ctx.db.transaction(async (tx) => modello21Transitions(app).loadForUpdate(tx, ctx, id, { lock: false }));
}
