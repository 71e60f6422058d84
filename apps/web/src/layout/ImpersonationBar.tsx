import { Box, Button, Typography } from '@mui/material';
import SupervisorAccountIcon from '@mui/icons-material/SupervisorAccount';
import { useNavigate } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { useForgetCachedData } from '../dataProvider/hooks';
import { useSession } from '../session/useSession';
import { stopImpersonation } from './impersonation';

export function useBackToMyAccount() {
  const navigate = useNavigate();
  const forgetCachedData = useForgetCachedData();
  return () => {
    if (stopImpersonation()) {
      forgetCachedData();
      void navigate('/users');
    }
  };
}

/** The visible "acting as" bar while an admin works in another user's session. */
export function ImpersonationBar() {
  const translate = useTranslate();
  const session = useSession();
  const back = useBackToMyAccount();
  if (!session?.realSession) return null;
  const name = [session.user.name, session.user.surname].filter(Boolean).join(' ') || session.user.email;
  return (
    <Box data-testid="impersonation-bar" sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 2, py: 0.75, bgcolor: 'warning.main', color: 'warning.contrastText' }}>
      <SupervisorAccountIcon fontSize="small" />
      <Typography variant="body2" sx={{ flexGrow: 1 }}>
        {translate('layout.actingAs', { name, email: session.user.email, role: translate(`roles.${session.user.role}`) })}
      </Typography>
      <Button size="small" variant="contained" color="inherit" sx={{ color: 'text.primary' }} onClick={back}>
        {translate('layout.backToMyAccount')}
      </Button>
    </Box>
  );
}
