import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { checkWasteForm } from '@app/domain/environmental/waste/form-rules';
import { formWorkflow, type TFormAction } from '@app/domain/environmental/waste/form-flow';
import { users, wasteForms } from '../../../db/schema/index.ts';
import type { TTx } from '../../../db/client.ts';
import { scopeCondition } from '../../../lib/access.ts';
import { defineWorkflowRuntime } from '../../../lib/workflow/run-transition.ts';
import { createNotification, pushNotification, recordAudit, type TNotificationRow } from '../../platform/index.ts';
import { factsOf, formScopes, type TFormRow } from './forms.ts';
import { msg } from '../../../i18n/translate.ts';

/** The bodies of the actions: the reason of a rejection or a revocation. */
export type TFormInput = { reason?: string } | undefined;

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
 * The consortium's review of a form over its table: approve (once the RENTRI checks pass), reject
 * with a reason (it stays pending, the reason on it), revoke an approval (administrators, with a
 * reason). The agency's accounts are notified of each.
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
    },
  });
}
