import { getConfig } from '../config';
import { getSession, getStoredLocale, getYear, updateSession } from '../session/store';
import { toHttpError, type TApiErrorBody } from './errors';

export type TQueryValue = string | number | boolean | null | undefined;

/**
 * The interface language, sent as Accept-Language on every call: the API writes what it generates
 * for this request (PDFs, import row messages) in it rather than in the browser's language.
 * Italian until the user picks another, as the interface does (i18n/locale.ts).
 */
export function interfaceLanguage(): string {
  const stored = getStoredLocale();
  return stored === 'en' || stored === 'it' ? stored : 'it';
}

export type TRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, TQueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  /** 'bearer' (default) sends the session token; 'none' sends nothing; basic sends credentials. */
  auth?: 'bearer' | 'none' | { basic: { email: string; password: string } };
  /** Set internally on the one retry after a token refresh. */
  retried?: boolean;
};

export type TResponse<T> = { status: number; headers: Headers; json: T };

export function basicAuthorization(email: string, password: string): string {
  const bytes = new TextEncoder().encode(`${email}:${password}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

export function buildUrl(path: string, query: Record<string, TQueryValue> = {}, year: number = getYear()): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  if (!params.has('year')) params.append('year', String(year));
  // Brackets stay readable for the server's `field[in]` parsing.
  const search = params.toString().replace(/%5B/g, '[').replace(/%5D/g, ']').replace(/%2C/g, ',');
  return `/api${path}${search ? `?${search}` : ''}`;
}

let refreshing: Promise<string> | null = null;

/** One refresh at a time: concurrent 401s wait for the same promise. A failed refresh rejects. */
export function refreshSessionToken(): Promise<string> {
  if (!refreshing) {
    refreshing = (async () => {
      const refreshToken = getSession()?.refreshToken;
      if (!refreshToken) throw toHttpError(401, { code: 'UNAUTHORIZED' });
      const response = await fetch(buildUrl('/auth/refresh'), {
        method: 'POST',
        headers: { Accept: 'application/json', Authorization: `Bearer ${refreshToken}` },
      });
      const body = await readBody(response);
      if (!response.ok) throw toHttpError(response.status, body as TApiErrorBody);
      const tokens = body as { token: string; refreshToken?: string };
      updateSession({ token: tokens.token, refreshToken: tokens.refreshToken ?? refreshToken });
      return tokens.token;
    })().finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function apiRequest<T = unknown>(path: string, options: TRequestOptions = {}): Promise<TResponse<T>> {
  const { method = 'GET', query, body, auth = 'bearer', retried = false } = options;
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': interfaceLanguage(), ...(options.headers ?? {}) };
  const isFormData = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isFormData) headers['Content-Type'] = 'application/json';
  const sentToken = auth === 'bearer' ? (getSession()?.token ?? null) : null;
  if (sentToken) headers.Authorization = `Bearer ${sentToken}`;
  if (typeof auth === 'object') headers.Authorization = basicAuthorization(auth.basic.email, auth.basic.password);

  const response = await fetch(buildUrl(path, query), {
    method,
    headers,
    body: body === undefined ? undefined : isFormData ? body : JSON.stringify(body),
  });
  const json = await readBody(response);

  if (response.status === 401 && sentToken && !retried && getConfig().features.refreshToken && path !== '/auth/refresh') {
    const current = getSession();
    if (current?.refreshToken) {
      // Another request may have refreshed while this one was in flight: then just retry.
      if (current.token === sentToken) await refreshSessionToken();
      return apiRequest<T>(path, { ...options, retried: true });
    }
  }
  if (!response.ok) throw toHttpError(response.status, json ?? null);
  return { status: response.status, headers: response.headers, json: json as T };
}
