import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Link, Navigate } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { LOGIN_PATH, postSignInPath } from '../authProvider';
import { useAppConfig } from '../config';
import { useSession } from '../session/useSession';
import { PublicLayout } from './PublicLayout';

/**
 * The root path. With the public site on it is the public home; otherwise it is the root redirect
 * after sign-in: by role (or to complete-profile) when signed in, to login when not.
 */
export function HomePage() {
  const translate = useTranslate();
  const { features } = useAppConfig();
  const session = useSession();
  if (!features.publicSite) {
    if (!session?.token) return <Navigate to={LOGIN_PATH} replace />;
    return <Navigate to={postSignInPath(session.user, features)} replace />;
  }
  return (
    <PublicLayout>
      <Card>
        <CardContent sx={{ p: 4 }}>
          <Typography variant="h4" component="h1" gutterBottom>
            {translate('publicSite.home.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {translate('publicSite.home.text')}
          </Typography>
          <Stack direction="row" spacing={2}>
            {session?.token ? (
              <Button variant="contained" component={Link} to={postSignInPath(session.user, features)}>
                {translate('publicSite.openBackOffice')}
              </Button>
            ) : (
              <>
                <Button variant="contained" component={Link} to={LOGIN_PATH}>
                  {translate('publicSite.signIn')}
                </Button>
                <Button variant="outlined" component={Link} to="/on-boarding/register">
                  {translate('publicSite.register')}
                </Button>
              </>
            )}
          </Stack>
        </CardContent>
      </Card>
    </PublicLayout>
  );
}
