import { isRecord } from './keys.ts';

/** Unwraps exceljs cell value objects: formula results, rich text, hyperlinks. */
export function cellValue(value: unknown): unknown {
  if (isRecord(value) && !(value instanceof Date)) {
    if ('result' in value) return cellValue(value.result);
    if (Array.isArray(value.richText)) return value.richText.map((run: unknown) => (isRecord(run) ? run.text : undefined)).join('');
    if (typeof value.text === 'string') return value.text;
  }
  return value;
}
