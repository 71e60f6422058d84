import { expect, test } from '@playwright/test';
import { DEMO, api, apiSignIn, saveScreenshot, signInWithStoredSession } from './helpers';
import { scaled } from './time-scale';

test('the comune generates a year with deadlines as its regulation writes them, moved to the next working day', async ({ page }) => {
  test.setTimeout(scaled(120_000));
  const year = 2028;
  const city = await apiSignIn(page.request, DEMO.city);
  for (const template of await api<{ _id: string }[]>(page.request, 'GET', `/api/declaration-templates?year=${year}`, { token: city.token })) {
    await api(page.request, 'DELETE', `/api/declaration-templates/${template._id}`, { token: city.token });
  }
  await signInWithStoredSession(page, DEMO.city);
  await page.addInitScript((value) => {
    if (!window.sessionStorage.getItem('e2e.yearPlanted')) {
      window.localStorage.setItem('backoffice.year', value);
      window.sessionStorage.setItem('e2e.yearPlanted', '1');
    }
  }, String(year));
  await page.goto('/declaration-templates');
  await page.getByTestId('generate-year').click();
  const dialog = page.getByRole('dialog');

  // "Entro il 16 del mese successivo al trimestre": 16 April 2028 is Easter Sunday, 17 Easter Monday -> 18 April.
  await dialog.getByLabel('Scadenza di presentazione').click();
  await page.getByRole('option', { name: 'Un giorno del mese successivo' }).click();
  await dialog.getByLabel('Giorno del mese').fill('16');
  // Payment "entro la fine del mese successivo": 30 April is a Sunday, 1 May a holiday -> 2 May.
  await dialog.getByLabel('Scadenza di versamento').click();
  await page.getByRole('option', { name: 'Entro la fine del mese successivo' }).click();
  const preview = dialog.getByTestId('generate-preview');
  await expect(preview.locator('tbody tr').first()).toContainText('18/04/2028');
  await expect(preview.locator('tbody tr').first()).toContainText('02/05/2028');
  await expect(preview.locator('tbody tr').nth(1)).toContainText('17/07/2028');
  await saveScreenshot(page, 'filings-deadlines-generate');

  // Without the working-day rule the dates are the ones the regulation writes.
  await dialog.getByLabel(/slitta al primo giorno lavorativo/).uncheck();
  await expect(preview.locator('tbody tr').first()).toContainText('16/04/2028');
  await dialog.getByLabel(/slitta al primo giorno lavorativo/).check();
  await dialog.getByTestId('generate-confirm').click();
  await expect(page.getByText('4 periodi creati', { exact: false })).toBeVisible();

  const saved = await api<{ periodName: string; submitBy: string; payBy: string; dateFrom: string }[]>(page.request, 'GET', `/api/declaration-templates?year=${year}`, { token: city.token });
  saved.sort((a, b) => (a.dateFrom < b.dateFrom ? -1 : 1));
  expect(saved.map((t) => [t.dateFrom, t.submitBy, t.payBy])).toEqual([
    ['2028-01-01', '2028-04-18', '2028-05-02'],
    ['2028-04-01', '2028-07-17', '2028-07-31'],
    ['2028-07-01', '2028-10-16', '2028-10-31'],
    ['2028-10-01', '2029-01-16', '2029-01-31'],
  ]);
});
