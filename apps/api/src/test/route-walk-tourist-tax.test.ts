import { describe, expect, it } from 'vitest';
import { startTestApp } from './harness.ts';
import { walkEveryRoute } from './route-walk.ts';

/**
 * The generated route walk (route-walk.ts) as the tourist-tax roles, each on its own copy of the
 * demo database (a walk deletes what it may). Each sends one hostile value per field, from other
 * points of the rotation than the environmental roles.
 */
describe('the route walk as the tourist-tax roles', () => {
  it.each([
    ['a hotelier', 'hotelier@demo.test', 6],
    ['a comune user', 'city@demo.test', 7],
  ])(
    'no route answers 5xx to %s sending hostile values',
    async (_who, email, offset) => {
      const t = await startTestApp();
      try {
        const { failures, requests } = await walkEveryRoute(t, email, { valuesPerField: 1, offset });
        expect(failures).toEqual([]);
        expect(requests).toBeGreaterThan(3_000);
      } finally {
        await t.close();
      }
    },
    600_000,
  );
});
