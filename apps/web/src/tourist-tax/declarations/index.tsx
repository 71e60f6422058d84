import ReceiptIcon from '@mui/icons-material/Receipt';
import { lazyPage } from '../../components/lazyPage';

/* declarations and declarations/{declarationId} (the detail is the resource's edit route). */
export const declarations = {
  list: lazyPage(() => import('./screens').then((module) => module.DeclarationList)),
  edit: lazyPage(() => import('./screens').then((module) => module.DeclarationPage)),
  create: lazyPage(() => import('./screens').then((module) => module.DeclarationCreate)),
  icon: ReceiptIcon,
  recordRepresentation: 'code',
};
