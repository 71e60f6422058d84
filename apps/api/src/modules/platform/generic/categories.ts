import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { categories, events } from '../../../db/schema/index.ts';
import { defineCollection } from '../../../lib/collection/define.ts';
import { AppError } from '../../../lib/errors.ts';
import { ZRecordBase } from '../../../lib/schemas.ts';
import { partialWithoutDefaults, ZOptionalText, ZRequiredText } from './shared.ts';

export const CATEGORY_ENTITY_TYPES = ['event', 'tenant'] as const;

const ZCategoryInput = z.object({
  name: ZRequiredText(200),
  description: ZOptionalText(2000),
  order: z.number().int().min(0).default(0),
  isActive: z.boolean().default(true),
  entityType: z.enum(CATEGORY_ENTITY_TYPES).default('event'),
});

/** Categories of events and tenants: every role reads the active ones; admins manage them. */
export const categoriesCollection = defineCollection({
  name: 'categories',
  resource: 'categories',
  table: categories,
  record: ZRecordBase.extend({ name: z.string(), description: z.string().nullable(), order: z.number(), isActive: z.boolean(), entityType: z.enum(CATEGORY_ENTITY_TYPES) }),
  create: ZCategoryInput,
  update: partialWithoutDefaults(ZCategoryInput),
  filterable: { name: categories.name, order: categories.order, isActive: categories.isActive, entityType: categories.entityType },
  searchable: [categories.name, categories.description],
  scopes: { published: () => eq(categories.isActive, true) },
  beforeDelete: async (row, { tx }) => {
    const used = await tx.select({ id: events.id }).from(events).where(eq(events.categoryId, row.id)).limit(1);
    if (used.length > 0) throw new AppError('CONFLICT', 'This category is used by events; deactivate it instead');
  },
});
