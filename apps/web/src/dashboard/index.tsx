import { lazyPage } from '../components/lazyPage';

export const dashboardPages = {
  DashboardPage: lazyPage(() => import('./DashboardPage').then((module) => module.DashboardPage)),
};
