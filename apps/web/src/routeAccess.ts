import { canAccessRoute, routeNameForPath } from '@app/domain/platform/auth/roles';

/* Route access (spec 6, plus the search, roles and documentation screens) lives in @app/domain. */

/** A known route the role may open. Unknown paths answer true so the not-found page can show. */
export function canAccessPath(role: string | null | undefined, path: string): boolean {
  const name = routeNameForPath(path);
  if (name === null) return true;
  return canAccessRoute(role, name);
}

/** react-admin resource + action to the path it renders at. */
export function pathForResourceAction(resource: string, action: string): string {
  if (action === 'list') return `/${resource}`;
  if (action === 'create') return `/${resource}/create`;
  return `/${resource}/:id`;
}
