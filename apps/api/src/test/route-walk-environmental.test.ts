import { describe, it } from 'vitest';
import { expectNoServerErrorsInWalk } from './route-walk.ts';

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
  ])('no route answers 5xx to %s sending hostile values', (_who, email, offset) => expectNoServerErrorsInWalk(email, offset), 600_000);
});
