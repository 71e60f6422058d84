import StarIcon from '@mui/icons-material/Star';
import { lazyPage } from '../../components/lazyPage';

export const structureClasses = {
  list: lazyPage(() => import('./screens').then((module) => module.structureClassesScreens.list)),
  edit: lazyPage(() => import('./screens').then((module) => module.structureClassesScreens.edit)),
  create: lazyPage(() => import('./screens').then((module) => module.structureClassesScreens.create)),
  icon: StarIcon,
  recordRepresentation: 'name',
};
