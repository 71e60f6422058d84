/**
 * Partita IVA (Italian VAT number), also the codice fiscale of companies: 11 digits, the last being a
 * Luhn check digit over the first 10; the first 7 (taxpayer number) not all zero; digits 8-10 are the
 * provincial office code, which is 001-100 or one of 120, 121, 888, 999.
 */

const OFFICE_CODES_OUTSIDE_RANGE = new Set([120, 121, 888, 999]);

/** Removes spaces; does not strip an "IT" prefix (that is a VAT-ID, not a partita IVA). */
export function normalizePartitaIva(value: string): string {
  return value.replace(/\s+/g, '');
}

export function isValidPartitaIva(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const s = normalizePartitaIva(value);
  if (!/^\d{11}$/.test(s)) return false;
  if (/^0{7}/.test(s)) return false;
  const office = Number(s.slice(7, 10));
  if (!((office >= 1 && office <= 100) || OFFICE_CODES_OUTSIDE_RANGE.has(office))) return false;
  return luhnCheckDigit(s.slice(0, 10)) === Number(s[10]);
}

/** Luhn check digit of a digit string: digits in even positions (2nd, 4th, ...) are doubled. */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const d = Number(digits[i]);
    if (i % 2 === 0) sum += d;
    else sum += d * 2 > 9 ? d * 2 - 9 : d * 2;
  }
  return (10 - (sum % 10)) % 10;
}
