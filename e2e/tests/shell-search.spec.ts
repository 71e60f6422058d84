import { expect, test } from '@playwright/test';
import { DEMO, saveScreenshot, signInWithStoredSession } from './helpers';

test('admin multi-tenant search: three letters needed, hoteliers and municipalities tabs, a hotelier opens its detail', async ({ page }) => {
  await signInWithStoredSession(page, DEMO.admin);
  await page.goto('/search');
  const input = page.getByTestId('search-input');
  await input.fill('al');
  await expect(page.getByText('Digita almeno 3 lettere')).toBeVisible();
  await expect(page.getByTestId('search-results')).toHaveCount(0);

  await input.fill('albergatr');
  const results = page.getByTestId('search-results');
  await expect(results.getByRole('row').filter({ hasText: DEMO.hotelier })).toBeVisible();
  await expect(results.getByRole('row')).toHaveCount(2); // header + Giulia Albergatrice
  await saveScreenshot(page, 'shell-search');

  await page.getByRole('tab', { name: 'Comuni' }).click();
  await input.fill('gaeta');
  await expect(results.getByRole('row').filter({ hasText: 'Comune di Gaeta' })).toBeVisible();
  await expect(results.getByRole('row').filter({ hasText: 'Comune di Formia' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Albergatori' }).click();
  await input.fill('hotelier2@demo');
  await results.getByRole('row').filter({ hasText: 'hotelier2@demo.test' }).click();
  await expect(page).toHaveURL(/\/users\/[0-9a-f-]{36}$/);
  await expect(page.locator('input[name="email"]')).toHaveValue('hotelier2@demo.test');
});

test('the search page is for admins only', async ({ page }) => {
  await signInWithStoredSession(page, DEMO.city);
  await page.goto('/search');
  await expect(page.getByRole('heading', { level: 1, name: 'Accesso non consentito' })).toBeVisible();
  await expect(page.getByTestId('search-input')).toHaveCount(0);
});
