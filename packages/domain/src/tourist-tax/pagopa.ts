import { isValidPartitaIva } from '../platform/identifiers/index.ts';

/*
 * pagoPA notices of a declaration's amount due, pure.
 *
 * Notice number (numero avviso) with auxiliary digit 3, from the SACI ("Specifiche attuative dei codici
 * identificativi di versamento", Allegato A to the AgID guidelines, v1.3.1 § 2.2.2.4, schemes NAV.3 and
 * IUV.3; repeated in the pagoPA specifications v2.5.1 § 6):
 *   notice number = 3 <segregation code (2)> <IUV base (13)> <check digits (2)>      (18 digits)
 *   IUV           =   <segregation code (2)> <IUV base (13)> <check digits (2)>      (17 digits)
 *   check digits  = ("3" + segregation code + IUV base) mod 93, on two digits.
 * The QR code of the notice carries `PAGOPA|002|<notice number>|<creditor tax code>|<amount in cents>`
 * (pagoPA notice guidelines, "Codice QR": ISO/IEC 18004, version 4, 33x33 modules, ECC level M, UTF-8).
 */

export const PAGOPA_AUX_DIGIT = '3';
/** pagoPA's notice guidelines, "Codice QR": symbol version 4 (33 x 33 modules), error correction M. */
export const PAGOPA_QR = { version: 4, ecc: 'M' } as const;

/** pagoPA taxonomy (tassonomia dei servizi di incasso) code of the tourist tax, as `9/<code>/` in a transfer's category. */
export const TOURIST_TAX_TAXONOMY = '0101105IM';

export function isValidSegregationCode(value: unknown): value is string {
  return typeof value === 'string' && /^\d{2}$/.test(value);
}

/** A public body's codice fiscale: 11 digits with the partita IVA check digit. */
export function isValidCreditorTaxCode(value: unknown): value is string {
  return isValidPartitaIva(value);
}

/** The two check digits of an aux-digit-3 IUV: the remainder of (3, segregation code, IUV base) by 93. */
export function iuvCheckDigits(segregationCode: string, iuvBase: string): string {
  if (!isValidSegregationCode(segregationCode)) throw new RangeError('segregation code: 2 digits');
  if (!/^\d{13}$/.test(iuvBase)) throw new RangeError('IUV base: 13 digits');
  return (BigInt(`${PAGOPA_AUX_DIGIT}${segregationCode}${iuvBase}`) % 93n).toString().padStart(2, '0');
}

/**
 * The IUV base of the nth notice of a comune in a year: the year (4 digits) and the sequence number
 * (9 digits), as pagoPA's own IUV generators lay it out; unique within the segregation code while
 * each comune numbers its notices once per year.
 */
export function iuvBaseOf(year: number, sequence: number): string {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) throw new RangeError('year: 4 digits');
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > 999_999_999) throw new RangeError('sequence: 1 to 999,999,999');
  return `${year}${String(sequence).padStart(9, '0')}`;
}

export type TPagopaNoticeCode = { noticeNumber: string; iuv: string };

export function buildNoticeNumber(segregationCode: string, iuvBase: string): TPagopaNoticeCode {
  const iuv = `${segregationCode}${iuvBase}${iuvCheckDigits(segregationCode, iuvBase)}`;
  return { iuv, noticeNumber: `${PAGOPA_AUX_DIGIT}${iuv}` };
}

/** An aux-digit-3 notice number whose check digits are right. */
export function isValidNoticeNumber(value: unknown): value is string {
  if (typeof value !== 'string' || !/^3\d{17}$/.test(value)) return false;
  return iuvCheckDigits(value.slice(1, 3), value.slice(3, 16)) === value.slice(16);
}

/** An aux-digit-3 IUV (17 digits) whose check digits are right. */
export function isValidIuv(value: unknown): value is string {
  return typeof value === 'string' && /^\d{17}$/.test(value) && isValidNoticeNumber(`${PAGOPA_AUX_DIGIT}${value}`);
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

/** The notice number grouped in fours, as notices print it. */
export function formatNoticeNumber(noticeNumber: string): string {
  return noticeNumber.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The string the notice's QR code encodes (pagoPA notice guidelines, "Codice QR"). */
export function pagopaQrPayload(noticeNumber: string, creditorTaxCode: string, amountCents: number): string {
  if (!/^\d{18}$/.test(noticeNumber)) throw new RangeError('notice number: 18 digits');
  if (!/^\d{11}$/.test(creditorTaxCode)) throw new RangeError('creditor tax code: 11 digits');
  if (!Number.isInteger(amountCents) || amountCents < 0 || amountCents > 99_999_999_999) throw new RangeError('amount: whole cents, 2 to 11 digits');
  return `PAGOPA|002|${noticeNumber}|${creditorTaxCode}|${String(amountCents).padStart(2, '0')}`;
}

/** The payment option of a debt position (GPD `PaymentOptionModel`). */
export type TGpdPaymentOption = {
  nav: string;
  iuv: string;
  amount: number;
  description: string;
  isPartialPayment: boolean;
  dueDate: string;
  transfer: { idTransfer: '1'; amount: number; organizationFiscalCode: string; remittanceInformation: string; category: string; iban?: string }[];
};

/**
 * A debt position in the shape of pagoPA's GPD API (`PaymentPositionModel` of pagopa/pagopa-api
 * openapi/gpd.json): what a comune's intermediary would POST to
 * /organizations/{organizationfiscalcode}/debtpositions. Produced, not sent.
 */
export type TGpdDebtPosition = {
  iupd: string;
  type: 'F' | 'G';
  fiscalCode: string;
  fullName: string;
  streetName?: string;
  companyName: string;
  switchToExpired: boolean;
  paymentOption: TGpdPaymentOption[];
};

export type TDebtPositionInput = {
  creditorTaxCode: string;
  creditorName: string;
  iban: string | null;
  iuv: string;
  noticeNumber: string;
  amountCents: number;
  /** Calendar date YYYY-MM-DD; GPD takes an instant: the day's last second (UTC) is sent, so the whole due day counts. */
  dueDate: string;
  /** What the payment is for (max 140 characters in GPD). */
  description: string;
  debtor: { taxCode: string | null; vatNumber: string | null; name: string; address: string | null };
};

/** The debtor is a person ('F') when its code is a 16-character codice fiscale, else a legal person ('G'). */
function debtorTypeOf(code: string): 'F' | 'G' {
  return /^[A-Z0-9]{16}$/i.test(code) ? 'F' : 'G';
}

export function buildDebtPosition(input: TDebtPositionInput): TGpdDebtPosition {
  const debtorCode = (input.debtor.taxCode ?? input.debtor.vatNumber ?? '').toUpperCase();
  const description = input.description.slice(0, 140);
  return {
    // The IUPD (a position's id at the comune) carries the creditor and the IUV: unique as the IUV is.
    iupd: `${input.creditorTaxCode}-${input.iuv}`,
    type: debtorTypeOf(debtorCode),
    fiscalCode: debtorCode,
    fullName: input.debtor.name,
    ...(input.debtor.address ? { streetName: input.debtor.address } : {}),
    companyName: input.creditorName.slice(0, 140),
    switchToExpired: false,
    paymentOption: [
      {
        nav: input.noticeNumber,
        iuv: input.iuv,
        amount: input.amountCents,
        description,
        isPartialPayment: false,
        dueDate: `${input.dueDate}T23:59:59.000Z`,
        transfer: [
          {
            idTransfer: '1',
            amount: input.amountCents,
            organizationFiscalCode: input.creditorTaxCode,
            remittanceInformation: description,
            category: `9/${TOURIST_TAX_TAXONOMY}/`,
            ...(input.iban ? { iban: input.iban.replace(/\s+/g, '') } : {}),
          },
        ],
      },
    ],
  };
}
