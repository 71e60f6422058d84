import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider } from 'ra-core';
import { configureErrorTranslation } from '../dataProvider/errors';
import { setStoredLocale } from '../session/store';
import { enMessages } from './en';
import { itMessages } from './it';
import { currentOverridesVersion, DEFAULT_LOCALE, LOCALES, loadOverrides, overridesFor } from './locale';
import { applyOverrides, flattenMessages, type TMessages } from './messages';

export { DEFAULT_LOCALE, LOCALES, initialLocale, isSupportedLocale, loadOverrides } from './locale';

const bundled: Record<string, TMessages> = { it: itMessages, en: enMessages };
const keyCache: Record<string, { version: number; keys: Set<string> }> = {};

function messagesFor(locale: string): TMessages {
  return applyOverrides(bundled[locale] ?? bundled[DEFAULT_LOCALE], overridesFor(locale) ?? []);
}

function knownKeys(locale: string): Set<string> {
  const version = currentOverridesVersion();
  if (keyCache[locale]?.version !== version) keyCache[locale] = { version, keys: new Set(Object.keys(flattenMessages(messagesFor(locale)))) };
  return keyCache[locale].keys;
}

export function createI18nProvider(locale: string): I18nProvider {
  const provider = polyglotI18nProvider(
    (requested) => (overridesFor(requested) !== undefined ? messagesFor(requested) : loadOverrides(requested).then(() => messagesFor(requested))),
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
