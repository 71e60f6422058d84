import { ROUTE_ACCESS, isRole, type TRouteAccess } from '@app/domain/auth/roles';

/*
 * Spec 6 route access comes from @app/domain (ROUTE_ACCESS). The screens below exist in the web
 * app but are not in that table (the spec names them only in 2.4 / 2.6 / "other screens"):
 * tenant search and roles are admin tools, the design-system pages are for any signed-in user.
 */
const WEB_ONLY_ROUTE_ACCESS: Record<string, TRouteAccess> = {
  search: ['admin'],
  roles: ['admin'],
  'roles/:roleId': ['admin'],
  documentation: 'all-signed-in',
  'documentation/theme/:page': 'all-signed-in',
  'documentation/components/:page': 'all-signed-in',
};

const ALL_ROUTES: Record<string, TRouteAccess> = { ...ROUTE_ACCESS, ...WEB_ONLY_ROUTE_ACCESS };

/** The route pattern a concrete path falls under; literal segments beat parameters. */
export function routePatternForPath(path: string): string | null {
  const segments = path.split(/[?#]/)[0].split('/').filter(Boolean);
  let best: { name: string; literals: number } | null = null;
  for (const name of Object.keys(ALL_ROUTES)) {
    const pattern = name.split('/');
    if (pattern.length !== segments.length) continue;
    let literals = 0;
    const matches = pattern.every((part, index) => {
      if (part.startsWith(':')) return true;
      literals++;
      return part === segments[index];
    });
    if (matches && (best === null || literals > best.literals)) best = { name, literals };
  }
  return best?.name ?? null;
}

/** A known route the role may open. Unknown paths answer true so the not-found page can show. */
export function canAccessPath(role: string | null | undefined, path: string): boolean {
  const name = routePatternForPath(path);
  if (name === null) return true;
  if (!isRole(role)) return false;
  const access = ALL_ROUTES[name];
  return access === 'all-signed-in' || access.includes(role);
}

/** react-admin resource + action to the path it renders at. */
export function pathForResourceAction(resource: string, action: string): string {
  if (action === 'list') return `/${resource}`;
  if (action === 'create') return `/${resource}/create`;
  return `/${resource}/:id`;
}
