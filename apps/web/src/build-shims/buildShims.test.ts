import { createRequire } from 'node:module';
import { reactRouterProvider as raCoreAdapter } from 'ra-core';
import { describe, expect, it } from 'vitest';
import { reactRouterProvider } from './raCoreRouterProvider';

const require = createRequire(import.meta.url);

/*
 * The build replaces two library files by smaller ones of ours (vite.config.ts, REPLACED_LIBRARY_FILES). A library
 * update that changes what the replaced file offers must fail here, not in a user's browser.
 */
describe('the files the build puts in place of library files', () => {
  it("offer every member of ra-core's react-router adapter, the same react-router functions where it passes them on", () => {
    expect(Object.keys(reactRouterProvider).sort()).toEqual(Object.keys(raCoreAdapter).sort());
    for (const name of ['useLocation', 'useParams', 'useBlocker', 'useMatch', 'useInRouterContext', 'Link', 'Navigate', 'Route', 'Routes', 'Outlet', 'matchPath'] as const) {
      expect(reactRouterProvider[name], name).toBe(raCoreAdapter[name]);
    }
  });

  it('give node-polyglot the Object.entries of the object.entries package', () => {
    const shim = require('./objectEntries.cjs') as (value: object) => [string, unknown][];
    expect(shim).toBe(Object.entries);
    expect(shim({ a: 1, b: 'two' })).toEqual([
      ['a', 1],
      ['b', 'two'],
    ]);
  });
});
