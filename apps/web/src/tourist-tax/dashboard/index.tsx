import { lazyPage } from '../../components/lazyPage';

/** The tourist-tax part of the dashboard page (apps/web/src/dashboard). */
export const touristTaxDashboard = {
  TouristTaxDashboard: lazyPage(() => import('./DashboardPage').then((module) => module.TouristTaxDashboard), { lists: false }),
};
