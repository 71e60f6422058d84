import { lazyPage } from '../../components/lazyPage';

export const searchPages = {
  SearchPage: lazyPage(() => import('./SearchPage').then((module) => module.SearchPage)),
};
