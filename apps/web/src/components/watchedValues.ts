import { useWatch } from 'react-hook-form';
import { textOf } from '@app/domain/platform/records/keys';

/*
 * A form field's current value, checked: react-hook-form's useWatch answers `any` in react-admin's
 * forms (it does not know their shape), so each reader says what it accepts and drops the rest.
 */

/** The field's value when it is a text, else undefined (an empty field, null, another type). */
export function useWatchedText(name: string): string | undefined {
  const value: unknown = useWatch({ name });
  return textOf(value);
}

/** The field's value when it is a text or null (a field cleared on purpose), else undefined. */
export function useWatchedNullableText(name: string): string | null | undefined {
  const value: unknown = useWatch({ name });
  return value === null ? null : textOf(value);
}

/** The field's value when it is a boolean, else undefined. */
export function useWatchedFlag(name: string): boolean | undefined {
  const value: unknown = useWatch({ name });
  return typeof value === 'boolean' ? value : undefined;
}

/** The fields' values in the order of `names`, each for its reader to check. */
export function useWatchedValues(names: string[]): unknown[] {
  const values: unknown = useWatch({ name: names });
  return Array.isArray(values) ? values : names.map(() => undefined);
}
