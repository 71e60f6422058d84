import { describe, expect, it } from 'vitest';
import { startTestApp } from './harness.ts';
import { walkEveryRoute } from './route-walk.ts';

/**
 * The generated route walk (route-walk.ts) as the administrator, who may reach every route: every
 * hostile value in every field. The other roles walk in route-walk-environmental.test.ts and
 * route-walk-tourist-tax.test.ts, each on its own copy of the demo database.
 */
describe('the route walk as an administrator', () => {
  it('no route answers 5xx to an administrator sending hostile values in every parameter and field, nor to deletes of records in use', async () => {
    const t = await startTestApp();
    try {
      const { failures, requests, statuses } = await walkEveryRoute(t, 'admin@demo.test', { valuesPerField: 2 });
      expect(failures).toEqual([]);
      expect(requests).toBeGreaterThan(5_000);
      // The walk reached real rows: records were created, and some deletes met records in use. With the
      // five other roles' walks (over 3,000 requests each) the walk sends over 20,000 requests.
      expect(statuses[201]).toBeGreaterThan(20);
      expect(statuses[409]).toBeGreaterThan(20);
    } finally {
      await t.close();
    }
  }, 600_000);
});
