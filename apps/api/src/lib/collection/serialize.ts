/** Default record mapping: `id` becomes `_id`, dates become ISO strings, secrets never leave. */
export function rowToRecord(row: Record<string, unknown>, omit: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (omit.includes(key)) continue;
    out[key === 'id' ? '_id' : key] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}
