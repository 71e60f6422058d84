import { lazyPage } from '../components/lazyPage';

export const publicPages = {
  HomePage: lazyPage(() => import('./HomePage').then((module) => module.HomePage)),
  DeleteUserPage: lazyPage(() => import('./DeleteUserPage').then((module) => module.DeleteUserPage)),
  TestPage: lazyPage(() => import('./TestPage').then((module) => module.TestPage)),
};
