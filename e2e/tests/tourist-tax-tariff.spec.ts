import { fillDate } from './helpers';
import { expect, test } from '@playwright/test';
import { chooseOption, saveScreenshot, signIn } from './tourist-tax-support';

test('a city user sets up a tariff of the comune', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'city@demo.test');
  await page.goto('/tariffs');
  await expect(page.locator('tbody tr', { hasText: /Tariffa base/ }).first()).toBeVisible({ timeout: 30_000 });

  await page.getByRole('link', { name: 'Crea' }).click();
  await expect(page).toHaveURL(/\/tariffs\/create$/);

  // Client-side validation mirrors the server: required name, at most two decimals.
  await page.getByLabel('Importo per notte (€)').fill('1.255');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Campo obbligatorio').first()).toBeVisible();
  await expect(page.getByText('Al massimo due decimali')).toBeVisible();

  await page.getByLabel('Nome').fill('Tariffa e2e 2028');
  await page.getByLabel('Importo per notte (€)').fill('1.25');
  await chooseOption(page, 'Tipologia struttura', 'Albergo');
  await chooseOption(page, 'Classificazione', '5 stelle');
  await fillDate(page, 'Valida dal', '2028-01-01');
  await fillDate(page, 'Valida al', '2028-12-31');
  await page.getByLabel('Max notti').fill('7');
  await page.getByRole('button', { name: 'Salva' }).click();

  await expect(page).toHaveURL(/\/tariffs$/);
  await page.getByPlaceholder('Cerca per nome').fill('Tariffa e2e');
  const row = page.locator('tbody tr', { hasText: /Tariffa e2e 2028/ });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText('1,25 €');
  await expect(row).toContainText('5 stelle');
  await expect(row).toContainText('01/01/2028');

  // A second tariff of the same scope and period is refused by the server; the message is shown.
  await page.goto('/tariffs/create');
  await page.getByLabel('Nome').fill('Tariffa e2e doppia');
  await page.getByLabel('Importo per notte (€)').fill('2');
  await chooseOption(page, 'Tipologia struttura', 'Albergo');
  await chooseOption(page, 'Classificazione', '5 stelle');
  await fillDate(page, 'Valida dal', '2028-06-01');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText(/si sovrappone a un’altra tariffa/)).toBeVisible();
  await expect(page.getByText(/Overlaps tariff "Tariffa e2e 2028"/)).toBeVisible();

  await page.goto('/tariffs');
  await page.getByPlaceholder('Cerca per nome').fill('Tariffa e2e');
  await expect(page.locator('tbody tr', { hasText: /Tariffa e2e 2028/ })).toBeVisible();
  await saveScreenshot(page, 'tourist-tax-tariff');
});
