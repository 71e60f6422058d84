/**
 * Rows of the stays import template (xlsx or CSV, Italian or English headers). The API reads the sheet (its
 * bounded xlsx reader, which gives cells in exceljs' conventions, or a CSV parser) into objects keyed
 * by header and calls validateStayImportRow on each; the API builds the downloadable template from
 * STAY_IMPORT_COLUMNS.
 *
 * Cells may be strings, numbers, booleans, JS Dates (exceljs date cells), Excel serial day numbers, or
 * exceljs value objects (rich text, hyperlinks, formula results). Headers are matched ignoring case,
 * accents and extra spaces; the English keys are accepted too.
 */
import { isValidCodiceFiscale, normalizeCodiceFiscale } from '../platform/identifiers/index.ts';
import { addDays, daysBetween, isIsoDate, parseItalianDate } from './dates.ts';
import { fnv1a64Hex } from './hash.ts';
import { parseEuroAmount } from './money.ts';
import { cellValue } from '../platform/records/index.ts';

export type TStayImportKey =
  | 'checkIn'
  | 'checkOut'
  | 'componentsNumber'
  | 'surname'
  | 'name'
  | 'taxCode'
  | 'birthDate'
  | 'citizenship'
  | 'paymentStatus'
  | 'noPaymentReason'
  | 'exemptCount'
  | 'exemptionName'
  | 'reducedCount'
  | 'reductionName'
  | 'accommodationAmount';

/** A template column: its Italian header and help, and the English ones (a file may use either header). */
export type TStayImportColumn = { key: TStayImportKey; header: string; required: boolean; help: string; headerEn: string; helpEn: string };

export const STAY_IMPORT_COLUMNS: readonly TStayImportColumn[] = [
  { key: 'checkIn', header: 'Data arrivo', required: true, help: 'GG/MM/AAAA', headerEn: 'Check-in date', helpEn: 'DD/MM/YYYY' },
  { key: 'checkOut', header: 'Data partenza', required: true, help: 'GG/MM/AAAA, dopo la data di arrivo', headerEn: 'Check-out date', helpEn: 'DD/MM/YYYY, after the check-in date' },
  { key: 'componentsNumber', header: 'Numero ospiti', required: true, help: 'Numero intero, almeno 1', headerEn: 'Number of guests', helpEn: 'Whole number, at least 1' },
  { key: 'surname', header: 'Cognome', required: true, help: 'Cognome del capogruppo', headerEn: 'Surname', helpEn: 'Surname of the group leader' },
  { key: 'name', header: 'Nome', required: true, help: 'Nome del capogruppo', headerEn: 'First name', helpEn: 'First name of the group leader' },
  { key: 'taxCode', header: 'Codice fiscale', required: false, help: 'Facoltativo; se presente deve essere valido', headerEn: 'Tax code', helpEn: 'Optional; when given it must be valid' },
  { key: 'birthDate', header: 'Data di nascita', required: false, help: 'GG/MM/AAAA', headerEn: 'Date of birth', helpEn: 'DD/MM/YYYY' },
  { key: 'citizenship', header: 'Cittadinanza', required: false, help: 'Stato di cittadinanza', headerEn: 'Citizenship', helpEn: 'Country of citizenship' },
  { key: 'paymentStatus', header: 'Stato pagamento', required: true, help: 'Pagato / Non pagato', headerEn: 'Payment status', helpEn: 'Paid / Not paid (or Pagato / Non pagato)' },
  { key: 'noPaymentReason', header: 'Motivo mancato pagamento', required: false, help: 'Obbligatorio se Non pagato', headerEn: 'Reason not paid', helpEn: 'Required when Not paid' },
  { key: 'exemptCount', header: 'Esenti', required: false, help: 'Numero di ospiti esenti', headerEn: 'Exempt guests', helpEn: 'Number of exempt guests' },
  {
    key: 'exemptionName',
    header: 'Tipo esenzione',
    required: false,
    help: 'Nome dell’esenzione; obbligatorio se Esenti > 0',
    headerEn: 'Exemption',
    helpEn: 'Name of the exemption; required when Exempt guests > 0',
  },
  { key: 'reducedCount', header: 'Ridotti', required: false, help: 'Numero di ospiti con riduzione', headerEn: 'Reduced guests', helpEn: 'Number of guests with a reduction' },
  {
    key: 'reductionName',
    header: 'Tipo riduzione',
    required: false,
    help: 'Nome della riduzione; obbligatorio se Ridotti > 0',
    headerEn: 'Reduction',
    helpEn: 'Name of the reduction; required when Reduced guests > 0',
  },
  {
    key: 'accommodationAmount',
    header: 'Importo soggiorno',
    required: false,
    help: 'Euro, es. 250,00; serve per le tariffe a percentuale',
    headerEn: 'Accommodation amount',
    helpEn: 'Euros with a decimal comma, e.g. 250,00; needed for percentage rates',
  },
];

export type TStayImportRow = {
  checkIn: string;
  checkOut: string;
  nightsNumber: number;
  componentsNumber: number;
  surname: string;
  name: string;
  taxCode: string | null;
  birthDate: string | null;
  citizenship: string | null;
  paymentStatus: 'paid' | 'notPaid';
  noPaymentReason: string | null;
  exemptCount: number;
  /** Name as typed; the API resolves it to an exemption of the comune. */
  exemptionName: string | null;
  reducedCount: number;
  reductionName: string | null;
  accommodationAmountCents: number | null;
};

export type TStayImportError = {
  /** Spreadsheet row number as given by the caller. */
  row: number;
  field: TStayImportKey;
  /** The column header the user sees. */
  header: string;
  value: string;
  message: string;
};

export type TStayImportResult = { ok: true; value: TStayImportRow } | { ok: false; errors: TStayImportError[] };

const COLUMN_BY_KEY = new Map(STAY_IMPORT_COLUMNS.map((c) => [c.key, c]));
const KEY_BY_HEADER = new Map<string, TStayImportKey>(
  STAY_IMPORT_COLUMNS.flatMap((c) => [
    [normaliseHeader(c.header), c.key],
    [normaliseHeader(c.headerEn), c.key],
    [normaliseHeader(c.key), c.key],
  ]),
);

function normaliseHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[*\s]+/g, ' ')
    .trim()
    .toLowerCase();
}

/** The template key of a header cell, or null when the column is not part of the template. */
export function stayImportKeyOfHeader(header: string): TStayImportKey | null {
  let key = KEY_OF_SEEN_HEADER.get(header);
  if (key === undefined) {
    key = KEY_BY_HEADER.get(normaliseHeader(header)) ?? null;
    if (KEY_OF_SEEN_HEADER.size < 1000) KEY_OF_SEEN_HEADER.set(header, key);
  }
  return key;
}

/** Headers already normalised: every row of a file repeats the same ones (bounded, headers are the user's text). */
const KEY_OF_SEEN_HEADER = new Map<string, TStayImportKey | null>();

/** A column's header in the language the user reads. */
export const stayImportHeaderIn = (column: TStayImportColumn, language: TStayImportLanguage): string => (language === 'en' ? column.headerEn : column.header);

/** Headers of required columns missing from a sheet's header row (check once before reading rows), in the reader's language. */
export function findMissingStayImportHeaders(headers: readonly string[], language: TStayImportLanguage = 'it'): string[] {
  const present = new Set(headers.map((h) => stayImportKeyOfHeader(String(h ?? ''))));
  return STAY_IMPORT_COLUMNS.filter((c) => c.required && !present.has(c.key)).map((c) => stayImportHeaderIn(c, language));
}

const PAID = new Set(['pagato', 'pagata', 'si', 'sì', 'paid', 'yes', 'true', '1']);
const NOT_PAID = new Set(['non pagato', 'non pagata', 'no', 'rifiutato', 'notpaid', 'not paid', 'unpaid', 'false', '0']);

/** The messages of a template row, Italian and English (the import answers in the user's language). */
const ROW_MESSAGES = {
  required: { it: '{header} è obbligatorio', en: '{header} is required' },
  date: { it: 'Data non valida (usare GG/MM/AAAA)', en: 'Not a valid date (use DD/MM/YYYY)' },
  checkOutAfterCheckIn: { it: 'La data di partenza deve essere successiva alla data di arrivo', en: 'The check-out date must be after the check-in date' },
  componentsNumber: { it: 'Deve essere un numero intero di almeno 1', en: 'Must be a whole number of at least 1' },
  taxCode: { it: 'Codice fiscale non valido', en: 'Not a valid tax code (codice fiscale)' },
  birthAfterCheckIn: { it: 'La data di nascita è successiva alla data di arrivo', en: 'The birth date is after the check-in date' },
  paymentStatus: { it: 'Usare "Pagato" o "Non pagato"', en: 'Use "Pagato" (paid) or "Non pagato" (not paid)' },
  noPaymentReason: { it: 'Indicare il motivo del mancato pagamento', en: 'Give the reason the tax was not paid' },
  exemptionName: { it: 'Indicare il tipo di esenzione', en: 'Give the kind of exemption' },
  reductionName: { it: 'Indicare il tipo di riduzione', en: 'Give the kind of reduction' },
  tooManyExemptOrReduced: { it: 'Esenti più ridotti superano il numero di ospiti', en: 'Exempt plus reduced guests exceed the number of guests' },
  amount: { it: 'Importo non valido (es. 250,00)', en: 'Not a valid amount (e.g. 250,00)' },
  count: { it: 'Deve essere un numero intero (0 o più)', en: 'Must be a whole number (0 or more)' },
} as const;

export type TStayImportLanguage = 'it' | 'en';

export function validateStayImportRow(row: Record<string, unknown>, rowNumber: number, options: { language?: TStayImportLanguage } = {}): TStayImportResult {
  const language = options.language ?? 'it';
  const say = (key: keyof typeof ROW_MESSAGES, params: Record<string, string> = {}) => ROW_MESSAGES[key][language].replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
  const cells = new Map<TStayImportKey, unknown>();
  for (const [header, value] of Object.entries(row)) {
    const key = stayImportKeyOfHeader(header);
    if (key && !isBlank(cellValue(value))) cells.set(key, cellValue(value));
  }
  const errors: TStayImportError[] = [];
  const fail = (field: TStayImportKey, message: string) =>
    errors.push({ row: rowNumber, field, header: stayImportHeaderIn(COLUMN_BY_KEY.get(field)!, language), value: displayValue(cells.get(field)), message });
  const text = (field: TStayImportKey): string | null => {
    const v = cells.get(field);
    return v === undefined ? null : String(v instanceof Date ? displayValue(v) : v).trim() || null;
  };

  for (const column of STAY_IMPORT_COLUMNS) {
    if (column.required && !cells.has(column.key)) fail(column.key, say('required', { header: stayImportHeaderIn(column, language) }));
  }

  const checkIn = cells.has('checkIn') ? readDate(cells.get('checkIn')) : null;
  if (cells.has('checkIn') && !checkIn) fail('checkIn', say('date'));
  const checkOut = cells.has('checkOut') ? readDate(cells.get('checkOut')) : null;
  if (cells.has('checkOut') && !checkOut) fail('checkOut', say('date'));
  if (checkIn && checkOut && checkOut <= checkIn) fail('checkOut', say('checkOutAfterCheckIn'));

  const componentsNumber = cells.has('componentsNumber') ? readWholeNumber(cells.get('componentsNumber')) : null;
  if (cells.has('componentsNumber') && (componentsNumber === null || componentsNumber < 1)) {
    fail('componentsNumber', say('componentsNumber'));
  }

  const taxCodeText = text('taxCode');
  const taxCode = taxCodeText ? normalizeCodiceFiscale(taxCodeText) : null;
  if (taxCode && !isValidCodiceFiscale(taxCode)) fail('taxCode', say('taxCode'));

  const birthDate = cells.has('birthDate') ? readDate(cells.get('birthDate')) : null;
  if (cells.has('birthDate') && !birthDate) fail('birthDate', say('date'));
  else if (birthDate && checkIn && birthDate > checkIn) fail('birthDate', say('birthAfterCheckIn'));

  let paymentStatus: 'paid' | 'notPaid' | null = null;
  const statusText = text('paymentStatus');
  if (statusText) {
    const s = statusText.toLowerCase().replace(/\s+/g, ' ');
    paymentStatus = PAID.has(s) ? 'paid' : NOT_PAID.has(s) ? 'notPaid' : null;
    if (!paymentStatus) fail('paymentStatus', say('paymentStatus'));
  }
  const noPaymentReason = text('noPaymentReason');
  if (paymentStatus === 'notPaid' && !noPaymentReason) fail('noPaymentReason', say('noPaymentReason'));

  const exemptCount = readCount('exemptCount');
  const reducedCount = readCount('reducedCount');
  const exemptionName = text('exemptionName');
  const reductionName = text('reductionName');
  if (exemptCount && exemptCount > 0 && !exemptionName) fail('exemptionName', say('exemptionName'));
  if (reducedCount && reducedCount > 0 && !reductionName) fail('reductionName', say('reductionName'));
  if (componentsNumber !== null && exemptCount !== null && reducedCount !== null && exemptCount + reducedCount > componentsNumber) {
    fail('exemptCount', say('tooManyExemptOrReduced'));
  }

  let accommodationAmountCents: number | null = null;
  if (cells.has('accommodationAmount')) {
    accommodationAmountCents = parseEuroAmount(cells.get('accommodationAmount'));
    if (accommodationAmountCents === null || accommodationAmountCents < 0) {
      fail('accommodationAmount', say('amount'));
    }
  }

  if (errors.length) return { ok: false, errors };
  return {
    ok: true,
    value: {
      checkIn: checkIn!,
      checkOut: checkOut!,
      nightsNumber: daysBetween(checkIn!, checkOut!),
      componentsNumber: componentsNumber!,
      surname: text('surname')!,
      name: text('name')!,
      taxCode,
      birthDate,
      citizenship: text('citizenship'),
      paymentStatus: paymentStatus!,
      noPaymentReason: paymentStatus === 'notPaid' ? noPaymentReason : null,
      exemptCount: exemptCount ?? 0,
      exemptionName: exemptCount ? exemptionName : null,
      reducedCount: reducedCount ?? 0,
      reductionName: reducedCount ? reductionName : null,
      accommodationAmountCents,
    },
  };

  function readCount(field: 'exemptCount' | 'reducedCount'): number | null {
    if (!cells.has(field)) return 0;
    const n = readWholeNumber(cells.get(field));
    if (n === null || n < 0) {
      fail(field, say('count'));
      return null;
    }
    return n;
  }
}

/**
 * Identity of an imported stay for de-duplication: dates, guests and the head guest, normalised.
 * Payment and amounts are left out on purpose, so re-importing a corrected sheet is recognised as the
 * same stay (the API can then update rather than duplicate it).
 */
export function stayImportFingerprint(stay: Pick<TStayImportRow, 'checkIn' | 'checkOut' | 'componentsNumber' | 'surname' | 'name' | 'taxCode' | 'birthDate'>): string {
  const norm = (s: string | null) => (s ?? '').normalize('NFC').replace(/\s+/g, ' ').trim().toUpperCase();
  return fnv1a64Hex([stay.checkIn, stay.checkOut, String(stay.componentsNumber), norm(stay.surname), norm(stay.name), norm(stay.taxCode), stay.birthDate ?? ''].join('|'));
}

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

function displayValue(value: unknown): string {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString().slice(0, 10);
  return value === undefined || value === null ? '' : String(value);
}

// Excel's day 0 is 1899-12-30 (it counts the non-existent 29/02/1900), valid for serials after February 1900.
const EXCEL_EPOCH = '1899-12-30';

/** 'YYYY-MM-DD', 'DD/MM/YYYY', a Date (read in UTC, as exceljs builds them) or an Excel serial day. */
export function readImportDate(value: unknown): string | null {
  return readDate(cellValue(value));
}

function readDate(value: unknown): string | null {
  if (value instanceof Date) {
    const ms = value.getTime();
    if (Number.isNaN(ms)) return null;
    // Serial-to-Date conversions can land a few milliseconds before midnight: snap within a second.
    const nearest = Math.round(ms / 86_400_000);
    const day = Math.abs(ms - nearest * 86_400_000) < 1000 ? nearest : Math.floor(ms / 86_400_000);
    return addDays('1970-01-01', day);
  }
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || value < 61 || value > 2_958_465) return null;
    return addDays(EXCEL_EPOCH, value);
  }
  if (typeof value !== 'string') return null;
  const s = value.trim();
  if (isIsoDate(s)) return s;
  return parseItalianDate(s);
}

function readWholeNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  if (typeof value === 'string' && /^\s*\d{1,9}\s*$/.test(value)) return Number(value);
  return null;
}
