import { useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Navigate } from 'react-router-dom';
import { useAppConfig } from '../config';
import { LOCALES } from '../i18n/locale';
import { documentTitle } from '../layout/documentTitleText';
import { NavigationEffects } from '../layout/NavigationEffects';
import { getSession } from '../session/store';
import { useOnboardingText } from './onboardingText';

export function LanguageSwitch() {
  const { locale, setLocale } = useOnboardingText();
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'center' }}>
      {LOCALES.map((option) => (
        <MuiLink
          key={option.locale}
          component="button"
          type="button"
          underline={option.locale === locale ? 'always' : 'hover'}
          sx={{ fontWeight: option.locale === locale ? 700 : 400 }}
          onClick={() => setLocale(option.locale)}
          data-testid={`language-${option.locale}`}
        >
          {option.name}
        </MuiLink>
      ))}
    </Stack>
  );
}

/**
 * Onboarding pages are for signed-out users only: a signed-in user goes to the public
 * home when the public site is on, otherwise to the profile.
 */
export function OnboardingLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { translate } = useOnboardingText();
  const { features } = useAppConfig();
  // Only a visitor who arrives already signed in is sent away. A session started on this page
  // (registration) navigates by itself; redirecting on that change too raced it and won (-> /profile).
  const [signedInOnArrival] = useState(() => Boolean(getSession()?.token));
  const appName = translate('app.name');
  useEffect(() => {
    document.title = documentTitle(title, appName);
  }, [title, appName]);
  if (signedInOnArrival) return <Navigate to={features.publicSite ? '/' : '/profile'} replace />;
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        background: (theme) => `linear-gradient(135deg, ${theme.palette.primary.dark} 0%, ${theme.palette.primary.main} 55%, ${theme.palette.primary.light} 100%)`,
      }}
    >
      <NavigationEffects />
      <Card sx={{ width: '100%', maxWidth: 440, my: 4 }}>
        <CardContent sx={{ p: 4 }}>
          <Typography variant="overline" color="primary" component="div" sx={{ fontWeight: 700, letterSpacing: 1 }}>
            {translate('app.name')}
          </Typography>
          <Typography variant="h5" component="h1" sx={{ mb: subtitle ? 0.5 : 2 }}>
            {title}
          </Typography>
          {subtitle ? (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {subtitle}
            </Typography>
          ) : null}
          {children}
          <Box sx={{ mt: 3 }}>
            <LanguageSwitch />
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
