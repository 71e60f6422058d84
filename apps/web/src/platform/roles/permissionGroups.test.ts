import { describe, expect, it } from 'vitest';
import { groupPermissions, OPERATION_ORDER } from './permissionGroups';

const row = (key: string) => ({ id: key, areaName: key.split('.')[0], name: key.split('.').slice(1).join('.') });

describe('groupPermissions', () => {
  const keys = ['stays.delete', 'auth.assignRoles', 'nca.forceSkipSignatures', 'users.get', 'nca.getAll', 'stays.getAll', 'users.getAll', 'lots.update', 'auditLogs.get', 'auth.changePassword'];

  it('groups by business area, in the access table order, whatever order the API answered in', () => {
    const groups = groupPermissions(keys.map(row));
    expect(groups.map((g) => g.area)).toEqual(['platform', 'touristTax', 'environmental']);
    expect(groups[0].entities.map((e) => e.entity)).toEqual(['users', 'auditLogs', 'auth']);
    expect(groups[2].entities.map((e) => e.entity)).toEqual(['lots', 'nca']);
    expect(groupPermissions([...keys].reverse().map(row))).toEqual(groups);
  });

  it('puts the five collection operations in fixed columns and the rest beside them', () => {
    const [platform, touristTax, environmental] = groupPermissions(keys.map(row));
    expect(OPERATION_ORDER).toEqual(['getAll', 'get', 'create', 'update', 'delete']);
    expect(touristTax.entities[0].operations.map((p) => p?.name ?? null)).toEqual(['getAll', null, null, null, 'delete']);
    expect(environmental.entities[1].others.map((p) => p.name)).toEqual(['forceSkipSignatures']);
    expect(platform.entities[2].others.map((p) => p.name)).toEqual(['assignRoles', 'changePassword']);
  });
});
