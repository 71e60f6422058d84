import { expect, test, type Page, type Response } from '@playwright/test';
import { DEMO, seriousViolations, signInThroughPage, waitForQuiet, watchTraffic } from './helpers';
import { scaled } from './time-scale';

/*
 * The menu is derived from the access table: for every demo role, every entry it shows opens a
 * page whose API calls are all answered (no 403 from /api) and that shows no error toast, and so
 * does the first record of every list it shows (a record's page names other records, which the
 * role may not be allowed to read: those show nothing, never a refusal). The landing page after
 * sign-in is one the role may open. No page shows a message key as text (a text missing from the
 * messages the role loads). An administrator reads everything: its record pages are not walked.
 * Accessibility on the same visit of each menu page: axe finds no serious or critical violation and the
 * page has exactly one <h1> (one walk renders each page once for both; the entries are read from the
 * role's own sidebar, so a new screen is covered as soon as it is in the menu).
 */

// Each role's walk signs in on its own: they spread over the workers (the walks are the suite's longest tests).
test.describe.configure({ mode: 'parallel' });

const ROLES = [
  { role: 'admin', email: DEMO.admin, home: /\/users$/ },
  { role: 'city', email: DEMO.city, home: /\/structures$/ },
  { role: 'user', email: DEMO.hotelier, home: /\/structures$/ },
  { role: 'agency_user', email: DEMO.agency, home: /\/my-company$/ },
  { role: 'laboratory_user', email: DEMO.lab, home: /\/my-company$/ },
  { role: 'consortium_user', email: DEMO.consortium, home: /\/dashboard$/ },
] as const;

/**
 * Message keys shown as text: a key missing from the messages the role loads (each business area's texts come in a
 * chunk of their own, for the roles that work in the area) shows as its dotted name, e.g. `nca.tabs.actions`.
 */
const RAW_KEY =
  /\b(?:ra|resources|menu|common|touristTax|filings|environmental|nca|forms|envDashboard|pagopa|siatel|history|admin|errors|validation|bulk|live|roles|savedViews|mailOutbox|settings|rolesScreen|layout|users|dashboard)\.[a-zA-Z][\w-]*\.[a-zA-Z][\w.-]*\b/g;
async function rawKeysShown(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  return [...new Set(text.match(RAW_KEY) ?? [])];
}

/** What the page fails of accessibility: not exactly one non-empty <h1>, or axe's serious and critical violations. */
async function accessibilityProblems(page: Page, path: string): Promise<string[]> {
  const problems: string[] = [];
  await page
    .locator('.MuiCircularProgress-root')
    .first()
    .waitFor({ state: 'detached', timeout: 5000 })
    .catch(() => undefined);
  // The page names itself in the app bar's <h1> once its data has loaded: give it up to 5 s to settle.
  let headings: string[] = [];
  for (let tries = 0; tries < 10; tries++) {
    headings = await page.locator('h1').allTextContents();
    if (headings.length === 1 && headings[0].trim()) break;
    await page.waitForTimeout(500);
  }
  if (headings.length !== 1) problems.push(`${path}: ${headings.length} <h1>`);
  else if (!headings[0].trim()) problems.push(`${path}: an empty <h1>`);
  for (const violation of await seriousViolations(page)) {
    problems.push(
      `${path}: ${violation.impact} ${violation.id} (${violation.nodes
        .map((node) => node.target.join(' '))
        .slice(0, 3)
        .join(', ')})`,
    );
  }
  return problems;
}

/** The hrefs of the sidebar's entries, in order. */
async function menuPaths(page: Page): Promise<string[]> {
  const links = page.locator('[data-testid^="menu-group-"] a[href]');
  // The first render after sign-in can take seconds on a busy machine.
  await expect(links.first()).toBeVisible({ timeout: 30_000 });
  return links.evaluateAll((anchors) => anchors.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

for (const { role, email, home } of ROLES) {
  test(`${role}: every menu entry opens without a 403 from the API or an error toast, and passes axe`, async ({ page }) => {
    // The administrator's menu has about forty-five entries, each loaded and analysed by axe: over 90 s with two workers on two cores.
    test.setTimeout(scaled(600_000));
    const refused: string[] = [];
    const onResponse = (response: Response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/api/') && response.status() === 403) refused.push(`${response.request().method()} ${url.pathname}${url.search}`);
    };
    page.on('response', onResponse);

    // Every request of the walk is followed from the start, so each wait below sees those its click sent.
    watchTraffic(page);
    await signInThroughPage(page, email);
    await expect(page).toHaveURL(home);
    await waitForQuiet(page);
    expect(refused, `${role} landing page`).toEqual([]);
    expect(await rawKeysShown(page), `${role} landing page: message keys shown as text`).toEqual([]);

    const paths = await menuPaths(page);
    expect(paths.length).toBeGreaterThan(0);
    const inaccessible: string[] = [];
    for (const path of paths) {
      refused.length = 0;
      await page.locator(`[data-testid^="menu-group-"] a[href="${path}"]`).click();
      await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}(\\?.*)?$`));
      // Late queries (react-query) settled, and any toast they bring shown.
      await waitForQuiet(page);
      expect(refused, `${role} ${path}: API calls answered 403`).toEqual([]);
      await expect(page.locator('[data-testid="toast"][data-type="error"]'), `${role} ${path}: error toast`).toHaveCount(0);
      await expect(page.getByTestId('forbidden'), `${role} ${path}: forbidden page`).toHaveCount(0);
      expect(await rawKeysShown(page), `${role} ${path}: message keys shown as text`).toEqual([]);
      inaccessible.push(...(await accessibilityProblems(page, path)));

      // Visible rows only: a page may hold lists in tabs not shown (my company's NCA tab).
      const firstRow = page.locator('.RaDataTable-row.RaDataTable-clickableRow:visible').first();
      if (role === 'admin' || (await firstRow.count()) === 0) continue;
      await firstRow.click();
      await expect(page).not.toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}(\\?.*)?$`));
      await waitForQuiet(page);
      const record = new URL(page.url()).pathname;
      expect(refused, `${role} ${record}: API calls answered 403`).toEqual([]);
      await expect(page.locator('[data-testid="toast"][data-type="error"]'), `${role} ${record}: error toast`).toHaveCount(0);
      await expect(page.getByTestId('forbidden'), `${role} ${record}: forbidden page`).toHaveCount(0);
      expect(await rawKeysShown(page), `${role} ${record}: message keys shown as text`).toEqual([]);
    }
    page.off('response', onResponse);
    expect(inaccessible, `${role}: accessibility of the menu's pages`).toEqual([]);
  });
}
