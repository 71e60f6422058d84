import type { ReactNode } from 'react';
import { AppBar, Box, Button, Container, Link as MuiLink, Toolbar, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { NavigationEffects } from '../layout/NavigationEffects';
import { DocumentTitleFromPage } from '../layout/DocumentTitle';
import { AdminOnboardingText } from '../onboarding/AdminOnboardingText';
import { LanguageSwitch } from '../onboarding/OnboardingLayout';
import { useSession } from '../session/useSession';

export function PublicLayout({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const session = useSession();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <NavigationEffects />
      <DocumentTitleFromPage />
      <AppBar position="static" elevation={0}>
        <Toolbar sx={{ gap: 2 }}>
          <Typography variant="h6" component={Link} to="/" sx={{ color: 'inherit', textDecoration: 'none', flexGrow: 1 }}>
            {translate('app.name')}
          </Typography>
          <Box sx={{ '& button': { color: 'inherit' } }}>
            <AdminOnboardingText>
              <LanguageSwitch />
            </AdminOnboardingText>
          </Box>
          <Button color="inherit" variant="outlined" component={Link} to={session ? '/profile' : '/on-boarding/login'}>
            {translate(session ? 'publicSite.openBackOffice' : 'publicSite.signIn')}
          </Button>
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="md" sx={{ flexGrow: 1, py: 5 }}>
        {children}
      </Container>
      <Box component="footer" sx={{ py: 2, textAlign: 'center', borderTop: 1, borderColor: 'divider' }}>
        <MuiLink component={Link} to="/delete-user" variant="body2">
          {translate('publicSite.deleteUser.link')}
        </MuiLink>
      </Box>
    </Box>
  );
}
