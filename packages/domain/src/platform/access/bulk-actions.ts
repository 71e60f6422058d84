import { actionsOf, can } from './access-table.ts';
import { ownValue } from '../records/keys.ts';

/** The most rows one bulk request touches (ids given, or rows a filter matches). */
export const MAX_BULK_ROWS = 1000;

/** The bulk action every collection that deletes offers (`POST /api/{collection}/bulk`, action `delete`). */
export const BULK_DELETE = 'delete';

/**
 * The actions the lists offer on many rows at once, per resource: bulk action -> the access-table
 * action it takes. The API checks that action for each row (as its single route does); the web offers
 * a bulk button only to a role the table grants it, so nobody meets a 403 from their own list.
 */
export const BULK_ACTIONS = {
  declarations: { validate: 'validate', [BULK_DELETE]: 'delete' },
  forms: { approve: 'approve', [BULK_DELETE]: 'delete' },
  // The NCA list reminds the pending signers of the selected reports; sign requests one signer each.
  'nca-reports': { remindSigners: 'remindSigners' },
  'sign-requests': { remind: 'remind' },
  stays: { markPaid: 'update', markNotPaid: 'update', [BULK_DELETE]: 'delete' },
} as const satisfies Record<string, Record<string, string>>;

export type TBulkResource = keyof typeof BULK_ACTIONS;

/** The bulk actions of a resource a role may take (before permission keys and record scopes). */
export function bulkActionsFor(role: string | null | undefined, resource: string): string[] {
  const actions: Readonly<Record<string, string>> | undefined = ownValue(BULK_ACTIONS, resource);
  if (!actions) return [];
  return Object.entries(actions)
    .filter(([, access]) => actionsOf(resource).includes(access) && can(role, resource, access))
    .map(([name]) => name);
}

/** The access-table action a bulk action of a resource takes. */
export function bulkAccessOf(resource: TBulkResource, action: string): string {
  const actions: Record<string, string> = BULK_ACTIONS[resource];
  const access = Object.hasOwn(actions, action) ? actions[action] : undefined;
  if (!access) throw new Error(`no bulk action ${action} on ${resource}`);
  return access;
}
