import { describe, expect, it } from 'vitest';
import { actionsOf } from './access-table.ts';
import { BULK_ACTIONS, bulkActionsFor } from './bulk-actions.ts';

describe('bulk actions', () => {
  it('take only actions the access table declares', () => {
    for (const [resource, actions] of Object.entries(BULK_ACTIONS)) for (const access of Object.values(actions)) expect(actionsOf(resource)).toContain(access);
  });

  it('are offered to the roles the table grants their action', () => {
    expect(bulkActionsFor('city', 'declarations')).toEqual(['validate']);
    expect(bulkActionsFor('user', 'declarations')).toEqual(['delete']);
    expect(bulkActionsFor('consortium_user', 'forms')).toEqual(['approve', 'delete']);
    expect(bulkActionsFor('agency_user', 'forms')).toEqual(['delete']);
    expect(bulkActionsFor('user', 'stays')).toEqual(['markPaid', 'markNotPaid', 'delete']);
    expect(bulkActionsFor('city', 'stays')).toEqual([]);
    expect(bulkActionsFor('consortium_user', 'nca-reports')).toEqual(['remindSigners']);
    expect(bulkActionsFor('agency_user', 'nca-reports')).toEqual([]);
    expect(bulkActionsFor('admin', 'sign-requests')).toEqual(['remind']);
    expect(bulkActionsFor('laboratory_user', 'sign-requests')).toEqual([]);
    expect(bulkActionsFor('city', 'nothing')).toEqual([]);
    expect(bulkActionsFor(undefined, 'stays')).toEqual([]);
  });
});
