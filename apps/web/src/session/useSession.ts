import { useSyncExternalStore } from 'react';
import { getSession, getYear, subscribeToStore } from './store';

export function useSession() {
  return useSyncExternalStore(subscribeToStore, getSession);
}

export function useSelectedYear(): number {
  return useSyncExternalStore(subscribeToStore, getYear);
}
