import { lazyPage } from '../../components/lazyPage';

export const notificationPages = {
  NotificationsPage: lazyPage(() => import('./NotificationsPage').then((module) => module.NotificationsPage)),
};
