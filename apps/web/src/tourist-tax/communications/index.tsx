import CampaignIcon from '@mui/icons-material/Campaign';
import { lazyPage } from '../../components/lazyPage';

export const communications = {
  list: lazyPage(() => import('./screens').then((module) => module.CommunicationList)),
  edit: lazyPage(() => import('./screens').then((module) => module.CommunicationPage)),
  create: lazyPage(() => import('./screens').then((module) => module.CommunicationCreate)),
  icon: CampaignIcon,
  recordRepresentation: 'title',
};
