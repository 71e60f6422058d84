import { useListContext, type Identifier } from 'react-admin';

/**
 * react-admin types a record `any` unless a hook is told its shape: these are the shapes the
 * screens read of records they only pick or name.
 */
export type TNamedRecord = { id: Identifier; name: string };

/** The list's current filter values; react-admin types them `any` (its ListControllerResult), they are a plain object of values. */
export function useListFilterValues(): Record<string, unknown> {
  const context = useListContext();
  return (context.filterValues ?? {}) as Record<string, unknown>;
}
