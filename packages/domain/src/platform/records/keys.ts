/**
 * Narrowing for the constant tables (`as const` lists and records keyed by role, resource, action...):
 * a string from outside (a role read from a session, a resource from a URL) becomes one of the table's
 * keys or members only after a run-time check, so that indexing a table never needs a cast.
 */

/** True when `key` is an own property of `table` (never an inherited one such as `toString`). */
export function isOwnKey<T extends object>(table: T, key: PropertyKey | null | undefined): key is keyof T & PropertyKey {
  return key !== null && key !== undefined && Object.hasOwn(table, key);
}

/** The table's value at `key` when `key` is one of its own properties, otherwise undefined. */
export function ownValue<T extends object>(table: T, key: PropertyKey | null | undefined): T[keyof T] | undefined {
  return isOwnKey(table, key) ? table[key] : undefined;
}

/**
 * The table's own string keys, each checked to be one (so the typed list holds no inherited key).
 * Meant for the constant tables, whose declared keys are exactly their own keys.
 */
export function ownKeys<T extends object>(table: T): (keyof T & string)[] {
  return Object.keys(table).filter((key): key is keyof T & string => isOwnKey(table, key));
}

/** True when `value` is one of the list's members (a closed list such as a setting's types). */
export function isOneOf<const T>(list: readonly T[], value: unknown): value is T {
  return list.some((member) => member === value);
}

/** True for any object (arrays included), whose properties may then be read by name. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The value if it is a text, else undefined. */
export const textOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The value if it is a number, else undefined. */
export const numberOf = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
