import { ROUTE_ACCESS, isRole, type TRouteAccess } from '@app/domain/auth/roles';

/* Route access (spec 6, plus the search, roles and documentation screens) lives in @app/domain. */
const ALL_ROUTES: Record<string, TRouteAccess> = ROUTE_ACCESS;

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
