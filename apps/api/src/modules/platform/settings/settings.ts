import { and, eq, isNull, ne } from 'drizzle-orm';
import { settings, users } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import { defineCollection, type TRowValues, type TWrite } from '../../../lib/collection/define.ts';
import { rowToRecord } from '../../../lib/collection/serialize.ts';
import { AppError, validationFailed, type TErrorDetail } from '../../../lib/errors.ts';
import { invalidateFeatureCache } from './features.ts';
import { settingAttributeProblems } from '@app/domain/environmental/settings';
import { ZSettingCreate, ZSettingRecord, ZSettingUpdate, type TSettingCreate, type TSettingUpdate } from '@app/domain/platform/settings/settings';

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

export { ZSettingRecord };

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
  const [user] = await db
    .select({ id: users.id, name: users.name, surname: users.surname, email: users.email })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return user;
}

export async function settingRowValues({ input, tx: db, existing }: TWrite<TSettingRow, TSettingCreate, TSettingUpdate>): Promise<TRowValues<typeof settings>> {
  const problems: TErrorDetail[] = [];
  if (existing?.isSystem) {
    const current = new Map(Object.entries(existing));
    for (const [key, value] of Object.entries(input)) {
      if (!SYSTEM_EDITABLE.has(key) && value !== current.get(key)) {
        problems.push({ path: key, message: 'feature flags can only be switched on or off and renamed' });
      }
    }
    if (problems.length > 0) throw validationFailed(problems);
    return input;
  }
  if (existing && input.settingType !== undefined && input.settingType !== existing.settingType) {
    throw validationFailed([{ path: 'settingType', message: 'cannot be changed; create a new setting', value: input.settingType }]);
  }
  const type = existing ? existing.settingType : input.settingType;
  const { userId: _userId, ...fields } = input;
  const values: TRowValues<typeof settings> = { ...fields };
  const merged = { ...existing, ...values };
  const currentUserId = input.userId ?? existing?.userId ?? undefined;
  if (type !== 'feature') {
    problems.push(...settingAttributeProblems(type, { ambientCategory: merged.ambientCategory, agencyFunctionType: merged.agencyFunctionType, userId: currentUserId }));
  }
  if (type === 'defaultObserver' && typeof input.userId === 'string') {
    const user = await activeUser(db, input.userId);
    if (!user) problems.push({ path: 'userId', message: 'does not exist', value: input.userId });
    else {
      values.userId = user.id;
      values.code = user.id;
      if (!existing && !input.name) values.name = [user.name, user.surname].filter(Boolean).join(' ') || user.email;
    }
    if (input.code !== undefined && input.code !== input.userId) problems.push({ path: 'code', message: "a default observer's code is its user id", value: input.code });
  } else if (type === 'defaultObserver' && input.code !== undefined && input.code !== existing?.code) {
    problems.push({ path: 'code', message: "a default observer's code is its user id", value: input.code });
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
  // Feature flags configure the product: only administrators see them, not even by id.
  scopes: { published: () => ne(settings.settingType, 'feature') },
  toRecord: (row) => ({ ...rowToRecord(row), userId: row.userId }),
  toRow: settingRowValues,
  async beforeDelete(setting, { tx }) {
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
