import EventIcon from '@mui/icons-material/Event';
import { lazyPage } from '../../components/lazyPage';

export const declarationTemplates = {
  list: lazyPage(() => import('./screens').then((module) => module.DeclarationTemplateList)),
  edit: lazyPage(() => import('./screens').then((module) => module.DeclarationTemplateEdit)),
  create: lazyPage(() => import('./screens').then((module) => module.DeclarationTemplateCreate)),
  icon: EventIcon,
  recordRepresentation: 'periodName',
};
