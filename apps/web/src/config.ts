import { createContext, useContext } from 'react';

export type TFeatureFlags = {
  appVersionUpdateControl: boolean;
  cookieBanner: boolean;
  profileCompletionControl: boolean;
  refreshToken: boolean;
  notificationCount: boolean;
  permissionsSystem: boolean;
  floatingSidebarToggle: boolean;
  translations: boolean;
  websocket: boolean;
  avatarService: boolean;
  publicSite: boolean;
  socialLogin: boolean;
  botCheckOnLogin: boolean;
  botCheckOnRegister: boolean;
  analytics: boolean;
  touristTaxArea: boolean;
  environmentalArea: boolean;
};

export type TAppConfig = {
  demo: boolean;
  buildType: string;
  version: string;
  environment: string;
  features: TFeatureFlags;
};

/** The shipped values of the feature flags, used for any flag the server does not send. */
export const DEFAULT_FEATURES: TFeatureFlags = {
  appVersionUpdateControl: true,
  cookieBanner: false,
  profileCompletionControl: false,
  refreshToken: false,
  notificationCount: true,
  permissionsSystem: false,
  floatingSidebarToggle: true,
  translations: false,
  websocket: false,
  avatarService: false,
  publicSite: false,
  socialLogin: false,
  botCheckOnLogin: false,
  botCheckOnRegister: false,
  analytics: false,
  touristTaxArea: true,
  environmentalArea: true,
};

let currentConfig: TAppConfig = {
  demo: false,
  buildType: 'backoffice',
  version: '0.0.0',
  environment: 'production',
  features: DEFAULT_FEATURES,
};

/** Read by non-React code (data provider, auth provider). */
export function getConfig(): TAppConfig {
  return currentConfig;
}

export async function loadConfig(): Promise<TAppConfig> {
  const response = await fetch('/api/config', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /api/config answered ${response.status}`);
  const body = (await response.json()) as Partial<TAppConfig>;
  currentConfig = {
    ...currentConfig,
    ...body,
    features: { ...DEFAULT_FEATURES, ...(body.features ?? {}) },
  };
  return currentConfig;
}

/**
 * The environment label: DEMO on a demo server (demo data, known passwords), DEV on a development
 * server (not production, a localhost address or an address naming "dev"), otherwise PROD.
 */
export function environmentLabel(config: Pick<TAppConfig, 'demo' | 'environment'>, origin: string): 'DEMO' | 'DEV' | 'PROD' {
  if (config.demo) return 'DEMO';
  const host = origin.toLowerCase();
  if (config.environment !== 'production' || host.includes('dev') || /\/\/(localhost|127\.0\.0\.1|\[::1\])(:|$)/.test(host)) return 'DEV';
  return 'PROD';
}

export const ConfigContext = createContext<TAppConfig>(currentConfig);

export function useAppConfig(): TAppConfig {
  return useContext(ConfigContext);
}

export function useFeature(flag: keyof TFeatureFlags): boolean {
  return useAppConfig().features[flag];
}
