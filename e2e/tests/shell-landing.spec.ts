import { expect, test, type Page } from '@playwright/test';
import { DEMO, saveScreenshot, signInThroughPage, signInWithStoredSession } from './helpers';

/*
 * What the landing pages fetch (issue 24): the consortium's dashboard shows its figures without the
 * date pickers or the zod schemas, and its charts arrive afterwards in their own chunk, in the space
 * kept for them; a stored session opens a deep link where it points.
 */

/** The names of the script files the page requests (Vite's chunk names, before the hash). */
function scriptNames(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') names.push(new URL(request.url()).pathname.split('/').pop() ?? '');
  });
  return names;
}

const chunk = (names: string[], name: string) => names.filter((file) => file.startsWith(`${name}-`));

test('the consortium signs in from the address and its dashboard loads without the date pickers or zod, the charts after the figures', async ({ page }) => {
  const names = scriptNames(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/on-boarding\/login$/);
  await signInThroughPage(page, DEMO.consortium);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('env-count-lots')).not.toHaveText('—');
  // The NCA charts are drawn (the chart library came in its own chunk) where their placeholders were.
  const byStatus = page.getByTestId('nca-by-status').locator('svg').first();
  await expect(byStatus).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(chunk(names, 'BarChartView')).toHaveLength(1);
  expect(chunk(names, 'vendor-dates')).toEqual([]);
  expect(chunk(names, 'schemas')).toEqual([]);
  expect(chunk(names, 'en')).toEqual([]);
  await saveScreenshot(page, 'shell-landing-consortium-dashboard');
});

test('with a stored session a deep link opens its page, and the address opens the landing page', async ({ page }) => {
  await signInWithStoredSession(page, DEMO.consortium);
  await page.goto('/nca-reports');
  await expect(page).toHaveURL(/\/nca-reports(\?.*)?$/);
  await expect(page.getByTestId('app-name')).toBeVisible();
  await expect(page.locator('table tbody tr, .MuiList-root li').first()).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('env-count-lots')).not.toHaveText('—');
});
