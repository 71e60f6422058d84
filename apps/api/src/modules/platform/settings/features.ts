import { and, eq, sql, type SQL } from 'drizzle-orm';
import { settings } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import { AREAS, type TArea } from '@app/domain/platform/access/access-table';
import type { TAreaGate } from '../../../lib/access.ts';
import { cachedSettingsRead, forgetCachedSettings } from './settings-cache.ts';

/**
 * The feature flags with their shipped values. They are `settings` rows of type
 * `feature` so that admins switch them in the Settings screen; they cannot be deleted.
 */
export const FEATURE_FLAGS = {
  appVersionUpdateControl: { on: true, name: 'App version update control', public: true },
  cookieBanner: { on: false, name: 'Cookie banner on the public site', public: true },
  profileCompletionControl: { on: false, name: 'Profile completion control', public: true },
  refreshToken: { on: false, name: 'Refresh token', public: true },
  notificationCount: { on: true, name: 'Notification count', public: true },
  permissionsSystem: { on: false, name: 'Permissions system', public: true },
  floatingSidebarToggle: { on: true, name: 'Floating sidebar toggle', public: true },
  translations: { on: false, name: 'Translations from the server', public: true },
  websocket: { on: false, name: 'Websocket', public: true },
  avatarService: { on: false, name: 'Avatar service', public: true },
  publicSite: { on: false, name: 'Public site', public: true },
  socialLogin: { on: false, name: 'Social login', public: true },
  botCheckOnLogin: { on: false, name: 'Bot check on login', public: true },
  botCheckOnRegister: { on: false, name: 'Bot check on register', public: true },
  analytics: { on: false, name: 'Page-view analytics', public: true },
  // The enabled business areas: the menu, landing page and dashboard show only these.
  touristTaxArea: { on: true, name: 'Area: tourist tax', public: true },
  environmentalArea: { on: true, name: 'Area: environmental compliance', public: true },
} as const satisfies Record<string, { on: boolean; name: string; public: boolean }>;

export type TFeatureFlag = keyof typeof FEATURE_FLAGS;
export const isFeatureFlag = (name: string): name is TFeatureFlag => Object.hasOwn(FEATURE_FLAGS, name);
/** Every flag's name, typed. */
export const FEATURE_FLAG_NAMES: readonly TFeatureFlag[] = Object.keys(FEATURE_FLAGS).filter(isFeatureFlag);
export const FEATURE_SETTING_TYPE = 'feature';

/**
 * Forgets every cached flag value (and every other cached read of settings). Writes happen inside
 * transactions; the notification of the commit (settings-cache.ts) forgets them again in every process.
 */
export function invalidateFeatureCache(_db?: TDbOrTx) {
  forgetCachedSettings();
}

export async function readFeatures(db: TDbOrTx): Promise<Record<TFeatureFlag, boolean>> {
  const values = await cachedSettingsRead(
    db,
    'features',
    async () => new Map((await db.select({ code: settings.code, isActive: settings.isActive }).from(settings).where(eq(settings.settingType, FEATURE_SETTING_TYPE))).map((r) => [r.code, r.isActive])),
  );
  const out = {} as Record<TFeatureFlag, boolean>;
  for (const code of FEATURE_FLAG_NAMES) out[code] = values.get(code) ?? FEATURE_FLAGS[code].on;
  return out;
}

export async function isFeatureOn(db: TDbOrTx, flag: TFeatureFlag): Promise<boolean> {
  return (await readFeatures(db))[flag];
}

/** The flag that switches each business area on. */
const AREA_FLAGS: Record<Exclude<TArea, 'platform'>, TFeatureFlag> = { touristTax: 'touristTaxArea', environmental: 'environmentalArea' };

/** The business areas switched on by their flags; the platform always is. */
export const enabledAreas: TAreaGate = async (db) => {
  const features = await readFeatures(db);
  const areas = new Set<TArea>(['platform']);
  for (const area of AREAS) if (area !== 'platform' && features[AREA_FLAGS[area]]) areas.add(area);
  return areas;
};

/** SQL: the area is switched on (its flag's row, else the shipped value), for conditions a query evaluates itself. */
export function areaSwitchedOn(area: TArea): SQL | undefined {
  if (area === 'platform') return undefined;
  const flag = AREA_FLAGS[area];
  return sql`coalesce((select flag.is_active from ${settings} flag where flag.setting_type = ${FEATURE_SETTING_TYPE} and flag.code = ${flag}), ${FEATURE_FLAGS[flag].on})`;
}

/** Inserts the flags that are missing, with their shipped values; existing choices are kept. */
export async function ensureFeatureFlags(db: TDbOrTx) {
  for (const [code, def] of Object.entries(FEATURE_FLAGS)) {
    await db.insert(settings).values({ code, name: def.name, settingType: FEATURE_SETTING_TYPE, isActive: def.on, isSystem: true }).onConflictDoNothing();
  }
}

export async function setFeature(db: TDbOrTx, flag: TFeatureFlag, on: boolean) {
  await db
    .update(settings)
    .set({ isActive: on, updatedAt: new Date() })
    .where(and(eq(settings.settingType, FEATURE_SETTING_TYPE), eq(settings.code, flag)));
  invalidateFeatureCache(db);
}
