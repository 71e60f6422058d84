import { and, eq, isNull, ne } from 'drizzle-orm';
import { z } from 'zod';
import { settings, users } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import { defineCollection } from '../../../lib/collection/define.ts';
import { rowToRecord } from '../../../lib/collection/serialize.ts';
import { AppError, validationFailed, type TErrorDetail } from '../../../lib/errors.ts';
import { ZRecordBase } from '../../../lib/schemas.ts';
import { invalidateFeatureCache } from './features.ts';
import { settingAttributeProblems, type TEnvironmentalSettingType } from '@app/domain/environmental/settings';
import { AGENCY_FUNCTION_TYPES, AMBIENT_CATEGORIES, NCA_SETTING_TYPES, SETTING_TYPES, type TSettingType } from './setting-types.ts';

type TSettingRow = typeof settings.$inferSelect;

/**
 * Who still uses a setting. Settings are referenced by NCA reports, actions and orders, which other
 * modules own: each registers a check here returning one human-readable line per use (empty when
 * unused). No such module exists yet, so today only feature flags are refused on delete.
 */
export type TSettingUsageCheck = (db: TDbOrTx, setting: TSettingRow) => Promise<string[]>;
const usageChecks = new Set<TSettingUsageCheck>();

/** Registers a usage check; returns a function that removes it (tests). */
export function registerSettingUsageCheck(check: TSettingUsageCheck): () => void {
  usageChecks.add(check);
  return () => usageChecks.delete(check);
}

export async function findSettingUsages(db: TDbOrTx, setting: TSettingRow): Promise<string[]> {
  const found: string[] = [];
  for (const check of usageChecks) found.push(...(await check(db, setting)));
  return found;
}

const ZCode = z.string().trim().min(1).max(100).regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, _ . - only');

const ZSettingCreate = z.object({
  settingType: z.enum(NCA_SETTING_TYPES),
  code: ZCode.optional(),
  name: z.string().trim().min(1, 'validation.required').max(200).optional(),
  description: z.string().trim().max(2000).nullable().optional(),
  isActive: z.boolean().default(true),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #1a2b3c').nullable().optional(),
  ambientCategory: z.enum(AMBIENT_CATEGORIES).nullable().optional(),
  agencyFunctionType: z.enum(AGENCY_FUNCTION_TYPES).nullable().optional(),
  /** Default observers: the observing user (its id is also the setting's code). */
  userId: z.uuid().optional(),
});

const ZSettingUpdate = ZSettingCreate.omit({ settingType: true, isActive: true })
  .partial()
  .extend({ settingType: z.enum(SETTING_TYPES).optional(), isActive: z.boolean().optional() });

export const ZSettingRecord = ZRecordBase.extend({
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  settingType: z.enum(SETTING_TYPES),
  isActive: z.boolean(),
  color: z.string().nullable(),
  ambientCategory: z.string().nullable(),
  agencyFunctionType: z.string().nullable(),
  isSystem: z.boolean(),
  userId: z.string().nullable(),
});

/** Feature flags are switched and renamed, nothing else. */
const SYSTEM_EDITABLE = new Set(['isActive', 'name', 'description']);

export function slugOf(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
  return slug || 'setting';
}

async function activeUser(db: TDbOrTx, id: string) {
  const [user] = await db.select({ id: users.id, name: users.name, surname: users.surname, email: users.email }).from(users).where(and(eq(users.id, id), isNull(users.deletedAt)));
  return user;
}

export async function settingRowValues(input: Record<string, unknown>, db: TDbOrTx, existing: TSettingRow | undefined) {
  const problems: TErrorDetail[] = [];
  if (existing?.isSystem) {
    for (const key of Object.keys(input)) {
      if (!SYSTEM_EDITABLE.has(key) && input[key] !== (existing as Record<string, unknown>)[key]) {
        problems.push({ path: key, message: 'feature flags can only be switched on or off and renamed' });
      }
    }
    if (problems.length > 0) throw validationFailed(problems);
    return input;
  }
  if (existing && input.settingType !== undefined && input.settingType !== existing.settingType) {
    throw validationFailed([{ path: 'settingType', message: 'cannot be changed; create a new setting', value: input.settingType }]);
  }
  const type = (existing?.settingType ?? input.settingType) as TSettingType;
  const values: Record<string, unknown> = { ...input };
  delete values.userId;
  const merged = { ...(existing ?? {}), ...values } as Record<string, unknown>;
  const currentUserId = input.userId ?? existing?.userId ?? undefined;
  if (type !== 'feature') {
    problems.push(...settingAttributeProblems(type as TEnvironmentalSettingType, { ambientCategory: merged.ambientCategory, agencyFunctionType: merged.agencyFunctionType, userId: currentUserId }));
  }
  if (type === 'defaultObserver' && typeof input.userId === 'string') {
    const user = await activeUser(db, input.userId);
    if (!user) problems.push({ path: 'userId', message: 'does not exist', value: input.userId });
    else {
      values.userId = user.id;
      values.code = user.id;
      if (!existing && !input.name) values.name = [user.name, user.surname].filter(Boolean).join(' ') || user.email;
    }
    if (input.code !== undefined && input.code !== input.userId) problems.push({ path: 'code', message: 'a default observer\'s code is its user id', value: input.code });
  } else if (type === 'defaultObserver' && input.code !== undefined && input.code !== existing?.code) {
    problems.push({ path: 'code', message: 'a default observer\'s code is its user id', value: input.code });
  }
  if (!existing && !values.name) problems.push({ path: 'name', message: 'validation.required' });
  if (problems.length > 0) throw validationFailed(problems);

  if (!existing && !values.code) values.code = slugOf(String(values.name));
  if (typeof values.code === 'string') {
    const [clash] = await db
      .select({ id: settings.id })
      .from(settings)
      .where(and(eq(settings.settingType, type), eq(settings.code, values.code), existing ? ne(settings.id, existing.id) : undefined));
    if (clash) {
      const path = type === 'defaultObserver' ? 'userId' : 'code';
      throw new AppError('DUPLICATE', type === 'defaultObserver' ? 'This user is already a default observer' : 'A setting of this type with this code exists', {
        details: [{ path, message: 'must be unique', value: values.code }],
      });
    }
  }
  return values;
}

/**
 * Settings: the feature flags (system rows: switched, never deleted) and
 * the NCA lists. Everybody signed in reads them; admins edit. A setting still in use is not deleted.
 */
export const settingsCollection = defineCollection({
  name: 'settings',
  resource: 'settings',
  table: settings,
  record: ZSettingRecord,
  create: ZSettingCreate,
  update: ZSettingUpdate,
  filterable: {
    settingType: settings.settingType,
    code: settings.code,
    name: settings.name,
    isActive: settings.isActive,
    isSystem: settings.isSystem,
    ambientCategory: settings.ambientCategory,
    agencyFunctionType: settings.agencyFunctionType,
    userId: settings.userId,
  },
  searchable: [settings.name, settings.code, settings.description],
  toRecord: (row) => ({ ...rowToRecord(row), userId: row.userId }),
  toRow: (input, { tx, existing }) => settingRowValues(input, tx, existing as TSettingRow | undefined),
  async beforeDelete(row, { tx }) {
    const setting = row as TSettingRow;
    if (setting.isSystem) {
      throw new AppError('SETTING_IN_USE', 'Feature flags are part of the product: switch them off instead', { details: [{ path: 'isSystem', message: 'system setting' }] });
    }
    const usages = await findSettingUsages(tx, setting);
    if (usages.length > 0) {
      throw new AppError('SETTING_IN_USE', 'This setting is still in use', { details: usages.map((message) => ({ path: '_id', message })) });
    }
  },
  afterWrite: () => invalidateFeatureCache(),
});
