import { and, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { labels } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import { defineCollection } from '../../../lib/collection/define.ts';
import { AppError } from '../../../lib/errors.ts';
import { ZRecordBase } from '../../../lib/schemas.ts';
import { partialWithoutDefaults } from '../../../lib/schemas.ts';

export const LANGUAGES = ['it', 'en'] as const;
export const PLATFORMS = ['web', 'app'] as const;
export type TLanguage = (typeof LANGUAGES)[number];
export type TPlatform = (typeof PLATFORMS)[number];

const KEY_PATTERN = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*$/;
export const MAX_KEY_LENGTH = 300;
export const MAX_VALUE_LENGTH = 10_000;

export const ZLabelKey = z.string().trim().min(1, 'validation.required').max(MAX_KEY_LENGTH).regex(KEY_PATTERN, 'dotted key of letters, digits, _ and -');

export const ZLabelInput = z.object({
  key: ZLabelKey,
  value: z.string().max(MAX_VALUE_LENGTH),
  language: z.enum(LANGUAGES),
  platform: z.enum(PLATFORMS).default('web'),
  category: z.string().trim().max(100).nullable().optional(),
});

export const ZLabelRecord = ZRecordBase.extend({
  key: z.string(),
  value: z.string(),
  language: z.enum(LANGUAGES),
  platform: z.enum(PLATFORMS),
  category: z.string().nullable(),
});

export const duplicateLabel = (key: unknown) =>
  new AppError('DUPLICATE', 'This key already has a value for this language and platform', { details: [{ path: 'key', message: 'must be unique per language and platform', value: key }] });

async function assertLabelFree(db: TDbOrTx, values: { key: string; language: string; platform: string }, exceptId?: string) {
  const [clash] = await db
    .select({ id: labels.id })
    .from(labels)
    .where(and(eq(labels.key, values.key), eq(labels.language, values.language), eq(labels.platform, values.platform), exceptId ? ne(labels.id, exceptId) : undefined));
  if (clash) throw duplicateLabel(values.key);
}

/** Labels: translation entries with a category, managed by admins only. */
export const labelsCollection = defineCollection({
  name: 'labels',
  resource: 'labels',
  table: labels,
  record: ZLabelRecord,
  create: ZLabelInput,
  // Without create defaults: a partial update must not reset untouched fields.
  update: partialWithoutDefaults(ZLabelInput),
  filterable: { key: labels.key, language: labels.language, platform: labels.platform, category: labels.category },
  searchable: [labels.key, labels.value, labels.category],
  async toRow({ input, tx, existing }) {
    const merged = existing ? { ...existing, ...input } : input;
    await assertLabelFree(tx, { key: merged.key, language: merged.language, platform: merged.platform ?? 'web' }, existing?.id);
    return input;
  },
});
