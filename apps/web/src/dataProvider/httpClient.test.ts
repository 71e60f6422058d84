import { beforeEach, describe, expect, it, vi } from 'vitest';

// A tiny localStorage for the node test environment, installed before the modules load.
const storage = new Map<string, string>();
Object.assign(globalThis, {
  localStorage: {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
    clear: () => storage.clear(),
  },
});

const { loadConfig } = await import('../config');
const { apiRequest, buildUrl } = await import('./httpClient');
const { getSession, setSession, setStoredLocale, setYear } = await import('../session/store');

type THandler = (url: URL, init: RequestInit) => { status: number; body?: unknown; headers?: Record<string, string> };

function installFetch(handler: THandler) {
  const calls: { url: URL; init: RequestInit }[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://app.test');
    calls.push({ url, init });
    const { status, body, headers } = handler(url, init);
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers });
  });
  return calls;
}

const user = { _id: 'u1', email: 'a@b.c', role: 'admin' as const };

async function configure(refreshToken: boolean) {
  installFetch(() => ({ status: 200, body: { version: '1.0.0', buildType: 'backoffice', features: { refreshToken } } }));
  await loadConfig();
}

const authHeader = (init: RequestInit) => (init.headers as Record<string, string>).Authorization;

describe('http client', () => {
  beforeEach(() => {
    storage.clear();
    setSession({ token: 'old', refreshToken: 'r1', user });
    setYear(2024);
  });

  it('sends the bearer token and the selected year on every request', async () => {
    await configure(false);
    const calls = installFetch(() => ({ status: 200, body: [] }));
    await apiRequest('/users', { query: { q: 'ros' } });
    expect(calls[0].url.searchParams.get('year')).toBe('2024');
    expect(calls[0].url.searchParams.get('q')).toBe('ros');
    expect(authHeader(calls[0].init)).toBe('Bearer old');
    expect(buildUrl('/users', { 'role[in]': 'a,b' }, 2030)).toBe('/api/users?role[in]=a,b&year=2030');
  });

  it('sends the interface language as Accept-Language: Italian until another is chosen', async () => {
    await configure(false);
    const calls = installFetch(() => ({ status: 200, body: [] }));
    await apiRequest('/users');
    setStoredLocale('en');
    await apiRequest('/users');
    expect(calls.map((c) => (c.init.headers as Record<string, string>)['Accept-Language'])).toEqual(['it', 'en']);
  });

  it('refreshes once for concurrent 401s and retries each request with the new token', async () => {
    await configure(true);
    let refreshCalls = 0;
    installFetch((url, init) => {
      if (url.pathname === '/api/auth/refresh') {
        refreshCalls++;
        expect(authHeader(init)).toBe('Bearer r1');
        return { status: 200, body: { token: 'new', refreshToken: 'r2' } };
      }
      return authHeader(init) === 'Bearer new' ? { status: 200, body: { ok: url.pathname } } : { status: 401, body: { code: 'UNAUTHORIZED' } };
    });
    const results = await Promise.all([apiRequest('/a'), apiRequest('/b'), apiRequest('/c')]);
    expect(results.map((result) => (result.json as { ok: string }).ok)).toEqual(['/api/a', '/api/b', '/api/c']);
    expect(refreshCalls).toBe(1);
    expect(getSession()?.token).toBe('new');
    expect(getSession()?.refreshToken).toBe('r2');
  });

  it('does not retry a request a second time', async () => {
    await configure(true);
    let dataCalls = 0;
    installFetch((url) => {
      if (url.pathname === '/api/auth/refresh') return { status: 200, body: { token: 'new', refreshToken: 'r2' } };
      dataCalls++;
      return { status: 401, body: { code: 'UNAUTHORIZED', message: 'no' } };
    });
    await expect(apiRequest('/a')).rejects.toMatchObject({ status: 401 });
    expect(dataCalls).toBe(2);
  });

  it('rejects when the refresh fails', async () => {
    await configure(true);
    installFetch((url) => (url.pathname === '/api/auth/refresh' ? { status: 401, body: { code: 'TOKEN_INVALID' } } : { status: 401 }));
    await expect(apiRequest('/a')).rejects.toMatchObject({ status: 401 });
  });

  it('does not refresh when the feature is off', async () => {
    await configure(false);
    const calls = installFetch(() => ({ status: 401, body: { code: 'UNAUTHORIZED' } }));
    await expect(apiRequest('/a')).rejects.toMatchObject({ status: 401 });
    expect(calls.some((call) => call.url.pathname === '/api/auth/refresh')).toBe(false);
  });

  it('turns error bodies into HttpErrors with field errors', async () => {
    await configure(false);
    installFetch(() => ({ status: 400, body: { code: 'NOPE', message: 'Bad thing', details: [{ path: 'users.1.email', message: 'errors.EMAIL_TAKEN' }] } }));
    await expect(apiRequest('/users/bulk', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 400,
      message: 'Bad thing',
      body: { errors: { 'users.1.email': 'errors.EMAIL_TAKEN' } },
    });
  });
});
