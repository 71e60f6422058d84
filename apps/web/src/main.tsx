import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { loadConfig } from './config';
import { initialLocale, loadOverrides } from './i18n';

/**
 * Start-up: boot steps run first, then the app mounts into #q-app. A failing boot step
 * is logged as a boot error and the app is not mounted.
 */
async function boot(): Promise<void> {
  const element = document.getElementById('q-app');
  if (!element) throw new Error('#q-app not found');
  const config = await loadConfig();
  await loadOverrides(initialLocale());
  document.documentElement.lang = initialLocale();
  createRoot(element).render(
    <StrictMode>
      <App config={config} />
    </StrictMode>,
  );
}

boot().catch((error) => {
  console.error('boot error', error);
});
