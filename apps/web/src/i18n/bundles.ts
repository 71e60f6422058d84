import { areasOf, type TArea } from '@app/domain/platform/access/access-table';
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
type TPart = 'base' | Exclude<TArea, 'platform'>;
const BUSINESS_AREAS = ['touristTax', 'environmental'] as const satisfies TPart[];

const LOADERS: Record<string, Record<TPart, () => Promise<TMessageTree[]>>> = {
  it: {
    base: () => import('./it').then((module) => [module.itMessages as unknown as TMessageTree]),
    touristTax: () => import('../tourist-tax/i18n/messages.it').then((module) => module.touristTaxMessagesIt),
    environmental: () => import('../environmental/i18n/messages.it').then((module) => module.environmentalMessagesIt),
  },
  en: {
    base: () => import('./en').then((module) => [module.enMessages as unknown as TMessageTree]),
    touristTax: () => import('../tourist-tax/i18n/messages.en').then((module) => module.touristTaxMessagesEn),
    environmental: () => import('../environmental/i18n/messages.en').then((module) => module.environmentalMessagesEn),
  },
};

const parts: Record<string, Promise<TMessageTree[]>> = {};
const loadedParts: Record<string, TMessageTree[]> = {};
const merged: Record<string, TMessages> = {};

function supported(locale: string): string {
  return isSupportedLocale(locale) ? locale : DEFAULT_LOCALE;
}

/**
 * The parts the signed-in user's messages need: the base, and the areas of their role (and of the administrator behind
 * an impersonation, whose pages come back when it ends). Signed out (the public pages), the base alone.
 */
function partsForSession(): TPart[] {
  const session = getSession();
  const areas = new Set([...areasOf(session?.user.role), ...areasOf(session?.realSession?.user.role)]);
  return ['base', ...BUSINESS_AREAS.filter((area) => areas.has(area))];
}

function loadPart(locale: string, part: TPart): Promise<TMessageTree[]> {
  const key = `${locale}:${part}`;
  parts[key] ??= LOADERS[locale][part]()
    .then((trees) => (loadedParts[key] = trees))
    .catch((error: unknown) => {
      // A failed fetch (a network blip, a new deployment) is tried again by the next load, not remembered.
      delete parts[key];
      throw error;
    });
  return parts[key];
}

/** The language's messages for the parts, merged once per combination (the areas' texts over the base, in a fixed order). */
function mergedMessages(locale: string, needed: TPart[]): TMessages | undefined {
  const key = `${locale}:${needed.join('+')}`;
  if (merged[key]) return merged[key];
  const trees = needed.map((part) => loadedParts[`${locale}:${part}`]);
  if (trees.some((tree) => tree === undefined)) return undefined;
  const messages = structuredClone(trees[0][0]) as unknown as TMessages;
  for (const tree of trees.slice(1).flat()) mergeMessagesInto(messages, tree);
  return (merged[key] = messages);
}

const loading: Record<string, Promise<TMessages>> = {};

/** The language's messages for the signed-in user, fetched once per part (the same promise each time: React's `use` waits on it). */
export function loadBundledMessages(locale: string): Promise<TMessages> {
  const key = supported(locale);
  const needed = partsForSession();
  const combination = `${key}:${needed.join('+')}`;
  loading[combination] ??= Promise.all(needed.map((part) => loadPart(key, part))).then(
    () => mergedMessages(key, needed)!,
    (error: unknown) => {
      delete loading[combination];
      throw error;
    },
  );
  return loading[combination];
}

/** The language's messages for the signed-in user if their parts were loaded already. */
export function bundledMessages(locale: string): TMessages | undefined {
  return mergedMessages(supported(locale), partsForSession());
}
