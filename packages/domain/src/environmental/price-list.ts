/**
 * Rows of a laboratory's price list, as imported from and exported to xlsx (headers in Italian or
 * English, as the reader's language; the import takes either, and the English keys too). The API reads the sheet into header cells and rows of cell values
 * and calls validatePriceListRows once for the whole file: the import is all or nothing, so every
 * problem of every row is reported (row, field, value) and nothing is applied unless there is none.
 *
 * Cells may be strings, numbers or exceljs value objects (rich text, hyperlinks, formula results).
 * Matrix and analytic package are named by the code or the name of a lab analysis setting.
 */
import { parseEuroAmount } from '../platform/money/index.ts';
import { cellValue } from '../platform/records/index.ts';

export type TPriceListKey = 'code' | 'articleCode' | 'articleName' | 'packetCode' | 'matrix' | 'analyticPackage' | 'price';
export type TPriceListColumn = { key: TPriceListKey; header: string; headerEn: string; required: boolean; maxLength?: number; help: string };

export const PRICE_LIST_COLUMNS: readonly TPriceListColumn[] = [
  { key: 'code', header: 'Codice contratto', headerEn: 'Contract code', required: true, maxLength: 50, help: 'Uguale per tutte le righe dello stesso contratto' },
  { key: 'articleCode', header: 'Codice articolo', headerEn: 'Article code', required: true, maxLength: 50, help: 'Unico nel contratto' },
  { key: 'articleName', header: 'Descrizione articolo', headerEn: 'Article description', required: true, maxLength: 500, help: 'Descrizione della prestazione' },
  { key: 'packetCode', header: 'Codice pacchetto', headerEn: 'Packet code', required: false, maxLength: 50, help: 'Facoltativo' },
  { key: 'matrix', header: 'Matrice', headerEn: 'Matrix', required: false, help: 'Codice o nome di una matrice delle impostazioni analisi' },
  { key: 'analyticPackage', header: 'Pacchetto analitico', headerEn: 'Analytic package', required: false, help: 'Codice o nome di un pacchetto analitico delle impostazioni analisi' },
  { key: 'price', header: 'Prezzo (€)', headerEn: 'Price (€)', required: true, help: 'Euro, al massimo due decimali, es. 45,50' },
];

/** The largest price accepted on one line, in cents (one million euros). */
export const MAX_PRICE_CENTS = 100_000_000;

export type TPriceListRow = {
  /** Spreadsheet row number. */
  row: number;
  code: string;
  articleCode: string;
  articleName: string;
  packetCode: string | null;
  matrixSettingId: string | null;
  analyticPackageSettingId: string | null;
  priceCents: number;
};

export type TPriceListError = {
  /** Spreadsheet row number (1 is the header row). */
  row: number;
  field: TPriceListKey | 'file';
  /** The column header the user sees. */
  header: string;
  value: string;
  message: string;
};

/** The lab analysis settings a price list may name. */
export type TPriceListCatalogue = {
  matrices: readonly { id: string; code: string; name: string }[];
  analyticPackages: readonly { id: string; code: string; name: string }[];
};

export type TPriceListResult = { ok: true; rows: TPriceListRow[] } | { ok: false; errors: TPriceListError[] };

const COLUMN_BY_KEY = new Map(PRICE_LIST_COLUMNS.map((c) => [c.key, c]));
const KEY_BY_HEADER = new Map<string, TPriceListKey>(
  PRICE_LIST_COLUMNS.flatMap((c) => [
    [normaliseText(c.header), c.key],
    [normaliseText(c.headerEn), c.key],
    [normaliseText(c.key), c.key],
  ]),
);

function normaliseText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[*\s]+/g, ' ')
    .trim()
    .toLowerCase();
}

/** A column's header in the reader's language (exports); the import accepts both. */
export function priceListHeader(column: TPriceListColumn, language: 'it' | 'en'): string {
  return language === 'en' ? column.headerEn : column.header;
}

/** The sheet's name in the reader's language. */
export const PRICE_LIST_SHEET = { it: 'Listino', en: 'Price list' } as const;

/** The column key of a header cell ("Prezzo", "Prezzo (€)", "Price (€)" and "price" are all the price). */
export function priceListKeyOfHeader(header: string): TPriceListKey | null {
  const normalised = normaliseText(header);
  return KEY_BY_HEADER.get(normalised) ?? KEY_BY_HEADER.get(normalised.replace(/\s*\(.*\)$/, '').trim()) ?? (normalised === 'prezzo' ? 'price' : null);
}

function displayValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString().slice(0, 10);
  return String(value);
}

const isBlank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

export function validatePriceListRows(sheet: { headers: readonly unknown[]; rows: readonly { row: number; cells: readonly unknown[] }[] }, catalogue: TPriceListCatalogue): TPriceListResult {
  const errors: TPriceListError[] = [];
  const columnOf = new Map<TPriceListKey, number>();
  sheet.headers.forEach((header, index) => {
    const key = priceListKeyOfHeader(displayValue(cellValue(header)));
    if (key && !columnOf.has(key)) columnOf.set(key, index);
  });
  for (const column of PRICE_LIST_COLUMNS) {
    if (column.required && !columnOf.has(column.key)) {
      errors.push({ row: 1, field: column.key, header: column.header, value: '', message: `Manca la colonna "${column.header}"` });
    }
  }
  if (errors.length) return { ok: false, errors };

  const lookup = (entries: TPriceListCatalogue['matrices']) => {
    const byText = new Map<string, string>();
    for (const entry of entries) {
      byText.set(normaliseText(entry.code), entry.id);
      byText.set(normaliseText(entry.name), entry.id);
    }
    return byText;
  };
  const matrices = lookup(catalogue.matrices);
  const packages = lookup(catalogue.analyticPackages);

  const parsed: TPriceListRow[] = [];
  const firstRowOfArticle = new Map<string, number>();
  for (const { row, cells } of sheet.rows) {
    const values = new Map<TPriceListKey, unknown>();
    for (const [key, index] of columnOf) {
      const value = cellValue(cells[index]);
      if (!isBlank(value)) values.set(key, typeof value === 'string' ? value.trim() : value);
    }
    if (values.size === 0) continue;
    const rowErrors: TPriceListError[] = [];
    const fail = (field: TPriceListKey, message: string) => rowErrors.push({ row, field, header: COLUMN_BY_KEY.get(field)!.header, value: displayValue(values.get(field)), message });
    const text = (field: TPriceListKey): string | null => {
      const value = values.get(field);
      if (value === undefined) return null;
      const s = displayValue(value).trim();
      const max = COLUMN_BY_KEY.get(field)!.maxLength;
      if (max && s.length > max) fail(field, `Al massimo ${max} caratteri`);
      return s;
    };

    for (const column of PRICE_LIST_COLUMNS) {
      if (column.required && !values.has(column.key)) fail(column.key, `${column.header} è obbligatorio`);
    }
    const code = text('code');
    const articleCode = text('articleCode');
    const articleName = text('articleName');
    const packetCode = text('packetCode');

    const resolve = (field: 'matrix' | 'analyticPackage', byText: Map<string, string>, what: string): string | null => {
      const name = text(field);
      if (name === null) return null;
      const id = byText.get(normaliseText(name));
      if (!id) fail(field, `${what} sconosciuta: usare il codice o il nome di una voce delle impostazioni analisi`);
      return id ?? null;
    };
    const matrixSettingId = resolve('matrix', matrices, 'Matrice');
    const analyticPackageSettingId = resolve('analyticPackage', packages, 'Voce di pacchetto analitico');

    let priceCents: number | null = null;
    if (values.has('price')) {
      priceCents = parseEuroAmount(values.get('price'));
      if (priceCents === null) fail('price', 'Prezzo non valido: euro con al massimo due decimali, es. 45,50');
      else if (priceCents < 0) fail('price', 'Il prezzo non può essere negativo');
      else if (priceCents > MAX_PRICE_CENTS) fail('price', 'Prezzo troppo alto');
    }

    if (code && articleCode) {
      const key = `${code}\u0000${articleCode}`;
      const first = firstRowOfArticle.get(key);
      if (first !== undefined) fail('articleCode', `Articolo ripetuto nello stesso contratto (già alla riga ${first})`);
      else firstRowOfArticle.set(key, row);
    }

    if (rowErrors.length) {
      errors.push(...rowErrors);
      continue;
    }
    parsed.push({ row, code: code!, articleCode: articleCode!, articleName: articleName!, packetCode, matrixSettingId, analyticPackageSettingId, priceCents: priceCents! });
  }
  if (errors.length) return { ok: false, errors };
  if (parsed.length === 0) return { ok: false, errors: [{ row: 2, field: 'file', header: '', value: '', message: 'Il listino non contiene righe' }] };
  return { ok: true, rows: parsed };
}
