/**
 * IBAN (ISO 13616): country code, 2 check digits, BBAN; valid when the number formed by moving the
 * first four characters to the end and reading letters as 10..35 is 1 modulo 97.
 * Italian (and San Marino) IBANs are 27 characters: IT + check digits + CIN letter + ABI 5 + CAB 5 + account 12.
 */

// Lengths of the countries an Italian back office meets most; other countries only get the 15-34 bound.
const IBAN_LENGTHS: Record<string, number> = {
  AT: 20,
  BE: 16,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IT: 27,
  LI: 21,
  LU: 20,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  VA: 22,
};

/** Removes spaces and hyphens, upper-cases ("it60 x054..." -> "IT60X054..."). */
export function normalizeIban(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase();
}

export function isValidIban(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const iban = normalizeIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const country = iban.slice(0, 2);
  const expected = IBAN_LENGTHS[country];
  if (expected !== undefined && iban.length !== expected) return false;
  if ((country === 'IT' || country === 'SM') && !/^[A-Z]\d{10}[A-Z0-9]{12}$/.test(iban.slice(4))) return false;
  return ibanMod97(iban) === 1;
}

export function isValidItalianIban(value: unknown): boolean {
  return typeof value === 'string' && normalizeIban(value).startsWith('IT') && isValidIban(value);
}

/** The ISO 7064 mod-97-10 remainder of an IBAN, computed digit by digit to stay within safe integers. */
export function ibanMod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    if (code >= 48 && code <= 57) remainder = (remainder * 10 + (code - 48)) % 97;
    else remainder = (remainder * 100 + (code - 55)) % 97; // 'A' = 10 .. 'Z' = 35, two digits
  }
  return remainder;
}

/** Groups of four for display: "IT60 X054 2811 1010 0000 0123 456". */
export function formatIban(value: string): string {
  return normalizeIban(value).replace(/(.{4})(?=.)/g, '$1 ');
}
