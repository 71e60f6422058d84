import { isValidPartitaIva } from '../platform/identifiers/index.ts';

/**
 * pagoPA notice data for a tourist-tax declaration: the 18-digit notice number (numero avviso), the IUV
 * inside it, the QR payload of the notice and the checks on the comune's creditor data.
 *
 * Sources: SACI (Specifiche attuative dei codici identificativi di versamento), "Numero avviso e codice IUV
 * nel caso di pagamenti attivati presso i PSP", value 3 of the Aux Digit: notice number =
 * <aux digit 3><segregation code (2)><IUV base (13)><check digits (2)>, the check digits being the remainder
 * of dividing the number <aux digit><segregation code><IUV base> by 93; the IUV is the 17 digits after the
 * aux digit. QR code content: pagoPA's "avviso di pagamento" guidelines, PAGOPA|002|notice|tax code|cents.
 */

export const PAGOPA_AUX_DIGIT = '3';
const IUV_BASE_DIGITS = 13;
const MAX_IUV_BASE = 10 ** IUV_BASE_DIGITS - 1;

export type TPagopaNotice = { noticeNumber: string; iuv: string };

/** A segregation code is exactly two digits, assigned by PagoPA S.p.A. to the creditor's generation point. */
export function isSegregationCode(value: string): boolean {
  return /^\d{2}$/.test(value);
}

/**
 * The 11-digit tax code of a comune (codice fiscale numerico of a legal person): same layout and check
 * digit as the partita IVA (7-digit number, provincial office code, Luhn check digit), so the same check.
 */
export function isCreditorTaxCode(value: string): boolean {
  return /^\d{11}$/.test(value) && isValidPartitaIva(value);
}

/** Two check digits for aux digit 3: (aux digit + segregation code + IUV base, read as one number) mod 93. */
export function iuvCheckDigits(segregationCode: string, iuvBase: string): string {
  // 16 digits exceed Number's exact range: BigInt keeps the remainder exact.
  const remainder = BigInt(`${PAGOPA_AUX_DIGIT}${segregationCode}${iuvBase}`) % 93n;
  return remainder.toString().padStart(2, '0');
}

/** The 13-digit IUV base of a progressive number (1, 2, ...), zero-padded. */
export function iuvBaseOf(progressive: number): string {
  if (!Number.isInteger(progressive) || progressive < 1 || progressive > MAX_IUV_BASE) {
    throw new RangeError(`IUV progressive out of range: ${progressive}`);
  }
  return String(progressive).padStart(IUV_BASE_DIGITS, '0');
}

/** Notice number and IUV for aux digit 3, from the comune's segregation code and a progressive number. */
export function composePagopaNotice(segregationCode: string, progressive: number): TPagopaNotice {
  if (!isSegregationCode(segregationCode)) throw new RangeError(`Invalid segregation code: ${segregationCode}`);
  const base = iuvBaseOf(progressive);
  const iuv = `${segregationCode}${base}${iuvCheckDigits(segregationCode, base)}`;
  return { noticeNumber: `${PAGOPA_AUX_DIGIT}${iuv}`, iuv };
}

/** Whether an 18-digit notice number is well formed for aux digit 3 (its check digits match). */
export function isValidNoticeNumber(noticeNumber: string): boolean {
  if (!/^3\d{17}$/.test(noticeNumber)) return false;
  return iuvCheckDigits(noticeNumber.slice(1, 3), noticeNumber.slice(3, 16)) === noticeNumber.slice(16);
}

/** Text of the notice's QR code: PAGOPA|002|<notice number>|<creditor tax code>|<amount in cents>. */
export function pagopaQrPayload(noticeNumber: string, creditorTaxCode: string, amountCents: number): string {
  if (!Number.isInteger(amountCents) || amountCents <= 0) throw new RangeError(`Amount must be positive cents: ${amountCents}`);
  return `PAGOPA|002|${noticeNumber}|${creditorTaxCode}|${amountCents}`;
}

/**
 * Taxonomy code of the tourist tax ("DATI SPECIFICI DI INCASSO" of pagoPA's taxonomy of collection services):
 * creditor type 01 (COMUNE/UNIONE DI COMUNI / CONSORZI), macro area 01 (TRIBUTI), service 105 ("Imposta di
 * soggiorno"), legal reason IM (imposta). Source: pagopa/pagopa-api, taxonomy/tassonomia.json, commit
 * 440f4840fee130488660d30bb4c8594eeae99d7d (2023-10-04, taxonomy version 33; the folder left that repository
 * in February 2024). GPD's transfer `category` takes the code in this very form, e.g. "9/0101108TS/" in
 * pagopa/pagopa-debt-position integration-test/src/step_definitions/support/utility/request_builders.js.
 */
export const PAGOPA_TOURIST_TAX_TAXONOMY = '9/0101105IM/';

/** The parts of a taxonomy code 9/<creditor type (2)><macro area (2)><service (3)><legal reason (2)>/. */
export function taxonomyCodeParts(code: string): { creditorType: string; macroArea: string; service: string; legalReason: string } | null {
  const match = /^9\/(\d{2})(\d{2})(\d{3})([A-Z]{2})\/$/.exec(code);
  if (!match) return null;
  const [, creditorType, macroArea, service, legalReason] = match;
  return { creditorType, macroArea, service, legalReason };
}

/** pagoPA's notice guidelines, "Codice QR": symbol version 4 (33 x 33 modules), error correction M. */
export const PAGOPA_QR = { version: 4, ecc: 'M' } as const;

/** An aux-digit-3 IUV (17 digits) whose check digits are right. */
export function isValidIuv(value: string): boolean {
  return /^\d{17}$/.test(value) && isValidNoticeNumber(`${PAGOPA_AUX_DIGIT}${value}`);
}

/**
 * The IUV a payment list names, from its notice number (18 digits) or its IUV (17 digits); spaces, as
 * printed on a notice ("3012 3456 ..."), are dropped. Null when it is neither or its check digits are wrong.
 */
export function iuvOfReference(reference: string): string | null {
  const digits = reference.replace(/\s+/g, '');
  if (isValidNoticeNumber(digits)) return digits.slice(1);
  if (isValidIuv(digits)) return digits;
  return null;
}

/** The segregation code and the progressive an aux-digit-3 IUV carries (the inverse of composePagopaNotice). */
export function partsOfIuv(iuv: string): { segregationCode: string; progressive: number } {
  return { segregationCode: iuv.slice(0, 2), progressive: Number(iuv.slice(2, 2 + IUV_BASE_DIGITS)) };
}

/** The notice number grouped in fours, as notices print it. */
export function formatNoticeNumber(noticeNumber: string): string {
  return noticeNumber.replace(/(\d{4})(?=\d)/g, '$1 ');
}
