/**
 * Type guards for values whose type TypeScript cannot know (rows of a table chosen at run time,
 * parsed JSON, errors thrown by libraries): each checks what it claims, so no cast is needed.
 */

/** A non-null, non-array object: a row, a record, a parsed JSON object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The object itself, checked; throws when a value that must be one is not (a programming error, not user input). */
export function recordOf(value: unknown, what: string): Record<string, unknown> {
  if (!isRecord(value)) throw new TypeError(`${what} is not an object`);
  return value;
}

/** A Date column's value, checked (a row's `updatedAt` version). */
export function dateOf(value: unknown, what: string): Date {
  if (!(value instanceof Date)) throw new TypeError(`${what} is not a date`);
  return value;
}

/** The `code` a library error carries (node's errno errors, PostgreSQL's SQLSTATE), if it has one. */
export function errorCodeOf(error: unknown): string | undefined {
  return isRecord(error) && typeof error.code === 'string' ? error.code : undefined;
}
