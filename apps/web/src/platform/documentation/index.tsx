import { lazyPage } from '../../components/lazyPage';

export const documentationPages = {
  DocumentationRoutes: lazyPage(() => import('./DocumentationRoutes').then((module) => module.DocumentationRoutes)),
};
