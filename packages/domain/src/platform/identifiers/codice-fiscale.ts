/**
 * Codice fiscale. Persons: 16 characters (surname 3, name 3, year 2, month letter, day 2 with +40 for
 * women, birthplace 4, check letter); when two people would get the same code the Agenzia replaces
 * digits from the right with the letters LMNPQRSTUV (omocodia), so those positions accept both.
 * Companies and bodies: 11 digits, following the partita IVA rules.
 *
 * Implemented here rather than through codice-fiscale-js so that the web can validate forms without
 * that dependency; the check-character algorithm is the one published by the Agenzia delle Entrate.
 */
import { isValidPartitaIva } from './partita-iva.ts';

const PERSON = /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;
// Values of characters in odd positions (1st, 3rd, ...): A/0, B/1, ... Z.
const ODD_VALUES = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
const OMOCODIA_LETTERS = 'LMNPQRSTUV'; // stand for 0..9
const MONTH_LETTERS = 'ABCDEHLMPRST'; // January..December
const MAX_DAY_OF_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Removes spaces and upper-cases, the form in which a codice fiscale should be stored. */
export function normalizeCodiceFiscale(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** Check character of the first 15 characters of a person's codice fiscale. */
export function codiceFiscaleCheckChar(first15: string): string {
  const s = first15.toUpperCase();
  if (!/^[A-Z0-9]{15}$/.test(s)) throw new RangeError('codiceFiscaleCheckChar needs 15 letters or digits');
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const code = s.charCodeAt(i);
    const value = code <= 57 ? code - 48 : code - 65; // '0'..'9' -> 0..9, 'A'..'Z' -> 0..25
    sum += i % 2 === 0 ? ODD_VALUES[value] : value; // i = 0 is position 1 (odd)
  }
  return String.fromCharCode(65 + (sum % 26));
}

function decodeDigit(c: string): number {
  const omocodia = OMOCODIA_LETTERS.indexOf(c);
  return omocodia >= 0 ? omocodia : Number(c);
}

/** Valid codice fiscale of a person (16 chars) or of a company (11 digits). Spaces and case are ignored. */
export function isValidCodiceFiscale(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const s = normalizeCodiceFiscale(value);
  if (/^\d{11}$/.test(s)) return isValidPartitaIva(s);
  return isValidPersonalCodiceFiscale(s);
}

export function isValidPersonalCodiceFiscale(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const s = normalizeCodiceFiscale(value);
  if (!PERSON.test(s)) return false;
  const month = MONTH_LETTERS.indexOf(s[8]);
  const rawDay = decodeDigit(s[9]) * 10 + decodeDigit(s[10]);
  const day = rawDay > 40 ? rawDay - 40 : rawDay;
  if (day < 1 || day > MAX_DAY_OF_MONTH[month]) return false;
  return codiceFiscaleCheckChar(s.slice(0, 15)) === s[15];
}

/** Sex encoded in a valid personal codice fiscale (day + 40 for women), or null. */
export function codiceFiscaleSex(value: string): 'M' | 'F' | null {
  const s = normalizeCodiceFiscale(value);
  if (!isValidPersonalCodiceFiscale(s)) return null;
  return decodeDigit(s[9]) * 10 + decodeDigit(s[10]) > 40 ? 'F' : 'M';
}
