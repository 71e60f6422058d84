import { Box, Chip, Divider, ListItemIcon, ListItemText, MenuItem, Typography } from '@mui/material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import KeyIcon from '@mui/icons-material/Key';
import LanguageIcon from '@mui/icons-material/Language';
import CheckIcon from '@mui/icons-material/Check';
import UndoIcon from '@mui/icons-material/Undo';
import { Link } from 'react-router-dom';
import { AppBar as RaAppBar, LoadingIndicator, Logout, TitlePortal, UserMenu, useLocaleState, useTranslate, useUserMenu } from 'react-admin';
import { environmentLabel, useAppConfig } from '../config';
import { LOCALES } from '../i18n';
import { useChangePassword } from '../platform/profile/ChangePasswordProvider';
import { useSession } from '../session/useSession';
import { useBackToMyAccount } from './ImpersonationBar';
import { NotificationBell } from './NotificationBell';
import { YearSelector } from './YearSelector';

function ProfileItem() {
  const translate = useTranslate();
  const { onClose } = useUserMenu() ?? { onClose: () => undefined };
  return (
    <MenuItem component={Link} to="/profile" onClick={onClose}>
      <ListItemIcon>
        <AccountCircleIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('userMenu.profile')}</ListItemText>
    </MenuItem>
  );
}

function ChangePasswordItem() {
  const translate = useTranslate();
  const { onClose } = useUserMenu() ?? { onClose: () => undefined };
  const { openChangePassword } = useChangePassword();
  return (
    <MenuItem
      onClick={() => {
        onClose();
        openChangePassword();
      }}
    >
      <ListItemIcon>
        <KeyIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('userMenu.changePassword')}</ListItemText>
    </MenuItem>
  );
}

function LanguageItems() {
  const translate = useTranslate();
  const [locale, setLocale] = useLocaleState();
  const { onClose } = useUserMenu() ?? { onClose: () => undefined };
  return (
    <>
      <MenuItem disabled sx={{ '&.Mui-disabled': { opacity: 1 } }}>
        <ListItemIcon>
          <LanguageIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{translate('userMenu.language')}</ListItemText>
      </MenuItem>
      {LOCALES.map((option) => (
        <MenuItem
          key={option.locale}
          selected={option.locale === locale}
          onClick={() => {
            onClose();
            setLocale(option.locale);
          }}
          sx={{ pl: 7 }}
          data-testid={`language-${option.locale}`}
        >
          <ListItemText>{option.name}</ListItemText>
          {option.locale === locale ? <CheckIcon fontSize="small" /> : null}
        </MenuItem>
      ))}
    </>
  );
}

function BackToMyAccountItem() {
  const translate = useTranslate();
  const session = useSession();
  const back = useBackToMyAccount();
  const { onClose } = useUserMenu() ?? { onClose: () => undefined };
  if (!session?.realSession) return null;
  return (
    <MenuItem
      onClick={() => {
        onClose();
        back();
      }}
    >
      <ListItemIcon>
        <UndoIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('layout.backToMyAccount')}</ListItemText>
    </MenuItem>
  );
}

export function AppBar() {
  const translate = useTranslate();
  const environment = environmentLabel(useAppConfig(), window.location.origin);
  const user = useSession()?.user;
  const fullName = [user?.name, user?.surname].filter(Boolean).join(' ') || user?.email;
  const userMenuLabel = fullName ? `${fullName} · ${translate('ra.auth.user_menu')}` : 'ra.auth.user_menu';
  return (
    <RaAppBar
      toolbar={
        <>
          <YearSelector />
          <NotificationBell />
          <LoadingIndicator />
        </>
      }
      userMenu={
        // The button shows the user's name: its accessible name starts with it (axe label-content-name-mismatch), then says what it opens.
        <UserMenu label={userMenuLabel}>
          <ProfileItem />
          <ChangePasswordItem />
          <Divider />
          <LanguageItems />
          <Divider />
          <BackToMyAccountItem />
          <Logout />
        </UserMenu>
      }
    >
      {/* On a phone the menu button, the year, the bell and the user menu need the whole bar. */}
      <Box sx={{ display: { xs: 'none', sm: 'flex' }, alignItems: 'center', gap: 1, mr: 2 }}>
        <Typography variant="h6" component="span" noWrap data-testid="app-name">
          {translate('app.name')}
        </Typography>
        {/* Production needs no badge; a demo or development server says what it is. */}
        {environment === 'PROD' ? null : <Chip size="small" label={environment} data-testid="environment-label" sx={{ bgcolor: 'rgba(255,255,255,0.2)', color: '#fff', fontWeight: 600 }} />}
      </Box>
      {/* The page's title (react-admin's <Title> renders into it) is the page's one <h1>: lists, shows, edits and custom pages alike. */}
      <TitlePortal component="h1" variant="body1" sx={{ opacity: 0.85 }} />
    </RaAppBar>
  );
}
