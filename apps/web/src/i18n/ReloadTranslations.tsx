import { createContext, useContext } from 'react';

/** Re-reads the labels from the API and re-renders with them (after a save in the Labels screen). */
export const ReloadTranslationsContext = createContext<() => Promise<void>>(async () => undefined);

export function useReloadTranslations() {
  return useContext(ReloadTranslationsContext);
}
