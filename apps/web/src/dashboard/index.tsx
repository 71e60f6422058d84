import { lazyPage } from '../components/lazyPage';
import { environmentalDashboard } from '../environmental';
import { enabledAreas } from '../routeAccess';
import { getSession } from '../session/store';
import { touristTaxDashboard } from '../tourist-tax/dashboard';
import { dashboardParts } from './parts';

/** The dashboard page's code, and with it the code of the parts the signed-in role sees (not one after the other: each part is a chunk of its own). */
function loadDashboardPage() {
  const parts = dashboardParts(getSession()?.user.role, enabledAreas());
  if (parts.includes('touristTax')) void touristTaxDashboard.TouristTaxDashboard.preload();
  if (parts.includes('environmental')) void environmentalDashboard.EnvironmentalDashboard.preload();
  return import('./DashboardPage').then((module) => module.DashboardPage);
}

export const dashboardPages = {
  // The dashboards show no list: they start without react-admin's lists (components/listParts.ts).
  DashboardPage: lazyPage(loadDashboardPage, { lists: false }),
};
