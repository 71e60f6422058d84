import { lazyPage } from '../../components/lazyPage';

export const profilePages = {
  ProfilePage: lazyPage(() => import('./ProfilePage').then((module) => module.ProfilePage)),
};
