import { describe, it } from 'vitest';
import { expectNoServerErrorsInWalk } from './route-walk.ts';

/**
 * The generated route walk (route-walk.ts) as the tourist-tax roles, each on its own copy of the
 * demo database (a walk deletes what it may). Each sends one hostile value per field, from other
 * points of the rotation than the environmental roles.
 */
describe('the route walk as the tourist-tax roles', () => {
  it.each([
    ['a hotelier', 'hotelier@demo.test', 6],
    ['a comune user', 'city@demo.test', 7],
  ])('no route answers 5xx to %s sending hostile values', (_who, email, offset) => expectNoServerErrorsInWalk(email, offset), 600_000);
});
