import type { ReactElement } from 'react';
import { Box, Fab, Tooltip, Typography } from '@mui/material';
import DashboardIcon from '@mui/icons-material/Dashboard';
import PeopleIcon from '@mui/icons-material/People';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import SecurityIcon from '@mui/icons-material/Security';
import SearchIcon from '@mui/icons-material/Search';
import SettingsIcon from '@mui/icons-material/Settings';
import TuneIcon from '@mui/icons-material/Tune';
import TranslateIcon from '@mui/icons-material/Translate';
import NotificationsIcon from '@mui/icons-material/Notifications';
import MailIcon from '@mui/icons-material/Mail';
import PersonIcon from '@mui/icons-material/Person';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import HotelIcon from '@mui/icons-material/Hotel';
import BedIcon from '@mui/icons-material/Bed';
import ReceiptIcon from '@mui/icons-material/Receipt';
import SummarizeIcon from '@mui/icons-material/Summarize';
import ApartmentIcon from '@mui/icons-material/Apartment';
import EuroIcon from '@mui/icons-material/Euro';
import PercentIcon from '@mui/icons-material/Percent';
import BlockIcon from '@mui/icons-material/Block';
import MapIcon from '@mui/icons-material/Map';
import CategoryIcon from '@mui/icons-material/Category';
import StarIcon from '@mui/icons-material/Star';
import EventIcon from '@mui/icons-material/Event';
import CampaignIcon from '@mui/icons-material/Campaign';
import FolderIcon from '@mui/icons-material/Folder';
import BusinessIcon from '@mui/icons-material/Business';
import ViewModuleIcon from '@mui/icons-material/ViewModule';
import AssignmentIcon from '@mui/icons-material/Assignment';
import ScienceIcon from '@mui/icons-material/Science';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import BiotechIcon from '@mui/icons-material/Biotech';
import ReportIcon from '@mui/icons-material/ReportProblem';
import BuildIcon from '@mui/icons-material/Build';
import DrawIcon from '@mui/icons-material/Draw';
import HistoryEduIcon from '@mui/icons-material/HistoryEdu';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import HelpOutlineIcon from '@mui/icons-material/Quiz';
import StorefrontIcon from '@mui/icons-material/Storefront';
import AppsIcon from '@mui/icons-material/Apps';
import LinkIcon from '@mui/icons-material/Link';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Menu as RaMenu, useResourceDefinitions, useSidebarState, useTranslate } from 'react-admin';
import { useAppConfig } from '../config';
import { SIDEBAR_CLOSED_WIDTH, SIDEBAR_WIDTH } from '../theme';
import { useSession } from '../session/useSession';
import { MENU_GROUPS, MENU_ITEMS, visibleMenuItems } from './menuItems';

const ICONS: Record<string, ReactElement> = {
  dashboard: <DashboardIcon />,
  fact_check: <FactCheckIcon />,
  business: <BusinessIcon />,
  view_module: <ViewModuleIcon />,
  assignment: <AssignmentIcon />,
  science: <ScienceIcon />,
  receipt_long: <ReceiptLongIcon />,
  biotech: <BiotechIcon />,
  report: <ReportIcon />,
  build: <BuildIcon />,
  draw: <DrawIcon />,
  history_edu: <HistoryEduIcon />,
  local_shipping: <LocalShippingIcon />,
  people: <PeopleIcon />,
  group_add: <GroupAddIcon />,
  security: <SecurityIcon />,
  search: <SearchIcon />,
  settings: <SettingsIcon />,
  tune: <TuneIcon />,
  translate: <TranslateIcon />,
  notifications: <NotificationsIcon />,
  mail: <MailIcon />,
  person: <PersonIcon />,
  menu_book: <MenuBookIcon />,
  hotel: <HotelIcon />,
  bed: <BedIcon />,
  receipt: <ReceiptIcon />,
  summarize: <SummarizeIcon />,
  apartment: <ApartmentIcon />,
  euro: <EuroIcon />,
  percent: <PercentIcon />,
  block: <BlockIcon />,
  map: <MapIcon />,
  category: <CategoryIcon />,
  star: <StarIcon />,
  event: <EventIcon />,
  campaign: <CampaignIcon />,
  folder: <FolderIcon />,
  help: <HelpOutlineIcon />,
  storefront: <StorefrontIcon />,
  apps: <AppsIcon />,
  link: <LinkIcon />,
};

/** The floating sidebar toggle (shown with the floatingSidebarToggle feature on), at the sidebar's edge. */
export function FloatingSidebarToggle() {
  const translate = useTranslate();
  const [open, setOpen] = useSidebarState();
  return (
    <Tooltip title={translate(open ? 'ra.action.close_menu' : 'ra.action.open_menu')} placement="right">
      <Fab
        size="small"
        color="primary"
        onClick={() => setOpen(!open)}
        aria-label={translate(open ? 'ra.action.close_menu' : 'ra.action.open_menu')}
        data-testid="floating-sidebar-toggle"
        sx={{
          position: 'fixed',
          bottom: 24,
          left: (open ? SIDEBAR_WIDTH : SIDEBAR_CLOSED_WIDTH) - 18,
          zIndex: (theme) => theme.zIndex.appBar + 1,
          width: 36,
          height: 36,
          minHeight: 36,
          transition: 'left 200ms',
          display: { xs: 'none', sm: 'inline-flex' },
        }}
      >
        {open ? <ChevronLeftIcon /> : <ChevronRightIcon />}
      </Fab>
    </Tooltip>
  );
}

export function Menu() {
  const translate = useTranslate();
  const role = useSession()?.user.role;
  const resources = useResourceDefinitions();
  const { features, demo } = useAppConfig();
  const [open] = useSidebarState();
  const items = visibleMenuItems(MENU_ITEMS, role, new Set(Object.keys(resources)), features, demo);
  return (
    <RaMenu sx={{ pb: 8 }}>
      {MENU_GROUPS.map((group) => {
        const groupItems = items.filter((item) => item.group === group);
        if (groupItems.length === 0) return null;
        return (
          // ARIA menu > group > menuitem: react-admin's menu is a <ul role="menu"> and its items are
          // role="menuitem" links, so a group must be a role="group" (a <li>/<ul> pair broke both).
          <Box
            key={group}
            role="group"
            aria-labelledby={open ? `menu-group-${group}-label` : undefined}
            aria-label={open ? undefined : translate(`menu.groups.${group}`)}
            data-testid={`menu-group-${group}`}
          >
            {open ? (
              <Typography id={`menu-group-${group}-label`} variant="overline" component="div" sx={{ px: 2, pt: 1.5, color: 'text.secondary', lineHeight: 2 }}>
                {translate(`menu.groups.${group}`)}
              </Typography>
            ) : (
              <Box sx={{ borderTop: 1, borderColor: 'divider', my: 0.5 }} />
            )}
            {groupItems.map((item) => (
              <RaMenu.Item key={item.path} to={item.path} primaryText={translate(item.labelKey)} leftIcon={ICONS[item.icon]} />
            ))}
          </Box>
        );
      })}
    </RaMenu>
  );
}
