/*
 * What the comune's small imports (pagoPA payments, the SIATEL file) share: a sheet of header + rows read
 * from CSV or xlsx (cells as the bounded xlsx reader or the CSV parser give them), headers matched by
 * name ignoring case, accents, spaces and a trailing "(...)", and one error shape naming row, field and
 * value. Pure: the API reads the file in a document job and calls these there.
 */

export type TImportSheet = { headers: readonly unknown[]; rows: readonly { row: number; cells: readonly unknown[] }[] };
export type TImportRowError = { row: number; field: string; value: string; message: string };

/** Unwraps spreadsheet cell value objects: formula results, rich text, hyperlinks. */
export function cellValue(value: unknown): unknown {
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    if ('result' in value) return cellValue(value.result);
    if ('richText' in value && Array.isArray(value.richText)) return value.richText.map((run: unknown) => (run && typeof run === 'object' && 'text' in run ? String(run.text) : '')).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
  }
  return value;
}

export function displayValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString().slice(0, 10);
  return String(value);
}

export function normaliseHeader(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s*\(.*\)\s*$/, '')
    .replace(/[*_\s.]+/g, ' ')
    .trim()
    .toLowerCase();
}

/**
 * The column index of each key, from the header row: a key's aliases are compared normalised. Keys
 * not found are absent from the map.
 */
export function columnsOfHeaders<K extends string>(headers: readonly unknown[], keys: readonly K[], aliases: Record<K, readonly string[]>): Map<K, number> {
  const keyOf = new Map<string, K>();
  for (const key of keys) for (const alias of aliases[key]) keyOf.set(normaliseHeader(alias), key);
  const columns = new Map<K, number>();
  headers.forEach((header, index) => {
    const key = keyOf.get(normaliseHeader(displayValue(cellValue(header))));
    if (key !== undefined && !columns.has(key)) columns.set(key, index);
  });
  return columns;
}

/** The trimmed text of each mapped cell of a row; blank cells are left out. */
export function valuesOfRow<K extends string>(cells: readonly unknown[], columns: Map<K, number>): Map<K, unknown> {
  const values = new Map<K, unknown>();
  for (const [key, index] of columns) {
    const value = cellValue(cells[index]);
    if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) continue;
    values.set(key, typeof value === 'string' ? value.trim() : value);
  }
  return values;
}

/** A whole number of at most 9 digits, from a number cell or a text ("1.234" grouping is not a whole number here). */
export function readCount(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 && value <= 999_999_999 ? value : null;
  if (typeof value === 'string' && /^\d{1,9}$/.test(value.trim())) return Number(value.trim());
  return null;
}
