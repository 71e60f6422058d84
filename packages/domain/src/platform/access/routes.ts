import type { TRole } from '../auth/roles.ts';
import { areaOf, can, scopeOf, type TArea, type TRecordScope, type TResource } from './access-table.ts';
import { ownValue } from '../records/keys.ts';

/**
 * A web route and the action of the access table it needs. `hiddenFor` leaves the screen out for
 * roles whose grant reaches only those scopes, where the screen would be pointless though the API
 * answers: a hotelier's users list holds only themselves (the profile is that page), consortium
 * staff read accounts only to pick an order's people (the users screens stay the administrators'), and the
 * roles editor of a non-admin is empty while the permission system is off and read-only when on.
 */
export type TRoute = {
  resource: TResource;
  action: string;
  hiddenFor?: readonly TRecordScope[];
  /**
   * Other grants that also open the route: a page made of the parts of several areas (the dashboard)
   * is open to a role as soon as one of its parts is, in an enabled area.
   */
  orElse?: readonly TRoute[];
};

const to = (resource: TResource, action: string, hiddenFor?: readonly TRecordScope[]): TRoute => (hiddenFor ? { resource, action, hiddenFor } : { resource, action });

/** `<path>` list, `<path>/create`, `<path>/:<param>` detail of a collection screen. */
function collectionRoutes(path: string, resource: TResource, param: string, hiddenFor?: readonly TRecordScope[]): Record<string, TRoute> {
  return {
    [path]: to(resource, 'list', hiddenFor),
    [`${path}/create`]: to(resource, 'create', hiddenFor),
    [`${path}/:${param}`]: to(resource, 'read', hiddenFor),
  };
}

/*
 * Web route (path pattern without the leading slash) -> the action it needs. The API's grant
 * decides who sees a route: a screen is offered exactly to the
 * roles whose requests it makes are answered. Routes not in this table are refused by
 * canAccessRoute; unknown paths reach the not-found page.
 */
export const ROUTE_ACCESS: Record<string, TRoute> = {
  // The tourist-tax part (comune, hotelier) or the environmental part (the consortium).
  dashboard: { ...to('dashboard', 'view'), orElse: [to('environmental-dashboard', 'view')] },
  ...collectionRoutes('users', 'users', 'userId', ['self', 'consortiumAndSuppliers']),
  'invite-users': to('users', 'invite'),
  'complete-profile/:userId': to('profile', 'completeProfile'),
  profile: to('profile', 'view'),
  notifications: to('notifications', 'list'),
  'mail-outbox': to('mail-outbox', 'list'),
  'mail-outbox/:mailId': to('mail-outbox', 'read'),
  ...collectionRoutes('structure-types', 'structure-types', 'structureTypeId'),
  ...collectionRoutes('structure-classes', 'structure-classes', 'structureClassId'),
  ...collectionRoutes('relevant-areas', 'relevant-areas', 'relevantAreaId'),
  ...collectionRoutes('cities', 'cities', 'cityId'),
  ...collectionRoutes('structures', 'structures', 'structureId'),
  ...collectionRoutes('stays', 'stays', 'stayId'),
  ...collectionRoutes('tariffs', 'tariffs', 'tariffId'),
  ...collectionRoutes('exemptions', 'exemptions', 'exemptionId'),
  ...collectionRoutes('reductions', 'reductions', 'reductionId'),
  ...collectionRoutes('declaration-templates', 'declaration-templates', 'declarationTemplateId'),
  ...collectionRoutes('declarations', 'declarations', 'declarationId'),
  ...collectionRoutes('twentyOneModels', 'twentyOneModels', 'twentyOneModelId'),
  ...collectionRoutes('communications', 'communications', 'communicationId'),
  'documentation-area': to('documents', 'list'),
  'filing-settings': to('filing-settings', 'read'),
  'siatel-checks': to('siatel-checks', 'list'),
  'siatel-checks/:siatelCheckId': to('siatel-checks', 'read'),
  ...collectionRoutes('categories', 'categories', 'categoryId'),
  ...collectionRoutes('faqs', 'faqs', 'faqId'),
  ...collectionRoutes('events', 'events', 'eventId'),
  ...collectionRoutes('customers', 'customers', 'customerId'),
  ...collectionRoutes('projects', 'projects', 'projectId'),
  ...collectionRoutes('links', 'links', 'linkId'),
  management: to('management', 'view'),
  ...collectionRoutes('management/settings', 'settings', 'settingId'),
  ...collectionRoutes('management/labels', 'labels', 'labelId'),
  'management/labels/new': to('labels', 'create'),
  ...collectionRoutes('roles', 'roles', 'roleId', ['permissionSystemOn']),
  // Environmental compliance. A supplier reaches its own company through My company (the detail of
  // its agency or laboratory), never the registry lists; an agency reads its orders on that page.
  ...collectionRoutes('lots', 'lots', 'lotId'),
  ...collectionRoutes('orders', 'orders', 'orderId', ['ownAgency']),
  agencies: to('agencies', 'list', ['ownAgency']),
  'agencies/create': to('agencies', 'create'),
  'agencies/:agencyId': to('agencies', 'read'),
  laboratories: to('laboratories', 'list', ['ownLaboratory']),
  'laboratories/create': to('laboratories', 'create'),
  'laboratories/:laboratoryId': to('laboratories', 'read'),
  ...collectionRoutes('contracts', 'contracts', 'contractId', ['ownLaboratory']),
  'nca-settings': to('environmental-settings', 'list', ['published']),
  'lab-analysis-settings': to('environmental-settings', 'list', ['published']),
  ...collectionRoutes('environmental-settings', 'environmental-settings', 'settingId', ['published']),
  'my-company': to('my-company', 'view'),
  // NCA reports (the report's page is its detail route, with the phases as tabs), their corrective
  // actions, and the signatures waiting for the signed-in user.
  ...collectionRoutes('nca-reports', 'nca-reports', 'ncaReportId'),
  // A supplier agency creates reports only holding nca.create with the permission system on: the page
  // is open to it, and says so plainly (no form) while it does not hold the key.
  'nca-reports/create': to('nca-reports', 'create'),
  ...collectionRoutes('corrective-actions', 'corrective-actions', 'correctiveActionId'),
  'my-signatures': to('sign-requests', 'mine'),
  // Every report's sign requests, for who names and reminds the signers; a supplier meets its own on the
  // report's page and in "Le mie firme", so the list is not offered to it.
  'sign-requests': to('sign-requests', 'list', ['ncaParticipant']),
  'sign-requests/:signRequestId': to('sign-requests', 'read', ['ncaParticipant']),
  'sign-requests/:signRequestId/show': to('sign-requests', 'read', ['ncaParticipant']),
  ...collectionRoutes('rdps', 'rdps', 'rdpId'),
  // Waste forms: the consortium's review list and a supplier agency's own forms.
  ...collectionRoutes('forms', 'forms', 'formId'),
  search: to('search', 'view'),
  documentation: to('documentation', 'view'),
  'documentation/theme/:page': to('documentation', 'view'),
  'documentation/components/:page': to('documentation', 'view'),
};

/**
 * The business areas a deployment has switched on (the touristTaxArea / environmentalArea settings);
 * the platform is always on. Without it every area counts as on.
 */
export type TEnabledAreas = ReadonlySet<TArea> | readonly TArea[];

/** True when the resource's area is on: a switched-off area's routes are refused like its API. */
export function isAreaEnabled(resource: string, enabledAreas?: TEnabledAreas): boolean {
  const area = areaOf(resource);
  if (!enabledAreas || area === null || area === 'platform') return true;
  return 'has' in enabledAreas ? enabledAreas.has(area) : enabledAreas.includes(area);
}

/**
 * `role` is the signed-in user's role; null/undefined (not signed in) or an unknown role is refused,
 * and so is a route of a business area that is switched off.
 */
export function canAccessRoute(role: string | null | undefined, routeName: string, enabledAreas?: TEnabledAreas): boolean {
  if (!Object.hasOwn(ROUTE_ACCESS, routeName)) return false;
  const route = ROUTE_ACCESS[routeName];
  return [route, ...(route.orElse ?? [])].some((grant) => isGrantOpen(role, grant, enabledAreas));
}

function isGrantOpen(role: string | null | undefined, route: TRoute, enabledAreas?: TEnabledAreas): boolean {
  if (!isAreaEnabled(route.resource, enabledAreas)) return false;
  if (!can(role, route.resource, route.action)) return false;
  const scope = scopeOf(role, route.resource, route.action)!;
  return !route.hiddenFor?.includes(scope);
}

/**
 * The ROUTE_ACCESS key a concrete path falls under ('/users/42' -> 'users/:userId'),
 * or null. Literal segments win over parameters ('management/labels/new' is not a label id).
 */
export function routeNameForPath(path: string): string | null {
  const segments = path.split(/[?#]/)[0].split('/').filter(Boolean);
  let best: { name: string; literals: number } | null = null;
  for (const name of Object.keys(ROUTE_ACCESS)) {
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

/**
 * The landing page of each role: the users list for admins, structures for the tourist tax, the
 * dashboard for the consortium, their own company for suppliers.
 */
const HOME_ROUTE: Partial<Record<TRole, string>> = {
  admin: 'users',
  city: 'structures',
  user: 'structures',
  consortium_user: 'dashboard',
  agency_user: 'my-company',
  laboratory_user: 'my-company',
};
/** Otherwise the first of these the role may open (every signed-in role may open the profile). */
const HOME_FALLBACKS = ['dashboard', 'profile'];

/**
 * Where the root path sends a signed-in user: always a page the role may open with the enabled
 * areas (a role whose only area is switched off lands on its profile).
 */
export function homePathForRole(role: string, enabledAreas?: TEnabledAreas): string {
  const preferred = ownValue(HOME_ROUTE, role);
  for (const name of [...(preferred ? [preferred] : []), ...HOME_FALLBACKS]) {
    if (canAccessRoute(role, name, enabledAreas)) return `/${name}`;
  }
  return '/profile';
}
