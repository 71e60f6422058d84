import HotelIcon from '@mui/icons-material/Hotel';
import { lazyPage } from '../../components/lazyPage';

export const structures = {
  list: lazyPage(() => import('./screens').then((module) => module.StructureList)),
  edit: lazyPage(() => import('./screens').then((module) => module.StructureEdit)),
  create: lazyPage(() => import('./screens').then((module) => module.StructureCreate)),
  icon: HotelIcon,
  recordRepresentation: 'name',
};
