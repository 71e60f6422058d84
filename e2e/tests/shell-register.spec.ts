import { expect, test } from '@playwright/test';
import { DEMO, api, apiSignIn, latestMail, linkIn, saveScreenshot, signOutThroughMenu, uniqueSuffix, userMenuButton } from './helpers';

test('register, confirm the e-mail from the outbox link, sign out and sign in again', async ({ page }) => {
  const email = `e2e.register.${uniqueSuffix()}@example.com`;
  const password = 'Nuova2025x';

  await page.goto('/on-boarding/login');
  await page.getByRole('link', { name: 'Non hai un account? Registrati' }).click();
  await expect(page).toHaveURL(/\/on-boarding\/register$/);

  // Client-side rules first: a weak password and a different confirmation are refused before any call.
  await page.getByLabel('Nome', { exact: true }).fill('Elena');
  await page.getByLabel('Cognome').fill('Registrata');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('debole');
  await page.getByLabel('Conferma password').fill('diversa');
  await page.getByRole('button', { name: 'Registrati' }).click();
  await expect(page.locator('.MuiFormHelperText-root', { hasText: 'Lunghezza minima 8' })).toBeVisible();
  await expect(page.getByText('Le password devono coincidere')).toBeVisible();
  await expect(page).toHaveURL(/\/on-boarding\/register$/);

  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Conferma password').fill(password);
  await page.getByRole('button', { name: 'Registrati' }).click();
  // Registration signs in at once; a new account has role user (hotelier) and lands on structures.
  await expect(page).toHaveURL(/\/structures$/);
  await expect(page.getByText('Registrazione completata.')).toBeVisible();
  await expect(userMenuButton(page)).toHaveText('Elena Registrata');

  const { token: adminToken } = await apiSignIn(page.request, DEMO.admin);
  const findUser = async () => (await api(page.request, 'GET', `/api/users?email=${encodeURIComponent(email)}`, { token: adminToken }))[0];
  expect(await findUser()).toMatchObject({ email, role: 'user', isConfirmed: false });

  // Sign out through the user menu.
  await signOutThroughMenu(page);
  expect(await page.evaluate(() => localStorage.getItem('backoffice.session'))).toBeNull();

  // The confirmation link of the e-mail confirms the address and leads to the sign-in page.
  const mail = await latestMail(page.request, email, 'confirmEmail');
  const link = linkIn(mail.text);
  expect(link).toContain('/api/auth/confirm/');
  await page.goto(link);
  await expect(page).toHaveURL(/\/on-boarding\/login\?confirmed=1$/);
  await expect(page.getByTestId('email-confirmed')).toBeVisible();
  expect(await findUser()).toMatchObject({ isConfirmed: true });
  // A used link does not confirm twice.
  await page.goto(link);
  await expect(page).toHaveURL(/\/on-boarding\/login\?confirmed=0$/);
  await expect(page.getByTestId('email-not-confirmed')).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page).toHaveURL(/\/structures$/);
  await expect(userMenuButton(page)).toHaveText('Elena Registrata');
  await saveScreenshot(page, 'shell-register');
});

test('registering an e-mail that already has an account shows the error and stays', async ({ page }) => {
  await page.goto('/on-boarding/register');
  await page.getByLabel('Nome', { exact: true }).fill('Doppio');
  await page.getByLabel('Cognome').fill('Account');
  await page.getByLabel('Email').fill(DEMO.hotelier);
  await page.getByLabel('Password', { exact: true }).fill('Nuova2025x');
  await page.getByLabel('Conferma password').fill('Nuova2025x');
  await page.getByRole('button', { name: 'Registrati' }).click();
  await expect(page.getByText('Questa email è già in uso.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/on-boarding\/register$/);
  await saveScreenshot(page, 'shell-register-duplicate');
});
