import CategoryIcon from '@mui/icons-material/Category';
import EventIcon from '@mui/icons-material/Event';
import HelpOutlineIcon from '@mui/icons-material/Quiz';
import LinkIcon from '@mui/icons-material/Link';
import StorefrontIcon from '@mui/icons-material/Storefront';
import AppsIcon from '@mui/icons-material/Apps';
import { lazyPage } from '../../components/lazyPage';

/* The administration collections' screens: FAQs, categories, events, customers, projects, short links. */

const simple = () => import('./simpleScreens');
const records = () => import('./records');
const eventScreens = () => import('./events');

export const faqs = {
  list: lazyPage(() => simple().then((m) => m.FaqList)),
  edit: lazyPage(() => simple().then((m) => m.FaqEdit)),
  create: lazyPage(() => simple().then((m) => m.FaqCreate)),
  icon: HelpOutlineIcon,
  recordRepresentation: 'question',
};

export const categories = {
  list: lazyPage(() => simple().then((m) => m.CategoryList)),
  edit: lazyPage(() => simple().then((m) => m.CategoryEdit)),
  create: lazyPage(() => simple().then((m) => m.CategoryCreate)),
  icon: CategoryIcon,
  recordRepresentation: 'name',
};

export const events = {
  list: lazyPage(() => eventScreens().then((m) => m.EventList)),
  edit: lazyPage(() => eventScreens().then((m) => m.EventEdit)),
  create: lazyPage(() => eventScreens().then((m) => m.EventCreate)),
  icon: EventIcon,
  recordRepresentation: 'name',
};

export const customers = {
  list: lazyPage(() => records().then((m) => m.CustomerList)),
  edit: lazyPage(() => records().then((m) => m.CustomerEdit)),
  create: lazyPage(() => records().then((m) => m.CustomerCreate)),
  icon: StorefrontIcon,
  recordRepresentation: 'businessName',
};

export const projects = {
  list: lazyPage(() => records().then((m) => m.ProjectList)),
  edit: lazyPage(() => records().then((m) => m.ProjectEdit)),
  create: lazyPage(() => records().then((m) => m.ProjectCreate)),
  icon: AppsIcon,
  recordRepresentation: 'name',
};

export const links = {
  list: lazyPage(() => records().then((m) => m.LinkList)),
  edit: lazyPage(() => records().then((m) => m.LinkEdit)),
  create: lazyPage(() => records().then((m) => m.LinkCreate)),
  icon: LinkIcon,
  recordRepresentation: 'shortCode',
};
