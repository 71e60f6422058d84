import { expect, test } from '@playwright/test';
import { DEMO, api, apiSignIn, saveScreenshot, signInWithStoredSession } from './helpers';
import { scaled } from './time-scale';

type TDeclaration = { _id: string; status: string; code: string | null };

test('the comune validates the submitted declarations in bulk; validating validated ones is refused per row, with the reason', async ({ page }) => {
  test.setTimeout(scaled(180_000));
  const year = 2025;
  const city = await apiSignIn(page.request, DEMO.city);
  const submitted = await api<TDeclaration[]>(page.request, 'GET', `/api/declarations?year=${year}&status=submitted&limit=100`, { token: city.token });
  expect(submitted.length).toBeGreaterThan(0);

  await signInWithStoredSession(page, DEMO.city);
  await page.addInitScript((y) => window.localStorage.setItem('backoffice.year', JSON.stringify(y)), year);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`/declarations?filter=${encodeURIComponent(JSON.stringify({ status: 'submitted' }))}`);
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(submitted.length, { timeout: scaled(30_000) });

  // The header checkbox selects the page; the bulk toolbar offers the comune's action (validate) and nothing it cannot do.
  // The list may render again once its counts arrive: check until the selection holds.
  const selectPage = () => expect(async () => await page.locator('thead input[type="checkbox"]').check()).toPass({ timeout: scaled(30_000) });
  await selectPage();
  const toolbar = page.getByTestId('bulk-actions');
  await expect(toolbar.getByTestId('bulk-validate')).toBeVisible();
  await expect(toolbar.getByTestId('bulk-delete')).toHaveCount(0);
  await saveScreenshot(page, 'shell-bulk-selected');
  await toolbar.getByTestId('bulk-validate').click();
  const confirm = page.getByRole('dialog').filter({ hasText: `Applicare a ${submitted.length} righe?` });
  await expect(confirm).toBeVisible();
  await confirm.getByTestId('bulk-confirm').click();
  const result = page.getByTestId('bulk-result');
  await expect(result).toContainText(`${submitted.length} eseguite, 0 rifiutate`, { timeout: scaled(30_000) });
  await page.getByTestId('bulk-result-close').click();
  for (const declaration of submitted) {
    expect((await api<TDeclaration>(page.request, 'GET', `/api/declarations/${declaration._id}`, { token: city.token })).status).toBe('validated');
  }

  // The same action on declarations already validated: each is refused, the dialog says why in Italian.
  await page.goto(`/declarations?filter=${encodeURIComponent(JSON.stringify({ status: 'validated' }))}`);
  await expect(rows.first()).toBeVisible({ timeout: scaled(30_000) });
  await selectPage();
  await page.getByTestId('bulk-validate').click();
  await page.getByTestId('bulk-confirm').click();
  await expect(result).toContainText('0 eseguite', { timeout: scaled(30_000) });
  await expect(result).toContainText('Questo cambio di stato non è consentito.');
  await saveScreenshot(page, 'shell-bulk-result');
});
