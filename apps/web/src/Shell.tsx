import { lazy, Suspense, use, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { ConfigContext, type TAppConfig } from './config';
import { loadBundledMessages } from './i18n/bundles';
import { initialLocale } from './i18n/locale';
import { OnboardingApp } from './onboarding/OnboardingApp';
import { isOnboardingPath, setHandoverNotice, ShellContext, type TShell } from './shellContext';

/**
 * The admin app (react-admin, every screen) is fetched only when the page shows it: the sign-in
 * page loads the onboarding part alone. main.tsx starts the fetch at once on an admin path.
 */
export const loadAdminApp = () => import('./App');
const App = lazy(() => loadAdminApp().then((module) => ({ default: module.App })));

/** The admin app in the language chosen by now (the sign-in page may have switched it), once its messages are in. */
function AdminApp({ config }: { config: TAppConfig }) {
  use(loadBundledMessages(initialLocale()));
  return <App config={config} />;
}

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
          // The onboarding part waits for its English texts when the visitor reads English (fetched on demand).
          <Suspense fallback={<AppLoading />}>
            <OnboardingApp />
          </Suspense>
        ) : (
          <Suspense fallback={<AppLoading />}>
            <AdminApp config={config} />
          </Suspense>
        )}
      </ShellContext.Provider>
    </ConfigContext.Provider>
  );
}
