/**
 * A save refused because someone else saved the record first (the API's 409 STALE_WRITE on a stale
 * `updatedAt`): the data provider tells the edit form on screen, which offers to reload the record or
 * to see the other user's values next to the user's own (components/ConflictDialog.tsx).
 */
export type TWriteConflict = {
  resource: string;
  id: string;
  /** The fields the user changed, as they were sent. */
  mine: Record<string, unknown>;
  /** The record as the user opened it. */
  previous: Record<string, unknown>;
};

type TListener = (conflict: TWriteConflict) => void;
const listeners = new Set<TListener>();

export function reportWriteConflict(conflict: TWriteConflict): void {
  for (const listener of listeners) listener(conflict);
}

export function onWriteConflict(listener: TListener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
