import { can } from '@app/domain/platform/access/access-table';
import { eq, or } from 'drizzle-orm';
import { z } from 'zod';
import { categories, events } from '../../../db/schema/index.ts';
import { defineCollection } from '../../../lib/collection/define.ts';
import { AppError } from '../../../lib/errors.ts';
import { ZRecordBase } from '../../../lib/schemas.ts';
import { assertReferenceExists, partialWithoutDefaults, ZOptionalText, ZRequiredText } from './shared.ts';

export const EVENT_STATUSES = ['waitingConfirmation', 'confirmed', 'canceled'] as const;

const ZEventInput = z.object({
  name: ZRequiredText(200),
  description: ZOptionalText(10_000),
  galleryImages: z.array(z.string().trim().min(1).max(2048)).max(30).default([]),
  status: z.enum(EVENT_STATUSES).default('waitingConfirmation'),
  categoryId: z.uuid().nullish(),
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
  scopes: {
    // Confirmed events, and the ones you proposed.
    published: (ctx) => or(eq(events.status, 'confirmed'), eq(events.createdById, ctx.actor.id)),
    self: (ctx) => eq(events.createdById, ctx.actor.id),
  },
  toRow: async ({ input, tx, ctx, existing }) => {
    const status = input.status;
    if (!can(ctx.actor.role, 'events', 'confirm') && status !== undefined && status !== (existing?.status ?? 'waitingConfirmation') && status !== 'canceled') {
      throw new AppError('FORBIDDEN', 'Only an administrator confirms events');
    }
    await assertReferenceExists(tx, categories, input.categoryId, 'categoryId', eq(categories.entityType, 'event'));
    return existing ? input : { ...input, createdById: ctx.actor.id };
  },
});
