import MailIcon from '@mui/icons-material/Mail';
import { lazyPage } from '../../components/lazyPage';

/** The e-mails the product sent: an administrator reads all of them, everyone else those sent to them. */
export const mailOutbox = {
  list: lazyPage(() => import('./MailList').then((module) => module.MailList)),
  show: lazyPage(() => import('./MailShow').then((module) => module.MailShow)),
  icon: MailIcon,
  recordRepresentation: 'subject',
};
