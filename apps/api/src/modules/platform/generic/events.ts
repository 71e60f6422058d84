import { can } from '@app/domain/platform/access/access-table';
import { EVENT_STATUSES, eventActionFor, eventWorkflow } from '@app/domain/platform/events/event-flow';
import { eq, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { categories, events } from '../../../db/schema/index.ts';
import { scopeCondition, type TScopeImplementations } from '../../../lib/access.ts';
import { defineCollection, type TSignedInContext } from '../../../lib/collection/define.ts';
import { AppError } from '../../../lib/errors.ts';
import { ZRecordBase } from '../../../lib/schemas.ts';
import { defineWorkflowRuntime } from '../../../lib/workflow/run-transition.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { assertReferenceExists, partialWithoutDefaults, ZOptionalText, ZRequiredText } from './shared.ts';

export { EVENT_STATUSES };

const ZEventInput = z.object({
  name: ZRequiredText(200),
  description: ZOptionalText(10_000),
  galleryImages: z.array(z.string().trim().min(1).max(2048)).max(30).default([]),
  status: z.enum(EVENT_STATUSES).default('waitingConfirmation'),
  categoryId: z.uuid().nullish(),
});

const eventScopes: TScopeImplementations = {
  // Confirmed events, and the ones you proposed.
  published: (ctx) => or(eq(events.status, 'confirmed'), eq(events.createdById, ctx.actor.id)),
  self: (ctx) => eq(events.createdById, ctx.actor.id),
};

/** The status changes of events, through the runner: a hotelier cancels their own, an administrator confirms or reopens any. */
export const eventTransitions = defineWorkflowRuntime({
  workflow: eventWorkflow,
  table: events,
  label: 'event',
  entityType: 'events',
  auditPrefix: 'event',
  scope: (ctx: TSignedInContext): SQL | undefined => scopeCondition(ctx, 'events', 'update', eventScopes, 'write'),
  // No guard looks at more than the status.
  facts: (): Record<string, never> => ({}),
  audit: (tx, ctx, entry) => recordAudit(tx, ctx, entry),
  effects: {},
});

/**
 * Events: users propose them (waitingConfirmation) and see their own plus confirmed ones; only an
 * admin confirms. A user may cancel their own event but not confirm it.
 */
export const eventsCollection = defineCollection({
  name: 'events',
  resource: 'events',
  table: events,
  record: ZRecordBase.extend({
    name: z.string(),
    description: z.string().nullable(),
    galleryImages: z.array(z.string()),
    status: z.enum(EVENT_STATUSES),
    categoryId: z.string().nullable(),
    createdById: z.string().nullable(),
  }),
  create: ZEventInput,
  update: partialWithoutDefaults(ZEventInput),
  filterable: { name: events.name, status: events.status, categoryId: events.categoryId, createdById: events.createdById },
  searchable: [events.name, events.description],
  scopes: eventScopes,
  toRow: async ({ input, tx, ctx, existing }) => {
    // A new event starts in its first state; only a confirmer proposes it already confirmed. Changes of status go through the workflow.
    if (!existing && input.status === 'confirmed' && !can(ctx.actor.role, 'events', 'confirm')) throw new AppError('FORBIDDEN', 'Only an administrator confirms events');
    await assertReferenceExists(tx, categories, input.categoryId, 'categoryId', eq(categories.entityType, 'event'));
    return existing ? input : { ...input, createdById: ctx.actor.id };
  },
  workflow: {
    statusKey: 'status',
    change: async (unit, ctx, id, from, to) => {
      const action = eventWorkflow.isStatus(from) && eventWorkflow.isStatus(to) ? eventActionFor(from, to) : null;
      if (!action) throw new Error(`events: no change from ${from} to ${to}`);
      return eventTransitions.runInTx(unit, ctx, id, action, undefined);
    },
  },
});
