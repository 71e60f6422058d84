import { lazy, Suspense, useMemo, useState } from 'react';
import { Box, CircularProgress } from '@mui/material';
import { ConfigContext, type TAppConfig } from './config';
import { OnboardingApp } from './onboarding/OnboardingApp';
import { isOnboardingPath, setHandoverNotice, ShellContext, type TShell } from './shellContext';

// The admin app (react-admin, every screen) is fetched only when the page shows it: the sign-in
// page loads the onboarding part alone.
const App = lazy(() => import('./App').then((module) => ({ default: module.App })));

function AppLoading() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }} role="status" aria-live="polite">
      <CircularProgress aria-label="…" />
    </Box>
  );
}

/** The root: the onboarding part on /on-boarding/* paths, the admin app elsewhere, and the hand-over between them. */
export function Shell({ config }: { config: TAppConfig }) {
  const [part, setPart] = useState<'onboarding' | 'admin'>(() => (isOnboardingPath(window.location.pathname) ? 'onboarding' : 'admin'));
  const shell = useMemo<TShell>(
    () => ({
      showAdmin: (path, options = {}) => {
        setHandoverNotice(options.notice ?? null);
        if (options.replace) window.history.replaceState(null, '', path);
        else window.history.pushState(null, '', path);
        setPart('admin');
      },
      showOnboarding: () => setPart('onboarding'),
    }),
    [],
  );
  return (
    <ConfigContext.Provider value={config}>
      <ShellContext.Provider value={shell}>
        {part === 'onboarding' ? (
          <OnboardingApp />
        ) : (
          <Suspense fallback={<AppLoading />}>
            <App config={config} />
          </Suspense>
        )}
      </ShellContext.Provider>
    </ConfigContext.Provider>
  );
}
