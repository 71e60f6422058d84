import type { TMessages } from './messages';
import { DEFAULT_LOCALE, isSupportedLocale } from './locale';

/*
 * The admin app's messages, one chunk per language: a page loads the language it shows, and the
 * other one only when the user switches to it. No react-admin here: the entry (Shell.tsx) starts
 * the load of the first language while the admin app downloads.
 */
const LOADERS: Record<string, () => Promise<TMessages>> = {
  it: () => import('./it').then((module) => module.itMessages),
  en: () => import('./en').then((module) => module.enMessages),
};

const loaded: Record<string, TMessages> = {};
const loading: Record<string, Promise<TMessages>> = {};

function supported(locale: string): string {
  return isSupportedLocale(locale) ? locale : DEFAULT_LOCALE;
}

/** The language's messages, fetched once. */
export function loadBundledMessages(locale: string): Promise<TMessages> {
  const key = supported(locale);
  loading[key] ??= LOADERS[key]().then((messages) => (loaded[key] = messages));
  return loading[key];
}

/** The language's messages if they were loaded already. */
export function bundledMessages(locale: string): TMessages | undefined {
  return loaded[supported(locale)];
}
