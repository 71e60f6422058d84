import { EER_CHAPTERS_EN, EER_ENTRIES, EER_SUB_CHAPTERS_EN } from './eer-list.ts';
import { EER_CHAPTERS_IT, EER_ENTRIES_IT, EER_SUB_CHAPTERS_IT } from './eer-it.ts';

/**
 * The EER (CER) list: stored as 6 digits (`170504`), shown as `17 05 04`, hazardous entries with an
 * asterisk (`17 05 03*`). A mirror entry is one of a hazardous / non-hazardous pair where an analysis
 * decides which one applies.
 */
export type TEerEntry = {
  code: string;
  hazardous: boolean;
  mirror: boolean;
  /** `17 05 03*` */
  display: string;
  chapter: { it: string; en: string };
  subChapter: { it: string; en: string };
  /** The Italian text of Decision 2014/955/EU (eer-it.ts). */
  it: string;
  en: string;
};

/** `170503` + hazardous -> `17 05 03*`. */
export function formatEerCode(code: string, hazardous?: boolean): string {
  const digits = code.replace(/\D/g, '');
  const entry = EER_BY_CODE.get(digits);
  const star = (hazardous ?? entry?.hazardous) ? '*' : '';
  return `${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4, 6)}${star}`.trim();
}

/** `17 05 03*`, `170503`, `17.05.03` -> `170503`; null when it is not 6 digits. */
export function normalizeEerCode(value: string): string | null {
  const digits = value.replace(/[\s.*-]/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/** Every code, chapter and sub-chapter has its Italian text (eer-it.ts); a gap is a data error, not a fallback. */
function italian(texts: Readonly<Record<string, string>>, key: string): string {
  const text = texts[key];
  if (!text) throw new Error(`EER: no Italian text for ${key}`);
  return text;
}

const EER_BY_CODE = new Map<string, TEerEntry>(
  EER_ENTRIES.map(([code, flags, en]) => [
    code,
    {
      code,
      hazardous: (flags & 1) === 1,
      mirror: (flags & 2) === 2,
      display: `${code.slice(0, 2)} ${code.slice(2, 4)} ${code.slice(4, 6)}${(flags & 1) === 1 ? '*' : ''}`,
      chapter: { it: italian(EER_CHAPTERS_IT, code.slice(0, 2)), en: EER_CHAPTERS_EN[code.slice(0, 2)] ?? '' },
      subChapter: { it: italian(EER_SUB_CHAPTERS_IT, code.slice(0, 4)), en: EER_SUB_CHAPTERS_EN[code.slice(0, 4)] ?? '' },
      it: italian(EER_ENTRIES_IT, code),
      en,
    },
  ]),
);

export const EER_CODES: readonly TEerEntry[] = [...EER_BY_CODE.values()];

export function findEerCode(code: string): TEerEntry | null {
  const digits = normalizeEerCode(code);
  return digits ? (EER_BY_CODE.get(digits) ?? null) : null;
}

/** Codes ending in 99 ("wastes not otherwise specified") need the waste described in words. */
export const eerNeedsDescription = (code: string) => /99$/.test(code);

/** The description in the language asked for. */
export const eerDescription = (entry: TEerEntry, language: 'it' | 'en' = 'it') => (language === 'it' ? entry.it : entry.en);

const STOP_WORDS = new Set(['e', 'ed', 'di', 'da', 'del', 'della', 'dei', 'delle', 'il', 'lo', 'la', 'i', 'gli', 'le', 'a', 'in', 'con', 'per', 'o', 'of', 'and', 'the', 'or', 'from', 'with']);

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
const wordsOf = (s: string) =>
  fold(s)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
/**
 * Italian nouns change their last vowel between singular and plural ("terre" / "terra", "rocce"),
 * so a word of four letters or more matches on its stem without the last vowel.
 */
const stemOf = (word: string) => (word.length >= 4 && /[aeiou]$/.test(word) ? word.slice(0, -1) : word);

const SEARCH_WORDS = new Map<string, string[]>(EER_CODES.map((e) => [e.code, wordsOf(`${e.it} ${e.en}`)]));

/**
 * The entries matching a query: a code (or its beginning, with or without spaces and asterisk), or
 * words of the Italian or English description, each word matched at the start of a description word.
 * Code matches come first, then the list order.
 */
export function searchEerCodes(query: string, limit = 50): TEerEntry[] {
  const q = query.trim();
  if (!q) return EER_CODES.slice(0, limit);
  const digits = q.replace(/[\s.*]/g, '');
  if (/^\d{1,6}$/.test(digits)) return EER_CODES.filter((e) => e.code.startsWith(digits)).slice(0, limit);
  const stems = wordsOf(q)
    .filter((w) => !STOP_WORDS.has(w))
    .map(stemOf);
  if (stems.length === 0) return [];
  return EER_CODES.filter((e) => {
    const words = SEARCH_WORDS.get(e.code)!;
    return stems.every((stem) => words.some((w) => w.startsWith(stem)));
  }).slice(0, limit);
}
