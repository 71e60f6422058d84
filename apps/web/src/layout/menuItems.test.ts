import { describe, expect, it } from 'vitest';
import { ROLES } from '@app/domain/platform/auth/roles';
import { can } from '@app/domain/platform/access/access-table';
import { canAccessRoute, routeNameForPath } from '@app/domain/platform/access/routes';
import { MENU_ITEMS, visibleMenuItems } from './menuItems';

const everyResource = new Set(MENU_ITEMS.flatMap((item) => (item.resource ? [item.resource] : [])));
const paths = (role: string, permissionsSystem = false, demo = false) => visibleMenuItems(MENU_ITEMS, role, everyResource, { permissionsSystem }, demo).map((item) => item.path);

describe('menu derived from the access table', () => {
  it('every entry is a known route', () => {
    for (const item of MENU_ITEMS) expect(routeNameForPath(item.path), item.path).not.toBeNull();
  });

  it('shows no entry a role cannot open (the API would answer 403)', () => {
    for (const role of ROLES) {
      for (const path of paths(role, true)) expect(canAccessRoute(role, routeNameForPath(path)!), `${role} ${path}`).toBe(true);
    }
  });

  it('shows every entry a role can open, unless its screen is missing or its feature off', () => {
    for (const role of ROLES) {
      const shown = new Set(paths(role, true, true));
      for (const item of MENU_ITEMS) {
        const editsIt = !item.forEditorsOf || can(role, item.forEditorsOf, 'create') || can(role, item.forEditorsOf, 'update');
        if (editsIt && canAccessRoute(role, routeNameForPath(item.path)!)) expect(shown.has(item.path), `${role} ${item.path}`).toBe(true);
      }
    }
  });

  it('offers the sent e-mail to administrators always, to everyone else only on a demo server (where codes arrive there)', () => {
    expect(paths('admin')).toContain('/mail-outbox');
    for (const role of ROLES.filter((r) => r !== 'admin')) {
      expect(paths(role), role).not.toContain('/mail-outbox');
      expect(paths(role, false, true), role).toContain('/mail-outbox');
    }
  });

  it('per role', () => {
    // Suppliers: their own company (environmental area) and their account, never a tourist-tax entry.
    // Their NCA reports (those they take part in), their actions and the signatures waiting for them.
    // Suppliers also read their test reports (a laboratory its own, an agency those of its samples).
    expect(paths('agency_user')).toEqual(['/my-company', '/nca-reports', '/corrective-actions', '/my-signatures', '/rdps', '/forms', '/notifications', '/profile']);
    // A laboratory registers no waste form.
    expect(paths('laboratory_user')).toEqual(paths('agency_user').filter((p) => p !== '/forms'));
    // A hotelier: the screens of their own work; the comune's configuration (tariffs, reductions, templates...) and the
    // platform's reference data are read inside the pages that use them, never offered as screens to work with.
    expect(paths('user')).toEqual([
      '/dashboard',
      '/structures',
      '/stays',
      '/declarations',
      '/twentyOneModels',
      '/communications',
      '/documentation-area',
      '/faqs',
      '/events',
      '/notifications',
      '/profile',
    ]);
    expect(paths('user')).not.toContain('/users');
    expect(paths('user')).not.toContain('/invite-users');
    expect(paths('city')).toContain('/users');
    expect(paths('city')).not.toContain('/invite-users');
    expect(paths('city')).not.toContain('/roles');
    expect(paths('admin')).toEqual(expect.arrayContaining(['/users', '/invite-users', '/roles', '/search', '/management/labels']));
    // Administration collections: FAQs and events for hoteliers and admins, the rest admins only.
    expect(paths('admin')).toEqual(expect.arrayContaining(['/faqs', '/categories', '/events', '/customers', '/projects', '/links']));
    expect(paths('city')).not.toContain('/categories');
    // The comune configures its own tax: its tariffs, reductions, exemptions, templates and filing settings.
    expect(paths('city')).toEqual(expect.arrayContaining(['/tariffs', '/reductions', '/exemptions', '/declaration-templates', '/filing-settings', '/relevant-areas']));
    for (const path of ['/faqs', '/events', '/customers', '/projects', '/links']) expect(paths('city')).not.toContain(path);
    // The consortium: the environmental registry and settings, no tourist-tax entry; a hotelier no environmental one.
    expect(paths('consortium_user')).toEqual([
      '/dashboard',
      '/nca-reports',
      '/corrective-actions',
      '/my-signatures',
      '/sign-requests',
      '/lots',
      '/orders',
      '/agencies',
      '/laboratories',
      '/contracts',
      '/rdps',
      '/forms',
      '/nca-settings',
      '/lab-analysis-settings',
      '/notifications',
      '/profile',
    ]);
    expect(paths('user').filter((p) => MENU_ITEMS.find((i) => i.path === p)!.group === 'environmental')).toEqual([]);
    // Every report's sign requests: who names and reminds the signers; a supplier signs in "Le mie firme" and
    // sees its reports' signatures on their pages, and a tourist-tax role reads none.
    expect(paths('admin')).toContain('/sign-requests');
    for (const role of ['agency_user', 'laboratory_user', 'user', 'city']) expect(paths(role), role).not.toContain('/sign-requests');
  });

  it('follows the enabled areas', () => {
    const withAreas = (role: string, touristTaxArea: boolean, environmentalArea: boolean) =>
      visibleMenuItems(MENU_ITEMS, role, everyResource, { permissionsSystem: false, touristTaxArea, environmentalArea }).map((i) => i.path);
    expect(withAreas('admin', true, false)).not.toContain('/lots');
    expect(withAreas('admin', true, false)).toContain('/structures');
    expect(withAreas('admin', false, true)).not.toContain('/structures');
    expect(withAreas('admin', false, true)).toContain('/lots');
    expect(withAreas('agency_user', true, false)).not.toContain('/my-company');
  });

  it('hides entries whose screen is not registered', () => {
    expect(visibleMenuItems(MENU_ITEMS, 'admin', new Set(), { permissionsSystem: false }).map((i) => i.path)).not.toContain('/stays');
  });
});
