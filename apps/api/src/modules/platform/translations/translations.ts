import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { labels } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { requireAccess } from '../../../lib/access.ts';
import { validationFailed, type TErrorDetail } from '../../../lib/errors.ts';
import { diffFields, recordAudit } from '../audit/record-audit.ts';
import { LANGUAGES, MAX_VALUE_LENGTH, PLATFORMS, ZLabelInput, ZLabelKey, type TLanguage, type TPlatform } from './labels.ts';

export const MAX_BULK_ENTRIES = 5_000;

export const ZTranslationsQuery = z.object({ language: z.enum(LANGUAGES), platform: z.enum(PLATFORMS).default('web') });
export const ZTranslationEntry = z.object({ key: z.string(), value: z.string() });
export const ZBulkTranslationsBody = z.object({ translations: z.array(z.unknown()).min(1, 'validation.required').max(MAX_BULK_ENTRIES) });
export const ZBulkResult = z.object({ total: z.number(), created: z.number(), updated: z.number() });

/** The published dictionary of one language and platform, ordered by key. */
export async function listTranslations(db: TDbOrTx, language: TLanguage, platform: TPlatform) {
  return (
    db
      .select({ key: labels.key, value: labels.value })
      .from(labels)
      .where(and(eq(labels.language, language), eq(labels.platform, platform)))
      // Byte order, the same on every database whatever its collation.
      .orderBy(sql`${labels.key} collate "C"`)
  );
}

/** Sets one entry, creating it or replacing the value of the same key, language and platform. */
export async function upsertTranslation(ctx: TSignedInContext, input: z.infer<typeof ZLabelInput>) {
  // An upsert creates or replaces a label: both grants are needed.
  await requireAccess(ctx, 'labels', 'create');
  await requireAccess(ctx, 'labels', 'update');
  return ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(labels)
      .where(and(eq(labels.key, input.key), eq(labels.language, input.language), eq(labels.platform, input.platform)))
      .for('update');
    const now = new Date();
    const [row] = existing
      ? await tx
          .update(labels)
          .set({ value: input.value, ...(input.category !== undefined ? { category: input.category } : {}), updatedAt: now })
          .where(eq(labels.id, existing.id))
          .returning()
      : await tx
          .insert(labels)
          .values({ ...input, createdAt: now, updatedAt: now })
          .returning();
    await recordAudit(tx, ctx, { action: existing ? 'update' : 'create', entityType: 'labels', entityId: row.id, changes: diffFields(existing, row) });
    return { row, created: !existing };
  });
}

type TFlatEntry = { key: string; value: string; language: TLanguage; platform: TPlatform; category?: string | null };

/**
 * Flattens a nested value under `key` into dotted keys: `{ a: { b: 'x' } }` under 'menu' gives
 * 'menu.a.b' = 'x'. Leaves must be text; problems are reported at their nested path.
 */
export function flattenTranslationValue(key: string, value: unknown, path: string, problems: TErrorDetail[], row: number): { key: string; value: string; path: string }[] {
  if (typeof value === 'string') {
    if (value.length > MAX_VALUE_LENGTH) problems.push({ path, message: `at most ${MAX_VALUE_LENGTH} characters`, row });
    return [{ key, value, path }];
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) {
      problems.push({ path, message: 'must not be an empty object', row, value });
      return [];
    }
    return entries.flatMap(([child, nested]) => flattenTranslationValue(`${key}.${child}`, nested, `${path}.${child}`, problems, row));
  }
  problems.push({ path, message: 'must be text or an object of texts', row, value });
  return [];
}

const ZBulkEntry = z.object({
  key: ZLabelKey,
  value: z.unknown(),
  language: z.enum(LANGUAGES),
  platform: z.enum(PLATFORMS).default('web'),
  category: z.string().trim().max(100).nullable().optional(),
});

/** Every problem of a bulk list (paths `translations.<index>.<field>`, 1-based row), and the flat entries. */
export function checkBulkTranslations(raw: unknown[]) {
  const problems: TErrorDetail[] = [];
  const flat: TFlatEntry[] = [];
  const seen = new Map<string, number>();
  for (const [index, item] of raw.entries()) {
    const row = index + 1;
    const base = `translations.${index}`;
    const parsed = ZBulkEntry.safeParse(item);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path.join('.');
        const value = item && typeof item === 'object' ? (item as Record<string, unknown>)[String(issue.path[0])] : item;
        problems.push({ path: field ? `${base}.${field}` : base, message: issue.message, row, value });
      }
      continue;
    }
    const { key, value, language, platform, category } = parsed.data;
    for (const leaf of flattenTranslationValue(key, value, `${base}.value`, problems, row)) {
      if (!ZLabelKey.safeParse(leaf.key).success) {
        problems.push({ path: leaf.path, message: 'nested names make an invalid key', row, value: leaf.key });
        continue;
      }
      const identity = `${language}\u0000${platform}\u0000${leaf.key}`;
      const first = seen.get(identity);
      if (first !== undefined) {
        problems.push({ path: leaf.path === `${base}.value` ? `${base}.key` : leaf.path, message: `duplicate of row ${first}`, row, value: leaf.key });
        continue;
      }
      seen.set(identity, row);
      flat.push({ key: leaf.key, value: leaf.value, language, platform, ...(category !== undefined ? { category } : {}) });
    }
  }
  return { problems, flat };
}

const CHUNK = 500;

/** Upserts a whole list in one transaction, or nothing when any entry is bad (all problems listed). */
export async function bulkUpsertTranslations(ctx: TSignedInContext, raw: unknown[]) {
  await requireAccess(ctx, 'labels', 'create');
  await requireAccess(ctx, 'labels', 'update');
  const { problems, flat } = checkBulkTranslations(raw);
  if (problems.length > 0) throw validationFailed(problems, `${new Set(problems.map((p) => p.row)).size} of ${raw.length} entries are not valid`);
  return ctx.db.transaction(async (tx) => {
    let created = 0;
    const now = new Date();
    for (let start = 0; start < flat.length; start += CHUNK) {
      const chunk = flat.slice(start, start + CHUNK);
      const rows = await tx
        .insert(labels)
        .values(chunk.map((entry) => ({ ...entry, createdAt: now, updatedAt: now })))
        .onConflictDoUpdate({
          target: [labels.key, labels.language, labels.platform],
          set: { value: sql`excluded.value`, category: sql`coalesce(excluded.category, ${labels.category})`, updatedAt: now },
        })
        // xmax is 0 only on rows this statement inserted (PostgreSQL's insert-or-update tell).
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      created += rows.filter((r) => r.inserted).length;
    }
    await recordAudit(tx, ctx, { action: 'bulkUpsert', entityType: 'labels', changes: { entries: { to: flat.length }, created: { to: created } } });
    return { total: flat.length, created, updated: flat.length - created };
  });
}
