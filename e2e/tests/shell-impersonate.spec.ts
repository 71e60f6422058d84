import { expect, test } from '@playwright/test';
import { DEMO, api, saveScreenshot, signInWithStoredSession, userMenuButton } from './helpers';

test('an admin acts as a hotelier (acting-as bar) and comes back to the own account', async ({ page }) => {
  const admin = await signInWithStoredSession(page, DEMO.admin);
  const [hotelier] = await api(page.request, 'GET', '/api/users?email=hotelier2@demo.test', { token: admin.token });

  await page.goto(`/users/${hotelier._id}`);
  await page.getByTestId('impersonate').click();

  // The hotelier's home, the hotelier's name in the app bar, and the bar saying who is acting.
  await expect(page).toHaveURL(/\/structures$/);
  const bar = page.getByTestId('impersonation-bar');
  await expect(bar).toContainText('Stai operando come Paolo Pensione (hotelier2@demo.test, Albergatore)');
  await expect(userMenuButton(page)).toHaveText('Paolo Pensione');
  // The hotelier's data: their structures, not the other hotelier's only ones.
  await expect(page.getByRole('row').filter({ hasText: 'Hotel Summit' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Hotel Serapo' })).toHaveCount(0);
  // Admin-only screens are out of reach while acting as the hotelier.
  await expect(page.getByRole('menuitem', { name: 'Utenti' })).toHaveCount(0);
  await saveScreenshot(page, 'shell-impersonate');

  // The bar survives a reload (the session is stored).
  await page.reload();
  await expect(bar).toBeVisible();

  await bar.getByRole('button', { name: 'Torna al mio account' }).click();
  await expect(page).toHaveURL(/\/users(\?.*)?$/);
  await expect(bar).toHaveCount(0);
  await expect(userMenuButton(page)).toHaveText('Anna Amministratrice');
  await expect(page.getByRole('row').filter({ hasText: DEMO.city })).toBeVisible();
  await saveScreenshot(page, 'shell-impersonate-back');
});
