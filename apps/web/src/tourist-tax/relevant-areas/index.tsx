import MapIcon from '@mui/icons-material/Map';
import { lazyPage } from '../../components/lazyPage';

export const relevantAreas = {
  list: lazyPage(() => import('./screens').then((module) => module.relevantAreasScreens.list)),
  edit: lazyPage(() => import('./screens').then((module) => module.relevantAreasScreens.edit)),
  create: lazyPage(() => import('./screens').then((module) => module.relevantAreasScreens.create)),
  icon: MapIcon,
  recordRepresentation: 'name',
};
