import type { TWriteConflict } from '../dataProvider/conflicts';

/** Fields that are the record's bookkeeping, never a difference the user cares about. */
const BOOKKEEPING = new Set(['id', '_id', 'createdAt', 'updatedAt']);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export function shownValue(value: unknown, empty: string): string {
  if (value === null || value === undefined || value === '') return empty;
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The fields where the user's values and the saved ones differ: those the user changed, and those the other user changed. */
export function conflictRows(conflict: TWriteConflict, current: Record<string, unknown>) {
  const fields = new Set([...Object.keys(conflict.mine), ...Object.keys(current).filter((field) => !same(current[field], conflict.previous[field]))]);
  return [...fields]
    .filter((field) => !BOOKKEEPING.has(field))
    .map((field) => ({ field, yours: field in conflict.mine ? conflict.mine[field] : conflict.previous[field], theirs: current[field] }))
    .filter((row) => !same(row.yours, row.theirs));
}
