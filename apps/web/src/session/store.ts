import type { TSession, TUser } from './types';

/*
 * The persisted state of the app: session, year and known app version live in local storage.
 * Subscribers are notified on every change so React components can follow without a global library.
 */

const SESSION_KEY = 'backoffice.session';
const YEAR_KEY = 'backoffice.year';
const VERSION_KEY = 'backoffice.version';
const LOCALE_KEY = 'backoffice.locale';
const CHOSEN_CITY_KEY = 'backoffice.chosenCity';

export const FIRST_YEAR = 2021;
export const LAST_YEAR = 2050;

type TListener = () => void;
const listeners = new Set<TListener>();

export function subscribeToStore(listener: TListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emitChange(): void {
  for (const listener of listeners) listener();
}

function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function writeJson(key: string, value: unknown): void {
  if (value === null || value === undefined) localStorage.removeItem(key);
  else localStorage.setItem(key, JSON.stringify(value));
}

let cachedSession: TSession | null | undefined;

export function getSession(): TSession | null {
  if (cachedSession === undefined) cachedSession = readJson<TSession>(SESSION_KEY);
  return cachedSession;
}

export function setSession(session: TSession | null): void {
  cachedSession = session;
  writeJson(SESSION_KEY, session);
  emitChange();
}

export function updateSession(patch: Partial<TSession>): void {
  const current = getSession();
  if (!current) return;
  setSession({ ...current, ...patch });
}

export function updateSessionUser(user: TUser): void {
  updateSession({ user });
}

export function getToken(): string | null {
  return getSession()?.token ?? null;
}

export function defaultYear(now: Date = new Date()): number {
  return Math.min(LAST_YEAR, Math.max(FIRST_YEAR, now.getFullYear()));
}

export function getYear(): number {
  const stored = readJson<number>(YEAR_KEY);
  return typeof stored === 'number' && stored >= FIRST_YEAR && stored <= LAST_YEAR ? stored : defaultYear();
}

export function setYear(year: number): void {
  writeJson(YEAR_KEY, year);
  emitChange();
}

export function getKnownVersion(): string | null {
  return readJson<string>(VERSION_KEY);
}

export function setKnownVersion(version: string): void {
  writeJson(VERSION_KEY, version);
  emitChange();
}

export function getStoredLocale(): string | null {
  return readJson<string>(LOCALE_KEY);
}

export function setStoredLocale(locale: string): void {
  writeJson(LOCALE_KEY, locale);
}

/** The comune an administrator last chose on the pages that show one comune at a time. */
export function getChosenCity(): string | null {
  return readJson<string>(CHOSEN_CITY_KEY);
}

export function setChosenCity(cityId: string): void {
  writeJson(CHOSEN_CITY_KEY, cityId);
}

/** Logout clears the whole persisted state except the language preference. */
export function clearPersistedState(): void {
  cachedSession = null;
  localStorage.removeItem(SESSION_KEY);
  localStorage.removeItem(YEAR_KEY);
  localStorage.removeItem(VERSION_KEY);
  localStorage.removeItem(CHOSEN_CITY_KEY);
  emitChange();
}
