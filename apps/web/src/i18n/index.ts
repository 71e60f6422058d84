import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider } from 'ra-core';
import { fetchTranslations } from '../dataProvider/api';
import { configureErrorTranslation } from '../dataProvider/errors';
import { getStoredLocale, setStoredLocale } from '../session/store';
import { enMessages } from './en';
import { itMessages } from './it';
import { applyOverrides, flattenMessages, type TMessages } from './messages';

export const DEFAULT_LOCALE = 'it';
export const LOCALES = [
  { locale: 'it', name: 'Italiano' },
  { locale: 'en', name: 'English' },
];

const bundled: Record<string, TMessages> = { it: itMessages, en: enMessages };
const overrides: Record<string, { key: string; value: string }[]> = {};
const keyCache: Record<string, Set<string>> = {};

export function isSupportedLocale(locale: string | null | undefined): locale is string {
  return !!locale && locale in bundled;
}

export function initialLocale(): string {
  const stored = getStoredLocale();
  return isSupportedLocale(stored) ? stored : DEFAULT_LOCALE;
}

function messagesFor(locale: string): TMessages {
  return applyOverrides(bundled[locale] ?? bundled[DEFAULT_LOCALE], overrides[locale] ?? []);
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
  delete keyCache[locale];
}

function knownKeys(locale: string): Set<string> {
  if (!keyCache[locale]) keyCache[locale] = new Set(Object.keys(flattenMessages(messagesFor(locale))));
  return keyCache[locale];
}

export function createI18nProvider(locale: string): I18nProvider {
  const provider = polyglotI18nProvider(
    (requested) => (overrides[requested] !== undefined ? messagesFor(requested) : loadOverrides(requested).then(() => messagesFor(requested))),
    locale,
    LOCALES,
    // Server messages that are not keys are shown as they are.
    { allowMissing: true },
  );
  configureErrorTranslation((key) => knownKeys(provider.getLocale()).has(key));
  return {
    ...provider,
    changeLocale: async (next: string, options?: unknown) => {
      await provider.changeLocale(next, options);
      setStoredLocale(next);
      // Screen readers pick the pronunciation from <html lang>; main.tsx sets it only at start-up.
      if (typeof document !== 'undefined') document.documentElement.lang = next;
    },
  };
}
