import TuneIcon from '@mui/icons-material/Tune';
import TranslateIcon from '@mui/icons-material/Translate';
import { lazyPage } from '../../components/lazyPage';

export const settings = {
  list: lazyPage(() => import('./settings/SettingList').then((module) => module.SettingList)),
  edit: lazyPage(() => import('./settings/SettingEdit').then((module) => module.SettingEdit)),
  icon: TuneIcon,
  recordRepresentation: 'name',
};

export const labels = {
  list: lazyPage(() => import('./labels/LabelList').then((module) => module.LabelList)),
  icon: TranslateIcon,
  recordRepresentation: 'key',
};

export const managementPages = {
  ManagementPage: lazyPage(() => import('./ManagementPage').then((module) => module.ManagementPage)),
  LabelCreatePage: lazyPage(() => import('./labels/LabelCreatePage').then((module) => module.LabelCreatePage)),
};
