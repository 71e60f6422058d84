import CategoryIcon from '@mui/icons-material/Category';
import { lazyPage } from '../../components/lazyPage';

export const structureTypes = {
  list: lazyPage(() => import('./screens').then((module) => module.structureTypesScreens.list)),
  edit: lazyPage(() => import('./screens').then((module) => module.structureTypesScreens.edit)),
  create: lazyPage(() => import('./screens').then((module) => module.structureTypesScreens.create)),
  icon: CategoryIcon,
  recordRepresentation: 'name',
};
