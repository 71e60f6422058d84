import { expect, test, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, saveScreenshot, seriousViolations, signOutThroughMenu } from './helpers';
import { scaled } from './time-scale';

/*
 * The onboarding pages (sign-in, first access, registration, password recovery and reset, invitation)
 * are a small app of their own: no react-admin, at most 200 KB of JavaScript on the wire, served
 * pre-compressed with immutable caching; axe finds nothing serious and each page has one <h1>.
 */

const WIRE_BUDGET = 200 * 1024;
// Strings only react-admin's code holds (its layout's class names, its own messages' keys): the
// sign-in page must load no script that contains them, and the admin app must (so the check can fail).
const REACT_ADMIN_MARKERS = /RaLayout|ra\.notification\.logged_out/;

type TScript = { path: string; body: string; wireBytes: number; encoding: string; cacheControl: string };

function collectScripts(page: Page): () => Promise<TScript[]> {
  const pending: Promise<TScript>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const body = (await response.body()).toString('utf8');
        await response.finished();
        const sizes = await response.request().sizes();
        const headers = await response.allHeaders();
        return { path: new URL(response.url()).pathname, body, wireBytes: sizes.responseBodySize, encoding: headers['content-encoding'] ?? 'identity', cacheControl: headers['cache-control'] ?? '' };
      })(),
    );
  });
  return () => Promise.all(pending);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

// What a signed-out visitor typing the site's address (or following a link to a page) meets: the
// sign-in page, with no more JavaScript than the sign-in page itself.
for (const typed of ['/', '/stays']) {
  test(`a signed-out visitor typing ${typed} lands on the sign-in page without react-admin`, async ({ page }) => {
    const scripts = collectScripts(page);
    await page.goto(typed, { waitUntil: 'networkidle' });
    await expect(page).toHaveURL(/\/on-boarding\/login$/);
    await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
    const loaded = await scripts();
    const wire = loaded.reduce((sum, script) => sum + script.wireBytes, 0);
    console.log(`${typed} signed out: ${loaded.length} scripts, ${kb(wire)} on the wire`);
    expect(loaded.filter((script) => REACT_ADMIN_MARKERS.test(script.body)).map((script) => script.path)).toEqual([]);
    expect(wire).toBeLessThanOrEqual(WIRE_BUDGET);
  });
}

test('the sign-in page loads no react-admin code and at most 200 KB of compressed JavaScript', async ({ page }) => {
  const scripts = collectScripts(page);
  await page.goto('/on-boarding/login', { waitUntil: 'networkidle' });
  await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
  const loaded = await scripts();
  const wire = loaded.reduce((sum, script) => sum + script.wireBytes, 0);
  console.log(`sign-in page: ${loaded.length} scripts, ${kb(wire)} on the wire: ${loaded.map((script) => `${script.path} ${kb(script.wireBytes)} ${script.encoding}`).join(', ')}`);
  expect(loaded.length).toBeGreaterThan(0);
  expect(loaded.filter((script) => REACT_ADMIN_MARKERS.test(script.body)).map((script) => script.path)).toEqual([]);
  expect(wire).toBeLessThanOrEqual(WIRE_BUDGET);
  for (const script of loaded) {
    // The build writes brotli copies of files of 1 KB and more.
    if (script.body.length >= 1024) expect(script.encoding, script.path).toBe('br');
    expect(script.cacheControl, script.path).toContain('immutable');
  }

  // Signing in fetches the admin app: its react-admin code arrives now, and the admin lands on the users list.
  const afterSignIn = collectScripts(page);
  await page.getByLabel('Email').fill(DEMO.admin);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('row').filter({ hasText: DEMO.city })).toBeVisible();
  expect((await afterSignIn()).some((script) => REACT_ADMIN_MARKERS.test(script.body))).toBe(true);

  // Signing out hands the page back to the onboarding part, which works again.
  await signOutThroughMenu(page);
  await expect(page).toHaveURL(/\/on-boarding\/login$/);
  await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
});

const PAGES = [
  { name: 'login', path: '/on-boarding/login', h1: { it: 'Accedi', en: 'Sign in' } },
  { name: 'first-access', path: '/on-boarding/first-access', h1: { it: 'Primo accesso', en: 'First access' } },
  { name: 'register', path: '/on-boarding/register', h1: { it: 'Registrazione', en: 'Register' } },
  { name: 'forgot-password', path: '/on-boarding/forgot-password', h1: { it: 'Recupero password', en: 'Password recovery' } },
  { name: 'reset-password', path: '/on-boarding/reset-password/not-a-real-token', h1: { it: 'Reimposta la password', en: 'Reset password' } },
  { name: 'accept-invite', path: '/on-boarding/accept-invite/not-a-real-token', h1: { it: 'Accetta l’invito', en: 'Accept the invitation' } },
] as const;

async function seriousFindings(page: Page): Promise<string[]> {
  return (await seriousViolations(page)).map((violation) => `${violation.impact} ${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

for (const language of ['it', 'en'] as const) {
  test(`onboarding pages in ${language === 'it' ? 'Italian' : 'English'}: one <h1>, no serious axe finding, laptop and phone`, async ({ page }) => {
    test.setTimeout(scaled(120_000));
    await page.addInitScript((locale) => window.localStorage.setItem('backoffice.locale', JSON.stringify(locale)), language);
    for (const { name, path, h1 } of PAGES) {
      for (const width of [1366, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 768 });
        await page.goto(path);
        await expect(page.locator('h1')).toHaveText(h1[language]);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        // The page fits the phone's width: nothing scrolls sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        expect(await seriousFindings(page), `${name} ${language} ${width}px`).toEqual([]);
        await saveScreenshot(page, `onboarding-${name}-${language}-${width}`);
      }
    }
  });
}
