import { expect, test, type Page } from '@playwright/test';
import { DEMO, api, apiSignIn, saveScreenshot, signInWithStoredSession, uniqueSuffix } from './helpers';
import { scaled } from './time-scale';

type TView = { _id: string; name: string; visibility: string; role: string | null; isDefault: boolean; params: { filter: Record<string, unknown>; columns?: string[] } };

const addressHeader = (page: Page) => page.getByRole('columnheader', { name: 'Indirizzo' });

test('a comune user chooses columns, finds them after a reload, saves and shares a view, and opens the list with it', async ({ page }) => {
  test.setTimeout(scaled(240_000));
  const city = await signInWithStoredSession(page, DEMO.city);
  const name = `Vista e2e ${uniqueSuffix()}`;

  await page.goto('/structures');
  // The first load of the app may take long on a busy machine.
  await expect(addressHeader(page)).toBeVisible({ timeout: scaled(45_000) });

  // Hide a column with the chooser: the choice stays after a reload (per user, in the browser's store).
  await page.getByTestId('list-columns').click();
  const chooser = page.locator('.MuiPopover-paper').filter({ has: page.getByText('Indirizzo', { exact: true }) });
  await chooser.getByLabel('Indirizzo', { exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(addressHeader(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('columnheader', { name: 'CIN' })).toBeVisible({ timeout: scaled(45_000) });
  await expect(addressHeader(page)).toHaveCount(0);

  // Filter the list, then save the view, shared with the comune's colleagues and as the default.
  await page.getByPlaceholder(/Cerca/).first().fill('Serapo');
  await expect(page).toHaveURL(/Serapo/);
  await page.getByTestId('saved-views-button').click();
  await page.getByTestId('saved-views-save').click();
  await page.getByTestId('saved-view-name').fill(name);
  await page.getByLabel('Chi la vede').click();
  await page.getByRole('option', { name: /I miei colleghi/ }).click();
  await page.getByLabel('Aprire questo elenco con questa vista').check();
  await saveScreenshot(page, 'saved-views-save-dialog-it');
  await page.getByTestId('saved-view-confirm').click();
  await expect(page.getByText(`Vista «${name}» salvata`)).toBeVisible();

  // The server kept it shared with the role, with the filter and the visible columns.
  const [saved] = await api<TView[]>(page.request, 'GET', `/api/saved-views?name=${encodeURIComponent(name)}`, { token: city.token });
  expect(saved).toMatchObject({ visibility: 'role', role: 'city', isDefault: true, params: { filter: { q: 'Serapo' } } });
  expect(saved.params.columns).toContain('name');
  expect(saved.params.columns).not.toContain('address');
  // Another comune's staff never read it.
  const otherComune = await apiSignIn(page.request, 'city2@demo.test');
  expect(await api<TView[]>(page.request, 'GET', `/api/saved-views?name=${encodeURIComponent(name)}`, { token: otherComune.token })).toHaveLength(0);

  // Reset: the list's own filters and columns.
  await page.getByTestId('saved-views-button').click();
  await page.getByTestId('saved-views-reset').click();
  await expect(addressHeader(page)).toBeVisible();
  await expect(page).not.toHaveURL(/Serapo/);

  // Applying the view brings back the filter and the columns.
  await page.getByTestId('saved-views-button').click();
  await page.getByTestId('saved-view').filter({ hasText: name }).click();
  await expect(page).toHaveURL(/Serapo/);
  await expect(addressHeader(page)).toHaveCount(0);

  // Opening the list without parameters applies the default view.
  await page.goto('/dashboard');
  await page.goto('/structures');
  await expect(page).toHaveURL(/Serapo/, { timeout: scaled(45_000) });
  await page.getByTestId('saved-views-button').click();
  await expect(page.getByTestId('saved-view').filter({ hasText: name })).toContainText('Predefinita');
  await saveScreenshot(page, 'saved-views-menu-it');
  await page.keyboard.press('Escape');

  // The owner deletes it.
  await page.getByTestId('saved-views-button').click();
  await page.getByTestId('saved-view').filter({ hasText: name }).getByTestId('saved-view-delete').click();
  await expect(page.getByText('Vista eliminata')).toBeVisible();
  expect(await api<TView[]>(page.request, 'GET', `/api/saved-views?name=${encodeURIComponent(name)}`, { token: city.token })).toHaveLength(0);
});
