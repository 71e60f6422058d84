import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadConfig } from './config';
import { loadBundledMessages } from './i18n/bundles';
import { initialLocale, loadOverrides } from './i18n/locale';
import { getSession } from './session/store';
import { loadOnboardingMessages } from './onboarding/i18n/onboardingMessages';
import { isOnboardingPath, LOGIN_PATH, needsAdminApp } from './shellContext';
import { loadAdminApp, Shell } from './Shell';

/**
 * Start-up: boot steps run first, then the app mounts into #q-app. A failing boot step
 * is logged as a boot error and the app is not mounted.
 */
async function boot(): Promise<void> {
  const element = document.getElementById('q-app');
  if (!element) throw new Error('#q-app not found');
  const locale = initialLocale();
  const path = window.location.pathname;
  const signedIn = Boolean(getSession()?.token);
  // On an admin page the admin app and its messages download while the config and the labels load.
  if (needsAdminApp(path, signedIn, null)) {
    void loadAdminApp();
    void loadBundledMessages(locale);
  } else void loadOnboardingMessages(locale);
  const [config] = await Promise.all([loadConfig(), loadOverrides(locale)]);
  // A signed-out visitor typing the site's address (or any admin page) lands on the sign-in page, as the admin app would send them.
  if (!isOnboardingPath(path) && !needsAdminApp(path, signedIn, config.features.publicSite)) window.history.replaceState(null, '', LOGIN_PATH);
  document.documentElement.lang = locale;
  const root = createRoot(element);
  // A transition: the first render yields to input instead of blocking the main thread until it is done.
  startTransition(() =>
    root.render(
      <StrictMode>
        <Shell config={config} />
      </StrictMode>,
    ),
  );
}

boot().catch((error) => {
  console.error('boot error', error);
});
