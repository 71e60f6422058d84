import { lazyPage } from '../components/lazyPage';

export const publicPages = {
  // The public pages show no list: they start without react-admin's lists (components/listParts.ts), and the home
  // page, which sends a signed-in user on to their landing page, does not fetch them on the way.
  HomePage: lazyPage(() => import('./HomePage').then((module) => module.HomePage), { lists: false }),
  DeleteUserPage: lazyPage(() => import('./DeleteUserPage').then((module) => module.DeleteUserPage), { lists: false }),
  TestPage: lazyPage(() => import('./TestPage').then((module) => module.TestPage), { lists: false }),
};
