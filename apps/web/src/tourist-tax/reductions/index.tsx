import PercentIcon from '@mui/icons-material/Percent';
import { lazyPage } from '../../components/lazyPage';

export const reductions = {
  list: lazyPage(() => import('./screens').then((module) => module.ReductionList)),
  edit: lazyPage(() => import('./screens').then((module) => module.ReductionEdit)),
  create: lazyPage(() => import('./screens').then((module) => module.ReductionCreate)),
  icon: PercentIcon,
  recordRepresentation: 'name',
};
