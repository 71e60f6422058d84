import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider } from 'ra-core';
import { configureErrorTranslation } from '../dataProvider/errors';
import { updateMe } from '../dataProvider/api';
import { getSession, setStoredLocale, updateSessionUser } from '../session/store';
import { bundledMessages, loadBundledMessages } from './bundles';
import { currentOverridesVersion, LOCALES, loadOverrides, overridesFor } from './locale';
import { applyOverrides, flattenMessages, type TMessages } from './messages';

export { DEFAULT_LOCALE, LOCALES, initialLocale, isSupportedLocale, loadOverrides } from './locale';

export { loadBundledMessages } from './bundles';

const keyCache: Record<string, { version: number; keys: Set<string> }> = {};

/** The language's messages with the admin's labels; the language's bundle must be loaded (loadBundledMessages). */
function messagesFor(locale: string): TMessages {
  const bundled = bundledMessages(locale);
  if (!bundled) throw new Error(`messages of ${locale} not loaded`);
  return applyOverrides(bundled, overridesFor(locale) ?? []);
}

function knownKeys(locale: string): Set<string> {
  const version = currentOverridesVersion();
  if (keyCache[locale]?.version !== version) keyCache[locale] = { version, keys: new Set(Object.keys(flattenMessages(messagesFor(locale)))) };
  return keyCache[locale].keys;
}

/**
 * The server writes notifications and e-mails in the profile's language: the switch saves it there,
 * for the signed-in user only (an admin impersonating someone does not change their language).
 */
function saveProfileLanguage(locale: string) {
  const session = getSession();
  if (!session || session.realSession || (locale !== 'it' && locale !== 'en') || session.user.language === locale) return;
  updateMe({ language: locale })
    .then((user) => {
      const current = getSession();
      if (current) updateSessionUser({ ...current.user, language: user.language ?? locale });
    })
    .catch((error: unknown) => console.warn('profile language not saved', error));
}

export function createI18nProvider(locale: string): I18nProvider {
  const provider = polyglotI18nProvider(
    // The first language's messages are loaded before the app renders (Shell.tsx); another one on the switch to it.
    (requested) =>
      overridesFor(requested) !== undefined && bundledMessages(requested)
        ? messagesFor(requested)
        : Promise.all([overridesFor(requested) === undefined ? loadOverrides(requested) : undefined, loadBundledMessages(requested)]).then(() => messagesFor(requested)),
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
      saveProfileLanguage(next);
      // Screen readers pick the pronunciation from <html lang>; main.tsx sets it only at start-up.
      if (typeof document !== 'undefined') document.documentElement.lang = next;
    },
  };
}
