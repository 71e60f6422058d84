import { lazyPage } from '../../components/lazyPage';

/* siatel-checks: the comune's cross-checks of the Agenzia delle Entrate's file (API /api/cities/{id}/siatel-checks). */
export const siatelPages = {
  SiatelChecksPage: lazyPage(() => import('./SiatelChecksPage').then((module) => module.SiatelChecksPage)),
  SiatelCheckPage: lazyPage(() => import('./SiatelCheckPage').then((module) => module.SiatelCheckPage)),
};
