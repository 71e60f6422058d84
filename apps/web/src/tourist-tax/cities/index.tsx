import ApartmentIcon from '@mui/icons-material/Apartment';
import { lazyPage } from '../../components/lazyPage';

export const cities = {
  list: lazyPage(() => import('./screens').then((module) => module.CityList)),
  edit: lazyPage(() => import('./screens').then((module) => module.CityEdit)),
  create: lazyPage(() => import('./screens').then((module) => module.CityCreate)),
  icon: ApartmentIcon,
  recordRepresentation: 'name',
};
