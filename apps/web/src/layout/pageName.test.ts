import { describe, expect, it } from 'vitest';
import { pageNameForPath } from './pageName';

describe('page view names', () => {
  it('names pages by route pattern without ids', () => {
    expect(pageNameForPath('/users/0f1e')).toBe('users/:userId');
    expect(pageNameForPath('/management/labels/new')).toBe('management/labels/new');
    expect(pageNameForPath('/on-boarding/reset-password/abc.def')).toBe('reset-password');
    expect(pageNameForPath('/')).toBe('home');
    // The route table now knows the create pages (users/create needs users.create, not users.read).
    expect(pageNameForPath('/users/create')).toBe('users/create');
    expect(pageNameForPath('/roles/create')).toBe('roles/create');
    expect(pageNameForPath('/unknown/42')).toBe('unknown/:id');
  });
});
