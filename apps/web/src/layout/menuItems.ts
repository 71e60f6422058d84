import { can, scopeOf } from '@app/domain/platform/access/access-table';
import { canAccessPath } from '../routeAccess';

export type TMenuGroup = 'overview' | 'touristTax' | 'environmental' | 'administration' | 'account';

export type TMenuItem = {
  /** Translation key of the entry's label. */
  labelKey: string;
  path: string;
  group: TMenuGroup;
  icon: string;
  /** Shown only when a react-admin resource of this name is registered. */
  resource?: string;
  /** Shown only when this feature flag is on (the permission system, or the entry's business area). */
  feature?: 'permissionsSystem' | 'touristTaxArea' | 'environmentalArea';
  /**
   * Shown to a role whose grant on this resource reaches only its own records just on a demo server:
   * there the entry is where one-time codes and links arrive; with real e-mail it would be clutter.
   */
  ownRecordsOnlyInDemo?: string;
  /**
   * Reference data and configuration: shown only to roles that may create or change records of this
   * resource. A role that only reads them meets them inside the pages that use them (a hotelier's
   * stay shows its tariff), not as menu entries of screens it cannot work with.
   */
  forEditorsOf?: string;
};

/*
 * The navigation areas, grouped by business area. Who sees an entry is not written here: an
 * entry shows exactly when the role may open its route (the access table, via canAccessPath), so
 * the menu never offers a page whose data the API refuses. Tourist-tax entries carry a resource name:
 * they appear as soon as that screen exists. The business-area groups show only while their area
 * is enabled (the touristTaxArea / environmentalArea settings).
 */
export const MENU_ITEMS: readonly TMenuItem[] = [
  // The dashboard holds the parts of every enabled area the role has one in.
  { labelKey: 'menu.dashboard', path: '/dashboard', group: 'overview', icon: 'dashboard' },

  { labelKey: 'menu.structures', path: '/structures', group: 'touristTax', icon: 'hotel', resource: 'structures' },
  { labelKey: 'menu.stays', path: '/stays', group: 'touristTax', icon: 'bed', resource: 'stays' },
  { labelKey: 'menu.declarations', path: '/declarations', group: 'touristTax', icon: 'receipt', resource: 'declarations' },
  { labelKey: 'menu.modello21', path: '/twentyOneModels', group: 'touristTax', icon: 'summarize', resource: 'twentyOneModels' },
  { labelKey: 'menu.municipalities', path: '/cities', group: 'touristTax', icon: 'apartment', resource: 'cities', forEditorsOf: 'cities' },
  { labelKey: 'menu.tariffs', path: '/tariffs', group: 'touristTax', icon: 'euro', resource: 'tariffs', forEditorsOf: 'tariffs' },
  { labelKey: 'menu.reductions', path: '/reductions', group: 'touristTax', icon: 'percent', resource: 'reductions', forEditorsOf: 'reductions' },
  { labelKey: 'menu.exemptions', path: '/exemptions', group: 'touristTax', icon: 'block', resource: 'exemptions', forEditorsOf: 'exemptions' },
  { labelKey: 'menu.relevantAreas', path: '/relevant-areas', group: 'touristTax', icon: 'map', resource: 'relevant-areas', forEditorsOf: 'relevant-areas' },
  { labelKey: 'menu.structureTypes', path: '/structure-types', group: 'touristTax', icon: 'category', resource: 'structure-types', forEditorsOf: 'structure-types' },
  { labelKey: 'menu.structureClasses', path: '/structure-classes', group: 'touristTax', icon: 'star', resource: 'structure-classes', forEditorsOf: 'structure-classes' },
  { labelKey: 'menu.declarationTemplates', path: '/declaration-templates', group: 'touristTax', icon: 'event', resource: 'declaration-templates', forEditorsOf: 'declaration-templates' },
  { labelKey: 'menu.filingSettings', path: '/filing-settings', group: 'touristTax', icon: 'tune', forEditorsOf: 'filing-settings' },
  { labelKey: 'menu.siatelChecks', path: '/siatel-checks', group: 'touristTax', icon: 'fact_check' },
  { labelKey: 'menu.communications', path: '/communications', group: 'touristTax', icon: 'campaign', resource: 'communications' },
  { labelKey: 'menu.documentArea', path: '/documentation-area', group: 'touristTax', icon: 'folder', resource: 'documentation-area' },

  { labelKey: 'environmental.menu.myCompany', path: '/my-company', group: 'environmental', icon: 'business', feature: 'environmentalArea' },
  { labelKey: 'nca.menu.reports', path: '/nca-reports', group: 'environmental', icon: 'report', resource: 'nca-reports', feature: 'environmentalArea' },
  { labelKey: 'nca.menu.actions', path: '/corrective-actions', group: 'environmental', icon: 'build', resource: 'corrective-actions', feature: 'environmentalArea' },
  { labelKey: 'nca.menu.mySignatures', path: '/my-signatures', group: 'environmental', icon: 'draw', feature: 'environmentalArea' },
  { labelKey: 'nca.menu.signRequests', path: '/sign-requests', group: 'environmental', icon: 'history_edu', resource: 'sign-requests', feature: 'environmentalArea' },
  { labelKey: 'environmental.menu.lots', path: '/lots', group: 'environmental', icon: 'view_module', resource: 'lots', feature: 'environmentalArea' },
  { labelKey: 'environmental.menu.orders', path: '/orders', group: 'environmental', icon: 'assignment', resource: 'orders', feature: 'environmentalArea' },
  { labelKey: 'environmental.menu.agencies', path: '/agencies', group: 'environmental', icon: 'business', resource: 'agencies', feature: 'environmentalArea' },
  { labelKey: 'environmental.menu.laboratories', path: '/laboratories', group: 'environmental', icon: 'science', resource: 'laboratories', feature: 'environmentalArea' },
  { labelKey: 'environmental.menu.contracts', path: '/contracts', group: 'environmental', icon: 'receipt_long', resource: 'contracts', feature: 'environmentalArea' },
  { labelKey: 'environmental.menu.rdps', path: '/rdps', group: 'environmental', icon: 'biotech', resource: 'rdps', feature: 'environmentalArea' },
  { labelKey: 'environmental.menu.forms', path: '/forms', group: 'environmental', icon: 'local_shipping', resource: 'forms', feature: 'environmentalArea' },
  { labelKey: 'environmental.menu.ncaSettings', path: '/nca-settings', group: 'environmental', icon: 'tune', feature: 'environmentalArea' },
  { labelKey: 'environmental.menu.labAnalysisSettings', path: '/lab-analysis-settings', group: 'environmental', icon: 'biotech', feature: 'environmentalArea' },

  { labelKey: 'menu.users', path: '/users', group: 'administration', icon: 'people' },
  { labelKey: 'menu.inviteUsers', path: '/invite-users', group: 'administration', icon: 'group_add' },
  { labelKey: 'menu.rolesAndPermissions', path: '/roles', group: 'administration', icon: 'security' },
  { labelKey: 'menu.search', path: '/search', group: 'administration', icon: 'search' },
  { labelKey: 'menu.management', path: '/management', group: 'administration', icon: 'settings', forEditorsOf: 'settings' },
  { labelKey: 'menu.settings', path: '/management/settings', group: 'administration', icon: 'tune', forEditorsOf: 'settings' },
  { labelKey: 'menu.labels', path: '/management/labels', group: 'administration', icon: 'translate' },
  { labelKey: 'menu.faqs', path: '/faqs', group: 'administration', icon: 'help', resource: 'faqs' },
  { labelKey: 'menu.categories', path: '/categories', group: 'administration', icon: 'category', resource: 'categories', forEditorsOf: 'categories' },
  { labelKey: 'menu.events', path: '/events', group: 'administration', icon: 'event', resource: 'events' },
  { labelKey: 'menu.customers', path: '/customers', group: 'administration', icon: 'storefront', resource: 'customers' },
  { labelKey: 'menu.projects', path: '/projects', group: 'administration', icon: 'apps', resource: 'projects' },
  { labelKey: 'menu.links', path: '/links', group: 'administration', icon: 'link', resource: 'links' },

  { labelKey: 'menu.notifications', path: '/notifications', group: 'account', icon: 'notifications' },
  { labelKey: 'menu.mailOutbox', path: '/mail-outbox', group: 'account', icon: 'mail', resource: 'mail-outbox', ownRecordsOnlyInDemo: 'mail-outbox' },
  { labelKey: 'menu.profile', path: '/profile', group: 'account', icon: 'person' },
  { labelKey: 'menu.documentation', path: '/documentation', group: 'account', icon: 'menu_book' },
];

export const MENU_GROUPS: readonly TMenuGroup[] = ['overview', 'touristTax', 'environmental', 'administration', 'account'];

/** The entries a role sees: its route is open to the role, its screen exists, its feature is on. */
export function visibleMenuItems(
  items: readonly TMenuItem[],
  role: string | undefined,
  registeredResources: Set<string>,
  features: { permissionsSystem: boolean; touristTaxArea?: boolean; environmentalArea?: boolean },
  demo = false,
): TMenuItem[] {
  return items.filter((item) => {
    if (item.forEditorsOf && !can(role, item.forEditorsOf, 'create') && !can(role, item.forEditorsOf, 'update')) return false;
    if (item.ownRecordsOnlyInDemo && !demo && scopeOf(role, item.ownRecordsOnlyInDemo, 'list') !== 'all') return false;
    if (item.resource && !registeredResources.has(item.resource)) return false;
    // An area flag the server does not send counts as on (its shipped value).
    if (item.feature && features[item.feature] === false) return false;
    if (item.group === 'touristTax' && features.touristTaxArea === false) return false;
    return canAccessPath(role, item.path);
  });
}
