import { describe, expect, it } from 'vitest';
import { ROLES, ZRole } from './roles.ts';

describe('roles', () => {
  it('has six assignable roles; reserved names are not roles', () => {
    expect(ROLES).toEqual(['admin', 'city', 'user', 'agency_user', 'laboratory_user', 'consortium_user']);
    expect(ZRole.safeParse('city').success).toBe(true);
    expect(ZRole.safeParse('guest').success).toBe(false);
    expect(ZRole.safeParse('tenant').success).toBe(false);
  });
});

// Route access and landing pages are derived from the access table: see ../access/access-table.test.ts.
