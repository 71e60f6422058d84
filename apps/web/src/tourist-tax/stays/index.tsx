import BedIcon from '@mui/icons-material/Bed';
import { lazyPage } from '../../components/lazyPage';

export const stays = {
  list: lazyPage(() => import('./StayList').then((module) => module.StayList)),
  edit: lazyPage(() => import('./screens').then((module) => module.StayEdit)),
  create: lazyPage(() => import('./screens').then((module) => module.StayCreate)),
  icon: BedIcon,
  recordRepresentation: (record: { guest?: { name?: string; surname?: string }; checkIn?: string }) =>
    `${[record.guest?.surname, record.guest?.name].filter(Boolean).join(' ')} ${record.checkIn ?? ''}`.trim(),
};
