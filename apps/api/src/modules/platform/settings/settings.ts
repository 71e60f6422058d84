import { and, eq, inArray, isNull, ne, not, or, type SQL } from 'drizzle-orm';
import { areaOf, type TResource } from '@app/domain/platform/access/access-table';
import { settings, users } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import { scopeCondition, type TScopeImplementations } from '../../../lib/access.ts';
import { defineCollection, type TRowValues, type TSignedInContext, type TWrite } from '../../../lib/collection/define.ts';
import { rowToRecord } from '../../../lib/collection/serialize.ts';
import { AppError, validationFailed, type TErrorDetail } from '../../../lib/errors.ts';
import { areaSwitchedOn, FEATURE_SETTING_TYPE, invalidateFeatureCache } from './features.ts';
import { settingAttributeProblems } from '@app/domain/environmental/settings';
import { ZSettingCreate, ZSettingRecord, ZSettingUpdate, type TSettingCreate, type TSettingType, type TSettingUpdate } from '@app/domain/platform/settings/settings';

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

/**
 * The setting types a business area owns (its lists), with the access-table resource and record
 * scopes of the area's own settings route. /api/settings shows them to a non-administrator only as
 * that route would: the same grant and scope, and only while the area is switched on. So a hotelier
 * or a comune reads none of the environmental lists (nor the consortium staff named as default
 * observers), and a supplier only the active entries.
 */
type TAreaSettingTypes = { types: readonly TSettingType[]; resource: TResource; scopes: TScopeImplementations };
const areaSettingTypes = new Map<TResource, TAreaSettingTypes>();

export function registerAreaSettingTypes(entry: TAreaSettingTypes) {
  areaSettingTypes.set(entry.resource, entry);
}

/** The `published` scope of /api/settings: no feature flag (administrators only), an area's lists as the area's route grants them. */
function publishedSettings(ctx: TSignedInContext): SQL {
  const parts: (SQL | undefined)[] = [ne(settings.settingType, FEATURE_SETTING_TYPE)];
  for (const { types, resource, scopes } of areaSettingTypes.values()) {
    const ofArea = inArray(settings.settingType, [...types]);
    const area = areaOf(resource);
    parts.push(or(not(ofArea), and(ofArea, area ? areaSwitchedOn(area) : undefined, scopeCondition(ctx, resource, 'read', scopes))));
  }
  return and(...parts)!;
}

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
    problems.push(
      ...settingAttributeProblems(type, {
        ambientCategory: merged.ambientCategory,
        agencyFunctionType: merged.agencyFunctionType,
        userId: currentUserId,
        needsContainment: merged.needsContainment,
        effectivenessCheckDays: merged.effectivenessCheckDays,
        severityRank: merged.severityRank,
      }),
    );
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
 * the NCA lists. Administrators read and edit them all; other roles read the lists their area's own
 * route grants them (registerAreaSettingTypes). A setting still in use is not deleted.
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
  scopes: { published: publishedSettings },
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
