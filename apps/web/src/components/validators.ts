import { checkCin, isValidCodiceFiscale, isValidEmail, isValidIban, isValidPartitaIva, isValidPhone } from '@app/domain/platform/identifiers/index';
import { isValidPersonalCodiceFiscale } from '@app/domain/platform/identifiers/codice-fiscale';

/*
 * Client-side checks that mirror the API's zod schemas (apps/api/src/modules/tourist-tax/registry/fields.ts),
 * with the same domain validators. Each returns a translation key (or undefined when valid); empty
 * values pass, `required` is separate.
 */

type TValidator = (value: unknown) => string | undefined;

const isEmpty = (value: unknown) => value === undefined || value === null || String(value).trim() === '';
const compact = (value: unknown) => String(value).replace(/\s+/g, '').toUpperCase();

function optional(check: (value: string) => boolean, message: string): TValidator {
  return (value) => (isEmpty(value) || check(String(value)) ? undefined : message);
}

export const required: TValidator = (value) => (isEmpty(value) ? 'validation.required' : undefined);
export const validTaxCode = optional((v) => isValidCodiceFiscale(compact(v)), 'validation.taxCode');
export const validPersonalTaxCode = optional((v) => isValidPersonalCodiceFiscale(compact(v)), 'validation.taxCode');
export const validVatNumber = optional((v) => isValidPartitaIva(compact(v)), 'validation.vatNumber');
export const validIban = optional((v) => isValidIban(compact(v)), 'validation.iban');
export const validCin = optional((v) => checkCin(compact(v)).valid, 'validation.cin');
export const validEmail = optional((v) => isValidEmail(v.trim()), 'validation.email');
export const validPhone = optional((v) => isValidPhone(v.trim()), 'validation.phone');
export const validIstatCode = optional((v) => /^\d{6}$/.test(v.trim()), 'validation.istatCode');
export const validProvince = optional((v) => /^[A-Z]{2}$/.test(v.trim().toUpperCase()), 'validation.province');
export const validCityFiscalCode = optional((v) => isValidPartitaIva(v.trim()) && /^\d{11}$/.test(v.trim()), 'touristTax.validation.cityFiscalCode');
export const validSegregationCode = optional((v) => /^\d{2}$/.test(v.trim()), 'touristTax.validation.segregationCode');
export const validCcp = optional((v) => /^\d{6,12}$/.test(v.trim()), 'validation.ccp');
export const validAtecoCode = optional((v) => /^\d{2}(\.\d{1,2}){0,2}$/.test(v.trim()), 'validation.atecoCode');
export const validUrl = optional((v) => {
  try {
    return /^https?:$/.test(new URL(v.trim()).protocol);
  } catch {
    return false;
  }
}, 'validation.url');

const hasAtMostTwoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/** Euros: not negative, at most two decimals (ZEuros). */
export const validEuros: TValidator = (value) => {
  if (isEmpty(value)) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) return 'validation.number';
  if (n < 0) return 'validation.notNegative';
  if (n > 10_000_000) return 'validation.tooLarge';
  return hasAtMostTwoDecimals(n) ? undefined : 'validation.twoDecimals';
};

/** Percent 0-100, at most two decimals (ZPercent). */
export const validPercent: TValidator = (value) => {
  if (isEmpty(value)) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) return 'validation.number';
  if (n < 0 || n > 100) return 'validation.percentRange';
  return hasAtMostTwoDecimals(n) ? undefined : 'validation.twoDecimals';
};

/** A whole number within [min, max]. */
export function wholeNumber(min: number, max: number): TValidator {
  return (value) => {
    if (isEmpty(value)) return undefined;
    const n = Number(value);
    if (!Number.isInteger(n)) return 'validation.wholeNumber';
    return n < min || n > max ? 'validation.outOfRange' : undefined;
  };
}

/** The date must be after (strictly, or on/after) the form's other date field, when both are set. */
export function dateAfter(otherField: string, message: string, strict = true) {
  return (value: unknown, values: Record<string, unknown>) => {
    const other = values?.[otherField];
    if (isEmpty(value) || isEmpty(other)) return undefined;
    const a = String(value).slice(0, 10);
    const b = String(other).slice(0, 10);
    return (strict ? a > b : a >= b) ? undefined : message;
  };
}
