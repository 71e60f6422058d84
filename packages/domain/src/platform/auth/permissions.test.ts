import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AUTH_PERMISSION_KEYS,
  KNOWN_PERMISSION_KEYS,
  PERMISSION_AREAS,
  ZPermissionKey,
  hasPermission,
  isValidPermissionKey,
  permissionKeysForArea,
  recordMatchesFilter,
  resolvePermission,
  type TPermissionFilter,
  type TPermissionGrant,
} from './permissions.ts';

const noUser = {};

function allowed(keys: string[], key: string): boolean {
  const grants = keys.map((k) => ({ key: k }));
  const resolution = resolvePermission(grants, key, noUser);
  expect(hasPermission(grants, key)).toBe(resolution.allowed);
  return resolution.allowed;
}

function filter(entityField: string, operator: TPermissionFilter['operator'], values: Array<[unknown, 'plain' | 'user']>, junctionOperator: '$and' | '$or' = '$and'): TPermissionFilter {
  return { entityField, operator, values: values.map(([value, valueType]) => ({ value, valueType })), junctionOperator };
}

describe('grants and denials', () => {
  it('an exact grant allows only that key', () => {
    expect(allowed(['nca.create'], 'nca.create')).toBe(true);
    expect(allowed(['nca.create'], 'nca.update')).toBe(false);
    expect(allowed(['nca.create'], 'nca.create.draft')).toBe(false);
    expect(allowed(['nca.create'], 'ncax.create')).toBe(false);
  });

  it('no grant refuses', () => {
    expect(allowed([], 'nca.getAll')).toBe(false);
    expect(resolvePermission([], 'nca.getAll', noUser)).toEqual({ allowed: false, filter: null });
  });

  it('a wildcard grants everything beneath it, at each depth', () => {
    expect(allowed(['nca.*'], 'nca.create')).toBe(true);
    expect(allowed(['nca.*'], 'nca.sub.x')).toBe(true);
    expect(allowed(['nca.sub.*'], 'nca.sub.x')).toBe(true);
    expect(allowed(['nca.sub.*'], 'nca.sub.x.y')).toBe(true);
    expect(allowed(['nca.sub.*'], 'nca.create')).toBe(false);
    expect(allowed(['nca.*'], 'nca')).toBe(false);
    expect(allowed(['nca.*'], 'ncaextra.create')).toBe(false);
    expect(allowed(['nca.*'], 'users.update')).toBe(false);
  });

  it('* alone grants everything', () => {
    for (const key of [...KNOWN_PERMISSION_KEYS, 'users.update', 'a.b.c.d']) expect(allowed(['*'], key)).toBe(true);
  });

  it('a denial overrides a grant, whatever the order', () => {
    expect(allowed(['nca.*', '!nca.delete'], 'nca.delete')).toBe(false);
    expect(allowed(['!nca.delete', 'nca.*'], 'nca.delete')).toBe(false);
    expect(allowed(['nca.delete', '!nca.delete'], 'nca.delete')).toBe(false);
    expect(allowed(['nca.*', '!nca.delete'], 'nca.update')).toBe(true);
    expect(allowed(['*', '!nca.delete'], 'nca.delete')).toBe(false);
  });

  it('a wildcard denial denies everything beneath it', () => {
    expect(allowed(['*', '!nca.*'], 'nca.create')).toBe(false);
    expect(allowed(['*', '!nca.*'], 'nca.sub.x')).toBe(false);
    expect(allowed(['*', '!nca.*'], 'lots.create')).toBe(true);
    expect(allowed(['nca.create', '!*'], 'nca.create')).toBe(false);
  });

  it('a denial also overrides a filtered grant and an unfiltered one together', () => {
    const grants: TPermissionGrant[] = [
      { key: 'nca.getAll', filters: [filter('agencyId', 'eq', [['a1', 'plain']])] },
      { key: 'nca.*' },
      { key: '!nca.getAll', filters: [filter('agencyId', 'eq', [['zz', 'plain']])] },
    ];
    expect(resolvePermission(grants, 'nca.getAll', noUser)).toEqual({ allowed: false, filter: null });
  });

  it('a denial-only list grants nothing', () => {
    expect(allowed(['!nca.delete'], 'nca.create')).toBe(false);
  });

  it('malformed stored keys match nothing, and non-concrete keys are refused when asked', () => {
    expect(allowed(['nca..create', 'nca.*.x', '**'], 'nca.create')).toBe(false);
    expect(allowed(['*'], 'nca.*')).toBe(false);
    expect(allowed(['*'], '!nca.create')).toBe(false);
    expect(allowed(['*'], '')).toBe(false);
  });

  it('property: a matching denial always wins', () => {
    const segment = fc.constantFrom('nca', 'lots', 'create', 'update', 'sub', 'x');
    const concreteKey = fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('.'));
    fc.assert(
      fc.property(concreteKey, fc.array(concreteKey), fc.nat(), (key, others, cut) => {
        const parts = key.split('.');
        const prefix = parts.slice(0, cut % parts.length).join('.');
        const denial = prefix === '' ? '!*' : `!${prefix}.*`;
        const grants = [...others, '*', key].map((k) => ({ key: k }));
        expect(hasPermission(grants, key)).toBe(true);
        expect(hasPermission([...grants, { key: denial }], key)).toBe(false);
        expect(hasPermission([{ key: `!${key}` }, ...grants], key)).toBe(false);
      }),
    );
  });
});

describe('filters', () => {
  it('a plain value becomes a condition', () => {
    const grants: TPermissionGrant[] = [{ key: 'nca.getAll', filters: [filter('status', 'eq', [['open', 'plain']])] }];
    expect(resolvePermission(grants, 'nca.getAll', noUser)).toEqual({
      allowed: true,
      filter: { op: 'and', conditions: [{ field: 'status', operator: 'eq', values: ['open'] }] },
    });
  });

  it('a user value is taken from the current user', () => {
    const grants: TPermissionGrant[] = [{ key: 'nca.*', filters: [filter('agencyId', 'eq', [['agencyId', 'user']])] }];
    const result = resolvePermission(grants, 'nca.getAll', { _id: 'u1', agencyId: 'ag-7' });
    expect(result).toEqual({
      allowed: true,
      filter: { op: 'and', conditions: [{ field: 'agencyId', operator: 'eq', values: ['ag-7'] }] },
    });
    expect(recordMatchesFilter(result.filter!, { agencyId: 'ag-7' })).toBe(true);
    expect(recordMatchesFilter(result.filter!, { agencyId: 'ag-8' })).toBe(false);
  });

  it('user values may be dotted paths and arrays spread into in/nin', () => {
    const grants: TPermissionGrant[] = [
      {
        key: 'lots.getAll',
        filters: [
          filter('cityId', 'in', [
            ['cityIds', 'user'],
            ['c0', 'plain'],
          ]),
          filter('agencyId', 'eq', [['agency.id', 'user']]),
        ],
      },
    ];
    expect(resolvePermission(grants, 'lots.getAll', { cityIds: ['c1', 'c2'], agency: { id: 'ag' } }).filter).toEqual({
      op: 'and',
      conditions: [
        { field: 'cityId', operator: 'in', values: ['c1', 'c2', 'c0'] },
        { field: 'agencyId', operator: 'eq', values: ['ag'] },
      ],
    });
  });

  it('a filtered grant whose user field is missing grants nothing', () => {
    const grants: TPermissionGrant[] = [{ key: 'nca.getAll', filters: [filter('agencyId', 'eq', [['agencyId', 'user']])] }];
    expect(resolvePermission(grants, 'nca.getAll', {})).toEqual({ allowed: false, filter: null });
    expect(resolvePermission(grants, 'nca.getAll', { agencyId: null })).toEqual({ allowed: false, filter: null });
    // hasPermission ignores filters: the key is granted for some records in principle.
    expect(hasPermission(grants, 'nca.getAll')).toBe(true);
  });

  it('a malformed filter (two values on eq) makes its grant grant nothing', () => {
    const grants: TPermissionGrant[] = [
      {
        key: 'nca.getAll',
        filters: [
          filter('status', 'eq', [
            ['a', 'plain'],
            ['b', 'plain'],
          ]),
        ],
      },
    ];
    expect(resolvePermission(grants, 'nca.getAll', noUser).allowed).toBe(false);
  });

  it('junction operators: AND binds tighter than OR', () => {
    const grants: TPermissionGrant[] = [
      {
        key: 'nca.getAll',
        filters: [filter('a', 'eq', [[1, 'plain']]), filter('b', 'eq', [[2, 'plain']], '$or'), filter('c', 'gte', [[3, 'plain']], '$and')],
      },
    ];
    const { filter: tree } = resolvePermission(grants, 'nca.getAll', noUser);
    expect(tree).toEqual({
      op: 'or',
      conditions: [
        { op: 'and', conditions: [{ field: 'a', operator: 'eq', values: [1] }] },
        {
          op: 'and',
          conditions: [
            { field: 'b', operator: 'eq', values: [2] },
            { field: 'c', operator: 'gte', values: [3] },
          ],
        },
      ],
    });
    expect(recordMatchesFilter(tree!, { a: 1, b: 0, c: 0 })).toBe(true);
    expect(recordMatchesFilter(tree!, { a: 0, b: 2, c: 3 })).toBe(true);
    expect(recordMatchesFilter(tree!, { a: 0, b: 2, c: 2 })).toBe(false);
  });

  it('two filtered grants are OR-combined', () => {
    const grants: TPermissionGrant[] = [
      { key: 'nca.getAll', filters: [filter('agencyId', 'eq', [['agencyId', 'user']])] },
      {
        key: 'nca.*',
        filters: [
          filter('status', 'in', [
            ['open', 'plain'],
            ['review', 'plain'],
          ]),
        ],
      },
      { key: 'lots.getAll', filters: [filter('never', 'eq', [['x', 'plain']])] },
    ];
    const result = resolvePermission(grants, 'nca.getAll', { agencyId: 'ag-1' });
    expect(result).toEqual({
      allowed: true,
      filter: {
        op: 'or',
        conditions: [
          { op: 'and', conditions: [{ field: 'agencyId', operator: 'eq', values: ['ag-1'] }] },
          { op: 'and', conditions: [{ field: 'status', operator: 'in', values: ['open', 'review'] }] },
        ],
      },
    });
    expect(recordMatchesFilter(result.filter!, { agencyId: 'ag-1', status: 'closed' })).toBe(true);
    expect(recordMatchesFilter(result.filter!, { agencyId: 'ag-2', status: 'review' })).toBe(true);
    expect(recordMatchesFilter(result.filter!, { agencyId: 'ag-2', status: 'closed' })).toBe(false);
  });

  it('when one of two filtered grants cannot apply, the other alone decides', () => {
    const grants: TPermissionGrant[] = [
      { key: 'nca.getAll', filters: [filter('agencyId', 'eq', [['agencyId', 'user']])] },
      { key: 'nca.getAll', filters: [filter('status', 'eq', [['open', 'plain']])] },
    ];
    expect(resolvePermission(grants, 'nca.getAll', {}).filter).toEqual({
      op: 'and',
      conditions: [{ field: 'status', operator: 'eq', values: ['open'] }],
    });
  });

  it('an unfiltered grant wins over a filtered one', () => {
    const filtered: TPermissionGrant = { key: 'nca.getAll', filters: [filter('status', 'eq', [['open', 'plain']])] };
    expect(resolvePermission([filtered, { key: 'nca.*' }], 'nca.getAll', noUser)).toEqual({ allowed: true, filter: null });
    expect(resolvePermission([{ key: '*' }, filtered], 'nca.getAll', noUser)).toEqual({ allowed: true, filter: null });
    expect(resolvePermission([{ key: 'nca.getAll', filters: [] }, filtered], 'nca.getAll', noUser)).toEqual({
      allowed: true,
      filter: null,
    });
  });

  it('recordMatchesFilter: operators', () => {
    const holds = (operator: TPermissionFilter['operator'], values: unknown[], actual: unknown) => recordMatchesFilter({ op: 'and', conditions: [{ field: 'f', operator, values }] }, { f: actual });
    expect([holds('eq', [1], 1), holds('eq', [1], 2)]).toEqual([true, false]);
    expect([holds('ne', [1], 2), holds('ne', [1], 1)]).toEqual([true, false]);
    expect([holds('in', [1, 2], 2), holds('in', [1, 2], 3)]).toEqual([true, false]);
    expect([holds('nin', [1, 2], 3), holds('nin', [1, 2], 2)]).toEqual([true, false]);
    expect([holds('gt', [5], 6), holds('gt', [5], 5)]).toEqual([true, false]);
    expect([holds('gte', [5], 5), holds('gte', [5], 4)]).toEqual([true, false]);
    expect([holds('lt', ['2024-01-02'], '2024-01-01'), holds('lt', [5], 5)]).toEqual([true, false]);
    expect([holds('lte', [5], 5), holds('lte', [5], 6)]).toEqual([true, false]);
    expect(holds('gt', [5], '6')).toBe(false);
  });
});

describe('permission keys', () => {
  it('validates stored keys', () => {
    for (const key of ['nca.getAll', 'auth.assignRoles', 'nca.*', '*', '!nca.delete', '!nca.*', '!*', 'a_b.c-d.e1']) {
      expect(isValidPermissionKey(key)).toBe(true);
    }
    for (const key of ['', 'nca.', '.nca', 'nca..x', 'nca.*.x', 'n*', '!!nca', 'nca x', '!', '**']) {
      expect(isValidPermissionKey(key)).toBe(false);
    }
    expect(ZPermissionKey.safeParse('nca.*').success).toBe(true);
  });

  it('lists areas and their keys', () => {
    expect(PERMISSION_AREAS).toEqual(['nca', 'agencies', 'lots', 'roles', 'signs', 'actions', 'orders', 'settings', 'forms', 'laboratories', 'contracts', 'rdps']);
    expect(permissionKeysForArea('lots')).toEqual(['lots.get', 'lots.getAll', 'lots.create', 'lots.update', 'lots.delete']);
    expect(permissionKeysForArea('nca')).toEqual(['nca.get', 'nca.getAll', 'nca.create', 'nca.update', 'nca.delete', 'nca.forceSkipSignatures']);
    expect(AUTH_PERMISSION_KEYS).toEqual(['auth.assignRoles', 'auth.removeRoles', 'auth.assignPermissions', 'auth.removePermissions', 'auth.getEmployeePermissions', 'auth.changePassword']);
    expect(KNOWN_PERMISSION_KEYS).toHaveLength(12 * 5 + 1 + 6);
    expect(KNOWN_PERMISSION_KEYS.every(isValidPermissionKey)).toBe(true);
  });
});
