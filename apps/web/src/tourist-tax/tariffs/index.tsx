import EuroIcon from '@mui/icons-material/Euro';
import { lazyPage } from '../../components/lazyPage';

export const tariffs = {
  list: lazyPage(() => import('./screens').then((module) => module.TariffList)),
  edit: lazyPage(() => import('./screens').then((module) => module.TariffEdit)),
  create: lazyPage(() => import('./screens').then((module) => module.TariffCreate)),
  icon: EuroIcon,
  recordRepresentation: 'name',
};
