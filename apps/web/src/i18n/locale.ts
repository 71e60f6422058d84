import { fetchTranslations } from '../dataProvider/api';
import { getStoredLocale } from '../session/store';

/** The languages and the admin's label overrides, without any messages: the sign-in page and the admin app share them. */

export const DEFAULT_LOCALE = 'it';
export const LOCALES = [
  { locale: 'it', name: 'Italiano' },
  { locale: 'en', name: 'English' },
];

export type TOverride = { key: string; value: string };

const overrides: Record<string, TOverride[]> = {};
let overridesVersion = 0;

export function isSupportedLocale(locale: string | null | undefined): locale is string {
  return !!locale && LOCALES.some((option) => option.locale === locale);
}

export function initialLocale(): string {
  const stored = getStoredLocale();
  return isSupportedLocale(stored) ? stored : DEFAULT_LOCALE;
}

/** The labels loaded for the language, or undefined when none were loaded yet. */
export function overridesFor(locale: string): TOverride[] | undefined {
  return overrides[locale];
}

/** Changes whenever a language's labels are (re)loaded: caches of translated keys compare it. */
export function currentOverridesVersion(): number {
  return overridesVersion;
}

/**
 * Labels from GET /api/translations replace the bundled ones. They are always fetched: keys an
 * admin saved in the Labels screen must take effect even while the translations feature is off.
 * A failed fetch leaves the bundled messages (logged only).
 */
export async function loadOverrides(locale: string): Promise<void> {
  try {
    overrides[locale] = await fetchTranslations(locale);
  } catch (error) {
    console.warn('translations not loaded', error);
    overrides[locale] = overrides[locale] ?? [];
  }
  overridesVersion += 1;
}
