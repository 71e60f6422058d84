import { can } from '@app/domain/platform/access/access-table';
// From access/routes, not auth/roles: that one builds zod schemas, and the admin app's first chunk has no zod.
import { canAccessRoute, homePathForRole, isAreaEnabled, routeNameForPath } from '@app/domain/platform/access/routes';
import { tableResourceOf } from './components/permissions';
import { enabledAreas } from './session/landing';

export { enabledAreas } from './session/landing';

/*
 * Route access is derived from the access table in @app/domain (platform/access/routes.ts) and the
 * business areas the server has switched on (its touristTaxArea / environmentalArea settings).
 */

/** A known route the role may open. Unknown paths answer true so the not-found page can show. */
export function canAccessPath(role: string | null | undefined, path: string): boolean {
  const name = routeNameForPath(path);
  if (name === null) return true;
  return canAccessRoute(role, name, enabledAreas());
}

/** Where the root path sends the role, with the areas switched on. */
export function homePath(role: string): string {
  return homePathForRole(role, enabledAreas());
}

/**
 * react-admin's action on a resource -> the table's action. Edit pages double as the read-only
 * detail (the form hides saving from who may not update), so `edit` needs the read grant.
 */
const TABLE_ACTION: Record<string, string> = { list: 'list', show: 'read', edit: 'read', create: 'create', delete: 'delete', export: 'list' };

/** react-admin's canAccess: the list and detail pages follow their route; other actions the table. */
export function canAccessResource(role: string | null | undefined, resource: string, action: string): boolean {
  if (action === 'list') return canAccessPath(role, `/${resource}`);
  if (action === 'show' || action === 'edit') return canAccessPath(role, `/${resource}/:id`);
  if (action === 'create') return canAccessPath(role, `/${resource}/create`);
  const tableAction = Object.hasOwn(TABLE_ACTION, action) ? TABLE_ACTION[action] : action;
  const tableResource = tableResourceOf(resource);
  return isAreaEnabled(tableResource, enabledAreas()) && can(role, tableResource, tableAction);
}
