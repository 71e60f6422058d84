/** A row as the default mapping returns it: `id` renamed `_id`, dates as ISO strings, omitted keys gone. */
export type TSerializedRow<TRow, TOmit extends PropertyKey = never> = {
  // An omit list of plain strings (not literals) says nothing about which keys go: all are kept in the type.
  [K in keyof TRow as K extends TOmit ? (string extends TOmit ? K : never) : K extends 'id' ? '_id' : K]: TRow[K] extends Date ? string : TRow[K] extends Date | null ? string | null : TRow[K];
};

/** Default record mapping: `id` becomes `_id`, dates become ISO strings, secrets never leave. */
export function rowToRecord<TRow extends object, TOmit extends string = never>(row: TRow, omit: readonly TOmit[] = []): TSerializedRow<TRow, TOmit> {
  const omitted: readonly string[] = omit;
  const source = row as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  // Keys, not entries: every row of every list page passes here, and the entries' pairs are garbage at once.
  for (const key of Object.keys(source)) {
    if (omitted.length > 0 && omitted.includes(key)) continue;
    const value = source[key];
    out[key === 'id' ? '_id' : key] = value instanceof Date ? value.toISOString() : value;
  }
  return out as TSerializedRow<TRow, TOmit>;
}
