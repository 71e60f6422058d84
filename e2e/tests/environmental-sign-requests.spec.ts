import { expect, test } from '@playwright/test';
import { DEMO, api, apiSignIn, saveScreenshot, signInWithStoredSession } from './helpers';
import { scaled } from './time-scale';

type TSignRequest = { _id: string; status: string; signerName: string; remindedAt: string | null };

/*
 * The consortium's sign-request list: the pending requests of every report, reminded in bulk; a second
 * reminder within the hour is refused row by row, with the reason in Italian, and nothing is half done.
 */
test('the consortium reminds the pending signers in bulk from the sign-request list; a second reminder within the hour is refused per row', async ({ page }) => {
  test.setTimeout(scaled(180_000));
  const consortium = await apiSignIn(page.request, DEMO.consortium);
  const pending = await api<TSignRequest[]>(page.request, 'GET', '/api/sign-requests?status=pending&limit=100', { token: consortium.token });
  expect(pending.length).toBeGreaterThan(0);

  await signInWithStoredSession(page, DEMO.consortium);
  await page.setViewportSize({ width: 1366, height: 768 });
  // From the menu: the list opens on the pending requests.
  await page.goto('/dashboard');
  await page.locator('[data-testid^="menu-group-"] a[href="/sign-requests"]').click();
  await expect(page).toHaveURL(/\/sign-requests(\?.*)?$/);
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(pending.length, { timeout: scaled(30_000) });
  await expect(rows.first()).toContainText(pending[0].signerName);

  const selectPage = () => expect(async () => await page.locator('thead input[type="checkbox"]').check()).toPass({ timeout: scaled(30_000) });
  await selectPage();
  const toolbar = page.getByTestId('bulk-actions');
  await expect(toolbar.getByTestId('bulk-remind')).toBeVisible();
  await expect(toolbar.getByTestId('bulk-delete')).toHaveCount(0);
  await toolbar.getByTestId('bulk-remind').click();
  await page.getByRole('dialog').getByTestId('bulk-confirm').click();
  const result = page.getByTestId('bulk-result');
  await expect(result).toContainText(`${pending.length} eseguite, 0 rifiutate`, { timeout: scaled(30_000) });
  await page.getByTestId('bulk-result-close').click();
  for (const request of pending) expect((await api<TSignRequest>(page.request, 'GET', `/api/sign-requests/${request._id}`, { token: consortium.token })).remindedAt).not.toBeNull();

  // Again within the hour: every row refused, and why, in Italian.
  await selectPage();
  await page.getByTestId('bulk-remind').click();
  await page.getByRole('dialog').getByTestId('bulk-confirm').click();
  await expect(result).toContainText(`0 eseguite, ${pending.length} rifiutate`, { timeout: scaled(30_000) });
  await expect(result).toContainText('Il firmatario è già stato sollecitato nell’ultima ora');
  await expect(result).toContainText(pending[0].signerName);
  await saveScreenshot(page, 'sign-requests-bulk-refused');
  await page.getByTestId('bulk-result-close').click();

  // A row opens the request's page, with its report and its history.
  await rows.first().click();
  await expect(page).toHaveURL(/\/sign-requests\/[^/]+\/show$/);
  await expect(page.getByTestId('sign-request-report')).toBeVisible({ timeout: scaled(30_000) });
});

test('/declarations/{id}/show opens the declaration page itself', async ({ page }) => {
  test.setTimeout(scaled(90_000));
  const city = await apiSignIn(page.request, DEMO.city);
  const [declaration] = await api<{ _id: string }[]>(page.request, 'GET', '/api/declarations?year=2025&limit=1', { token: city.token });
  await signInWithStoredSession(page, DEMO.city);
  await page.addInitScript(() => window.localStorage.setItem('backoffice.year', JSON.stringify(2025)));
  await page.goto(`/declarations/${declaration._id}/show`);
  await expect(page).toHaveURL(new RegExp(`/declarations/${declaration._id}$`), { timeout: scaled(30_000) });
  await expect(page.getByRole('tab').first()).toBeVisible({ timeout: scaled(30_000) });
});
