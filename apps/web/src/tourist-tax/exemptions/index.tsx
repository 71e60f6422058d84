import BlockIcon from '@mui/icons-material/Block';
import { lazyPage } from '../../components/lazyPage';

export const exemptions = {
  list: lazyPage(() => import('./screens').then((module) => module.exemptionsScreens.list)),
  edit: lazyPage(() => import('./screens').then((module) => module.exemptionsScreens.edit)),
  create: lazyPage(() => import('./screens').then((module) => module.exemptionsScreens.create)),
  icon: BlockIcon,
  recordRepresentation: 'name',
};
