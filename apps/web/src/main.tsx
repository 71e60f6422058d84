import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadConfig } from './config';
import { initialLocale, loadOverrides } from './i18n/locale';
import { Shell } from './Shell';

/**
 * Start-up: boot steps run first, then the app mounts into #q-app. A failing boot step
 * is logged as a boot error and the app is not mounted.
 */
async function boot(): Promise<void> {
  const element = document.getElementById('q-app');
  if (!element) throw new Error('#q-app not found');
  const locale = initialLocale();
  const [config] = await Promise.all([loadConfig(), loadOverrides(locale)]);
  document.documentElement.lang = locale;
  createRoot(element).render(
    <StrictMode>
      <Shell config={config} />
    </StrictMode>,
  );
}

boot().catch((error) => {
  console.error('boot error', error);
});
