import PeopleIcon from '@mui/icons-material/People';
import { lazyPage } from '../../components/lazyPage';

export const users = {
  list: lazyPage(() => import('./UserList').then((module) => module.UserList)),
  edit: lazyPage(() => import('./UserEdit').then((module) => module.UserEdit)),
  create: lazyPage(() => import('./UserCreate').then((module) => module.UserCreate)),
  icon: PeopleIcon,
  recordRepresentation: (record: { name?: string; surname?: string; email?: string }) => [record.name, record.surname].filter(Boolean).join(' ') || record.email || '',
};

export const userPages = {
  InviteUsersPage: lazyPage(() => import('./InviteUsersPage').then((module) => module.InviteUsersPage)),
  CompleteProfilePage: lazyPage(() => import('./CompleteProfilePage').then((module) => module.CompleteProfilePage)),
};
