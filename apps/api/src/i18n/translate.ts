/**
 * The server's texts in the recipient's language: notifications, e-mails, PDFs. The messages are
 * data (it.ts is the reference, en.ts must have the same keys: a missing one fails typecheck); a
 * text to write later is a key with its parameters (`msg`), rendered by `translate` once the reader's
 * language is known. Placeholders are `{name}`, or `{name, date}` (a YYYY-MM-DD date or an instant),
 * `{name, time}` (hour and minute in Italy) and `{name, euros}` (integer cents), formatted as each
 * language writes them. A parameter may itself be a message (`msg(...)`), rendered in the same language.
 */
import { formatEurosIt } from '@app/domain/platform/money/money';
import { enMessages } from './en.ts';
import { itMessages, type TMessages } from './it.ts';

export const LANGUAGES = ['it', 'en'] as const;
export type TLanguage = (typeof LANGUAGES)[number];
/** Italian stays the default: the product's users are Italian first, and existing accounts have no other choice. */
export const DEFAULT_LANGUAGE: TLanguage = 'it';

const MESSAGES: Record<TLanguage, TMessages> = { it: itMessages, en: enMessages };

/** Every dotted path to a text: 'mail.invite.subject', 'nca.report.opened.title', ... */
type TPaths<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${TPaths<T[K]>}` }[keyof T & string];
export type TMessageKey = TPaths<TMessages>;

export type TMessageRef = { key: TMessageKey; params?: TParams };
export type TParam = string | number | null | undefined | TMessageRef;
export type TParams = Readonly<Record<string, TParam>>;
/** A text to show someone: written as is (a user's own words), or a message rendered in their language. */
export type TText = string | TMessageRef;

export const msg = (key: TMessageKey, params?: TParams): TMessageRef => (params ? { key, params } : { key });

export function isLanguage(value: unknown): value is TLanguage {
  return LANGUAGES.some((language) => language === value);
}

/** A stored or sent language, anything unknown read as the default. */
export const languageOr = (value: unknown, fallback: TLanguage = DEFAULT_LANGUAGE): TLanguage => (isLanguage(value) ? value : fallback);

/**
 * The first language of an Accept-Language header that the server writes ('en-GB;q=0.8, it' -> it),
 * by the header's weights; null when the header names none of them.
 */
export function languageOfHeader(header: string | null | undefined): TLanguage | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...rest] = part.trim().split(';');
      const q = rest.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { base: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.base).find(isLanguage) ?? null;
}

function lookup(language: TLanguage, key: TMessageKey): string {
  let node: unknown = MESSAGES[language];
  for (const part of key.split('.')) node = typeof node === 'object' && node !== null ? new Map<string, unknown>(Object.entries(node)).get(part) : undefined;
  // Keys are typed, so this only happens for a key built at run time from data: show it rather than fail the request.
  return typeof node === 'string' ? node : key;
}

const LOCALE_OF: Record<TLanguage, string> = { it: 'it-IT', en: 'en-GB' };

/** A calendar date (YYYY-MM-DD) or an instant (its day in Italy) as the language writes dates. */
export function formatDate(language: TLanguage, value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-');
    // Italian keeps the dd/mm/yyyy it always had; English spells the month, unambiguous for either reader.
    if (language === 'it') return `${d}/${m}/${y}`;
    return new Intl.DateTimeFormat(LOCALE_OF.en, { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(`${value}T00:00:00Z`));
  }
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return value;
  return new Intl.DateTimeFormat(LOCALE_OF[language], { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric' }).format(instant);
}

/** An amount in cents as the language writes euros (Italian: 1.234,50 €). */
export function formatEuros(language: TLanguage, cents: number): string {
  if (language === 'it') return formatEurosIt(cents);
  return new Intl.NumberFormat(LOCALE_OF.en, { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

function formatParam(language: TLanguage, value: TParam, format: string | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return translate(language, value.key, value.params);
  if (format === 'euros' && typeof value === 'number') return formatEuros(language, value);
  if (format === 'date') return formatDate(language, String(value));
  if (format === 'time') return new Intl.DateTimeFormat(LOCALE_OF[language], { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit' }).format(new Date(value));
  return String(value);
}

/**
 * The message in the language with its parameters filled in; `escape` applies to the parameters
 * only (the HTML of an e-mail escapes what users wrote, never the message's own text).
 */
export function translate(language: TLanguage, key: TMessageKey, params: TParams = {}, escape: (text: string) => string = (text) => text): string {
  return lookup(language, key).replace(/\{(\w+)(?:,\s*(\w+))?\}/g, (_, name: string, format: string | undefined) => escape(formatParam(language, params[name], format)));
}

/** A text for a reader: a user's own words as they are, a message in the reader's language. */
export const render = (language: TLanguage, text: TText): string => (typeof text === 'string' ? text : translate(language, text.key, text.params));
