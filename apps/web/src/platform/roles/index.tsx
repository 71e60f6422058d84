import SecurityIcon from '@mui/icons-material/Security';
import { lazyPage } from '../../components/lazyPage';

export const roles = {
  list: lazyPage(() => import('./RoleList').then((module) => module.RoleList)),
  edit: lazyPage(() => import('./RoleEdit').then((module) => module.RoleEdit)),
  create: lazyPage(() => import('./RoleEdit').then((module) => module.RoleCreate)),
  icon: SecurityIcon,
  recordRepresentation: 'name',
};
