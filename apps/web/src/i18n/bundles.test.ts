import { afterAll, describe, expect, it } from 'vitest';
import type { TSession } from '../session/types';

// A tiny localStorage for the node test environment (the session store keeps the session there), before the modules load.
const storage = new Map<string, string>();
globalThis.localStorage ??= {
  getItem: (key: string) => storage.get(key) ?? null,
  setItem: (key: string, value: string) => void storage.set(key, value),
  removeItem: (key: string) => void storage.delete(key),
  clear: () => storage.clear(),
  key: () => null,
  length: 0,
};

const { bundledMessages, loadBundledMessages } = await import('./bundles');
const { setSession } = await import('../session/store');
const { flattenMessages } = await import('./messages');

function signIn(role: string, realRole?: string) {
  const user = (r: string) => ({ _id: `u-${r}`, email: `${r}@demo.test`, role: r }) as TSession['user'];
  setSession({ token: 't', refreshToken: null, user: user(role), temporaryPassword: null, realSession: realRole ? { token: 'r', refreshToken: null, user: user(realRole) } : null });
}

/** Which business areas' texts the loaded messages hold (a key only each area's chunk has). */
async function areasLoaded(locale = 'it') {
  const promise = loadBundledMessages(locale);
  expect(loadBundledMessages(locale), 'the same promise each time (React `use` waits on it)').toBe(promise);
  const keys = flattenMessages(await promise);
  expect(bundledMessages(locale)).toBe(await promise);
  return { touristTax: 'touristTax.tabs.structureDetail' in keys, environmental: 'envDashboard.ordersByType' in keys, base: 'errors.TARIFF_CONFLICT' in keys && 'menu.stays' in keys };
}

describe('the messages a user loads', () => {
  afterAll(() => setSession(null));

  it('are the base and the areas of their role, from the access table', async () => {
    signIn('consortium_user');
    expect(await areasLoaded()).toEqual({ base: true, touristTax: false, environmental: true });
    signIn('user');
    expect(await areasLoaded()).toEqual({ base: true, touristTax: true, environmental: false });
    signIn('admin');
    expect(await areasLoaded('en')).toEqual({ base: true, touristTax: true, environmental: true });
  });

  it("keep the impersonating administrator's areas, and are the base alone signed out", async () => {
    signIn('agency_user', 'admin');
    expect(await areasLoaded()).toEqual({ base: true, touristTax: true, environmental: true });
    setSession(null);
    expect(await areasLoaded()).toEqual({ base: true, touristTax: false, environmental: false });
  });
});
