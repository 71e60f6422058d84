import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { cities, filingSettings } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import { requireGrant } from '../../../lib/access.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { recordAudit } from '../../platform/index.ts';

export const DEFAULT_FILING_SETTINGS = { remindersEnabled: true, reminderDaysAhead: 7 };

export const ZFilingSettings = z.object({
  cityId: z.string(),
  remindersEnabled: z.boolean(),
  reminderDaysAhead: z.number().int().min(0).max(60).describe('Remind hoteliers this many days before a deadline'),
  modello21Required: z.boolean().describe("The comune's setting (cities.modello21Required)"),
});

export const ZFilingSettingsUpdate = z.object({
  remindersEnabled: z.boolean().optional(),
  reminderDaysAhead: z.number().int().min(0).max(60).optional(),
});

export async function filingSettingsOf(db: TDbOrTx, cityId: string) {
  const [row] = await db.select().from(filingSettings).where(eq(filingSettings.cityId, cityId));
  return { ...DEFAULT_FILING_SETTINGS, ...(row ? { remindersEnabled: row.remindersEnabled, reminderDaysAhead: row.reminderDaysAhead } : {}) };
}

/** The comune whose settings are meant: an admin names it, a comune user has its own. */
function cityOf(ctx: TSignedInContext, requested: string | undefined): string {
  const scope = requireGrant(ctx.actor, 'filing-settings', 'read', 'Only the comune manages its filing settings');
  if (scope === 'all') {
    if (!requested) throw new AppError('VALIDATION_FAILED', 'Choose the comune', { details: [{ path: 'cityId', message: 'validation.required' }] });
    return requested;
  }
  if (ctx.actor.cityId) return ctx.actor.cityId;
  throw new AppError('FORBIDDEN', 'Only the comune manages its filing settings');
}

export async function readFilingSettings(ctx: TSignedInContext, requested?: string) {
  const cityId = cityOf(ctx, requested);
  const [city] = await ctx.db.select({ modello21Required: cities.modello21Required }).from(cities).where(eq(cities.id, cityId));
  if (!city) throw notFound('Comune');
  return { cityId, ...(await filingSettingsOf(ctx.db, cityId)), modello21Required: city.modello21Required };
}

export async function updateFilingSettings(ctx: TSignedInContext, requested: string | undefined, input: z.infer<typeof ZFilingSettingsUpdate>) {
  const cityId = cityOf(ctx, requested);
  const before = await readFilingSettings(ctx, cityId);
  const next = { remindersEnabled: input.remindersEnabled ?? before.remindersEnabled, reminderDaysAhead: input.reminderDaysAhead ?? before.reminderDaysAhead };
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(filingSettings)
      .values({ cityId, ...next })
      .onConflictDoUpdate({ target: filingSettings.cityId, set: { ...next, updatedAt: new Date() } });
    await recordAudit(tx, ctx, { action: 'update', entityType: 'filingSettings', entityId: cityId, changes: { before: { from: before }, after: { to: next } } });
  });
  return { ...before, ...next };
}
