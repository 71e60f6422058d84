import { expect, test } from '@playwright/test';
import { DEMO, saveScreenshot, signInWithStoredSession, userMenuButton, signOutThroughMenu } from './helpers';

test('switch Italian -> English from the user menu; the choice survives reload and sign-out; back to Italian on the sign-in page', async ({ page }) => {
  await signInWithStoredSession(page, DEMO.admin);
  await page.goto('/users');
  await expect(page.getByRole('menuitem', { name: 'Utenti', exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');

  await userMenuButton(page).click();
  await page.getByTestId('language-en').click();
  await expect(page.getByRole('menuitem', { name: 'Users', exact: true })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Email' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await saveScreenshot(page, 'shell-language-en');

  // Persisted: a reload keeps English.
  await page.reload();
  await expect(page.getByRole('menuitem', { name: 'Users', exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // Signing out keeps the language preference (only the session is cleared).
  await signOutThroughMenu(page);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  await page.getByTestId('language-it').click();
  await expect(page.getByRole('heading', { name: 'Accedi' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Accedi' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await saveScreenshot(page, 'shell-language');
});
