import { describe, expect, it } from 'vitest';
import { startTestApp } from './harness.ts';
import { walkEveryRoute } from './route-walk.ts';

/**
 * The generated route walk (route-walk.ts) as the environmental area's roles, each on its own copy
 * of the demo database (a walk deletes what it may). Each sends one hostile value per field, each
 * from another point of the rotation, so together they send every value.
 */
describe('the route walk as the environmental roles', () => {
  it.each([
    ['consortium staff', 'consortium@demo.test', 3],
    ['an agency user', 'agency@demo.test', 4],
    ['a laboratory user', 'lab@demo.test', 5],
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
