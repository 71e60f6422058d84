import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { acceptanceOfOutcome, checkWasteForm, type TDestinationOutcome } from '@app/domain/environmental/waste/form-rules';
import { ACCEPTANCE_OF_ACTION, formWorkflow, type TAcceptanceAction, type TFormAction } from '@app/domain/environmental/waste/form-flow';
import { validationFailed } from '../../../lib/errors.ts';
import { users, wasteForms } from '../../../db/schema/index.ts';
import type { TTx } from '../../../db/client.ts';
import { scopeCondition } from '../../../lib/access.ts';
import { defineWorkflowRuntime } from '../../../lib/workflow/run-transition.ts';
import { createNotification, pushNotification, recordAudit, type TNotificationRow } from '../../platform/index.ts';
import { factsOf, formScopes, type TFormRow } from './forms.ts';
import { msg } from '../../../i18n/translate.ts';

/** The bodies of the actions: a reason (reject, revoke, cancel, acceptInPart, refuse) and the destination's outcome. */
export type TFormInput = ({ reason?: string } & Omit<TDestinationOutcome, 'reason'>) | undefined;

/** The acceptance an outcome action records, checked against the quantity shipped (400 naming each field). */
function recordOutcome(action: TAcceptanceAction, row: TFormRow, input: TFormInput, now: Date): Partial<TFormRow> {
  const outcome = acceptanceOfOutcome(ACCEPTANCE_OF_ACTION[action], input ?? {}, { value: row.quantity, unit: row.quantityUnit });
  if (!outcome.ok) throw validationFailed(outcome.issues);
  return { acceptance: outcome.acceptance, outcomeAt: now };
}

/** The supplier agency's accounts hear of every decision on its forms. */
async function notifyAgency(tx: TTx, row: TFormRow, action: TFormAction, reason: string): Promise<TNotificationRow[]> {
  const recipients = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.agencyId, row.targetAgencyId), eq(users.isEnabled, true), isNull(users.deletedAt)));
  const params = { code: row.code, reason };
  const created: TNotificationRow[] = [];
  for (const user of recipients)
    created.push(await createNotification(tx, user.id, { title: msg(`form.${action}.title`, params), body: msg(`form.${action}.body`, params), event: `form.${action}`, data: { formId: row.id } }));
  return created;
}

const notify =
  (action: TFormAction) =>
  ({ tx, saved, input }: { tx: TTx; saved: TFormRow; input: TFormInput }) =>
    notifyAgency(tx, saved, action, input?.reason?.trim() ?? '');

/**
 * A form's life over its table: the consortium's signature (approve, once the RENTRI checks pass),
 * reject with a reason (it stays compiled, the reason on it), revoke (administrators, with a reason),
 * the departure, the destination's outcome with the quantity taken, a cancellation. The agency's
 * accounts are notified of each.
 */
export function formTransitions(app: FastifyInstance) {
  return defineWorkflowRuntime({
    workflow: formWorkflow,
    table: wasteForms,
    label: 'form',
    entityType: 'forms',
    auditPrefix: 'form',
    scope: (ctx) => scopeCondition(ctx, 'forms', 'read', formScopes),
    facts: ({ row }: { row: TFormRow }) => ({ issues: checkWasteForm(factsOf(row)) }),
    reasonOf: (input: TFormInput) => input?.reason?.trim(),
    audit: (tx, ctx, entry) => recordAudit(tx, ctx, entry),
    deliver: async (rows: TNotificationRow[]) => {
      for (const row of rows) await pushNotification(app.services, row).catch((error) => app.log.error({ err: error }, 'notification push failed'));
    },
    effects: {
      approve: { apply: ({ ctx, now }) => ({ approvedAt: now, approvedById: ctx.actor.id, rejectionReason: null, rejectedAt: null }), notify: notify('approve') },
      reject: { apply: ({ input, now }) => ({ rejectionReason: input?.reason?.trim() ?? null, rejectedAt: now }), notify: notify('reject') },
      revoke: { apply: ({ input }) => ({ revokeReason: input?.reason?.trim() ?? null, approvedAt: null, approvedById: null }), notify: notify('revoke') },
      startTransport: { apply: ({ now }) => ({ transportStartedAt: now }), notify: notify('startTransport') },
      accept: { apply: ({ row, input, now }) => recordOutcome('accept', row, input, now), notify: notify('accept') },
      acceptInPart: { apply: ({ row, input, now }) => recordOutcome('acceptInPart', row, input, now), notify: notify('acceptInPart') },
      refuse: { apply: ({ row, input, now }) => recordOutcome('refuse', row, input, now), notify: notify('refuse') },
      cancel: { apply: ({ input, now }) => ({ cancelReason: input?.reason?.trim() ?? null, cancelledAt: now }), notify: notify('cancel') },
    },
  });
}
