/*
 * A table's columns as a saved view keeps them (the visible columns, left to right, by source or
 * label) and as react-admin's DataTable stores them (the hidden columns by source or label, and the
 * order as a list of the columns' positions among the table's children).
 */

/** What a table says of its columns: each child's key (null for a column the chooser does not list) and those hidden by default. */
export type TColumnLayout = { keys: (string | null)[]; defaultHidden: string[] };

export function isColumnLayout(value: unknown): value is TColumnLayout {
  return (
    typeof value === 'object' &&
    value !== null &&
    'keys' in value &&
    Array.isArray(value.keys) &&
    value.keys.every((key) => key === null || typeof key === 'string') &&
    'defaultHidden' in value &&
    Array.isArray(value.defaultHidden) &&
    value.defaultHidden.every((key) => typeof key === 'string')
  );
}

/** The visible columns, left to right, of the stored choice. */
export function visibleColumns(layout: TColumnLayout, hidden: readonly string[] | undefined, ranks: readonly number[] | undefined): string[] {
  const order = [...(ranks ?? []).filter((index) => index >= 0 && index < layout.keys.length)];
  for (let index = 0; index < layout.keys.length; index++) if (!order.includes(index)) order.push(index);
  const hiddenSet = new Set(hidden ?? layout.defaultHidden);
  const columns: string[] = [];
  for (const index of order) {
    const key = layout.keys[index];
    if (key !== null && !hiddenSet.has(key)) columns.push(key);
  }
  return columns;
}

/**
 * The stored choice that shows `columns` in that order: the table's other listed columns hidden,
 * unknown names ignored (a column the list no longer has), the unlisted ones after the chosen ones.
 */
export function columnChoiceOf(layout: TColumnLayout, columns: readonly string[]): { hidden: string[]; ranks: number[] } {
  const chosen = columns.filter((column, index) => layout.keys.includes(column) && columns.indexOf(column) === index);
  const hidden = layout.keys.filter((key): key is string => key !== null && !chosen.includes(key));
  const ranks = chosen.map((column) => layout.keys.indexOf(column));
  for (let index = 0; index < layout.keys.length; index++) if (!ranks.includes(index)) ranks.push(index);
  return { hidden, ranks };
}
