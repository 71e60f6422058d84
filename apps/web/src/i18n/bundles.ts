import { areasOf } from '@app/domain/platform/access/access-table';
import { getSession } from '../session/store';
import type { TMessages } from './messages';
import { DEFAULT_LOCALE, isSupportedLocale } from './locale';
import { mergeMessagesInto, type TMessageTree } from './mergeMessages';

/*
 * The admin app's messages, in chunks: per language, the base (react-admin, the platform's screens, and every area's
 * menu, validation and error texts) and one chunk per business area, loaded for the roles that work in it (the access
 * table says which: areasOf). A consortium user never downloads the tourist-tax texts, nor a hotelier the environmental
 * ones. A page loads the language it shows, and the other one only when the user switches to it. No react-admin
 * here: the entry (Shell.tsx) starts the load of the first language while the admin app downloads.
 */
const BUSINESS_AREAS = ['touristTax', 'environmental'] as const;
type TBusinessArea = (typeof BUSINESS_AREAS)[number];

type TLanguageLoaders = { base: () => Promise<TMessages>; areas: Record<TBusinessArea, () => Promise<TMessageTree[]>> };
const LOADERS: Record<string, TLanguageLoaders> = {
  it: {
    base: () => import('./it').then((module) => module.itMessages),
    areas: {
      touristTax: () => import('../tourist-tax/i18n/messages.it').then((module) => module.touristTaxMessagesIt),
      environmental: () => import('../environmental/i18n/messages.it').then((module) => module.environmentalMessagesIt),
    },
  },
  en: {
    base: () => import('./en').then((module) => module.enMessages),
    areas: {
      touristTax: () => import('../tourist-tax/i18n/messages.en').then((module) => module.touristTaxMessagesEn),
      environmental: () => import('../environmental/i18n/messages.en').then((module) => module.environmentalMessagesEn),
    },
  },
};

const bases: Record<string, TMessages> = {};
const areaTexts: Record<string, TMessageTree[]> = {};
const merged: Record<string, TMessages> = {};
const loading: Record<string, Promise<unknown>> = {};
const loadingMessages: Record<string, Promise<TMessages>> = {};

function supported(locale: string): string {
  return isSupportedLocale(locale) ? locale : DEFAULT_LOCALE;
}

/**
 * The business areas whose texts the signed-in user needs: those of their role, and of the administrator behind an
 * impersonation, whose pages come back when it ends. Signed out (the public pages), none.
 */
function areasForSession(): TBusinessArea[] {
  const session = getSession();
  const areas = new Set<string>([...areasOf(session?.user.role), ...areasOf(session?.realSession?.user.role)]);
  return BUSINESS_AREAS.filter((area) => areas.has(area));
}

/** Fetches a part once; a failed fetch (a network blip, a new deployment) is tried again by the next load. */
function loadOnce<T>(key: string, load: () => Promise<T>, keep: (value: T) => void): Promise<unknown> {
  loading[key] ??= load().then(keep, (error: unknown) => {
    delete loading[key];
    throw error;
  });
  return loading[key];
}

/** The language's messages for the areas, merged once per combination (the areas' texts over the base, in a fixed order). */
function mergedMessages(locale: string, areas: TBusinessArea[]): TMessages | undefined {
  const key = [locale, ...areas].join(':');
  if (merged[key]) return merged[key];
  const base = bases[locale];
  const texts = areas.map((area) => areaTexts[`${locale}:${area}`]);
  if (!base || texts.some((trees) => trees === undefined)) return undefined;
  const messages = structuredClone(base);
  for (const tree of texts.flat()) mergeMessagesInto(messages, tree);
  return (merged[key] = messages);
}

/** The language's messages for the signed-in user, fetched once per part (the same promise each time: React's `use` waits on it). */
export function loadBundledMessages(locale: string): Promise<TMessages> {
  const language = supported(locale);
  const areas = areasForSession();
  const key = [language, ...areas].join(':');
  const loaders = LOADERS[language];
  loadingMessages[key] ??= Promise.all([
    loadOnce(`${language}:base`, loaders.base, (messages) => (bases[language] = messages)),
    ...areas.map((area) => loadOnce(`${language}:${area}`, loaders.areas[area], (trees) => (areaTexts[`${language}:${area}`] = trees))),
  ]).then(
    () => {
      const messages = mergedMessages(language, areas);
      if (!messages) throw new Error(`messages of ${key} not loaded`);
      return messages;
    },
    (error: unknown) => {
      delete loadingMessages[key];
      throw error;
    },
  );
  return loadingMessages[key];
}

/** The language's messages for the signed-in user if their parts were loaded already. */
export function bundledMessages(locale: string): TMessages | undefined {
  return mergedMessages(supported(locale), areasForSession());
}
