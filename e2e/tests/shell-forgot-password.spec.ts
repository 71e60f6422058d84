import { expect, test } from '@playwright/test';
import { apiSignIn, basicAuth, latestMail, linkIn, createAccount, saveScreenshot, userMenuButton } from './helpers';
import { scaled } from './time-scale';

test('forgot the password: bot-check solved in the browser, reset link from the outbox, sign in with the new password', async ({ page }) => {
  test.setTimeout(scaled(240_000));
  const account = await createAccount(page.request, 'forgot');
  const newPassword = 'Ritrovata2025';

  await page.goto('/on-boarding/login');
  await page.getByRole('link', { name: 'Password dimenticata?' }).click();
  await expect(page).toHaveURL(/\/on-boarding\/forgot-password$/);
  // The page is loaded on demand: until it renders, the sign-in form (with its own Email field) stays on screen.
  await expect(page.getByRole('heading', { name: 'Recupero password' })).toBeVisible();
  await page.getByLabel('Email').fill(account.email);

  // The request needs a solved altcha challenge: the button stays disabled until the widget verifies.
  const submit = page.getByRole('button', { name: 'Invia il link' });
  await expect(submit).toBeDisabled();
  const botCheck = page.getByTestId('bot-check');
  await expect(botCheck).toBeVisible();
  // The widget draws its own tick over the native checkbox: click the checkbox's label, as a person would.
  await botCheck.locator('label').filter({ hasText: /robot/i }).click();
  // Proof of work in Web Workers: seconds on an idle machine, much longer on a busy one.
  await expect(submit).toBeEnabled({ timeout: 150_000 });
  await submit.click();
  await expect(page.getByTestId('forgot-password-sent')).toBeVisible();

  const mail = await latestMail(page.request, account.email, 'resetPassword');
  const link = linkIn(mail.text);
  expect(link).toMatch(/\/on-boarding\/reset-password\/[^/]+$/);
  await page.goto(link);

  // The new password follows the policy and must be typed twice.
  await page.getByLabel('Nuova password').fill('corta');
  await page.getByLabel('Conferma password').fill('corta');
  await expect(page.locator('.MuiFormHelperText-root', { hasText: 'Lunghezza minima 8' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salva la password' })).toBeDisabled();
  await page.getByLabel('Nuova password').fill(newPassword);
  await page.getByLabel('Conferma password').fill(newPassword);
  await page.getByRole('button', { name: 'Salva la password' }).click();
  await expect(page).toHaveURL(/\/on-boarding\/login$/);
  await expect(page.getByText('Password salvata: ora puoi accedere.')).toBeVisible();

  // The old password no longer works; the new one does; the link is spent.
  const old = await page.request.post('/api/auth', { headers: { authorization: basicAuth(account.email, account.password) } });
  expect(old.status()).toBe(401);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page).toHaveURL(/\/structures$/);
  await expect(userMenuButton(page)).toHaveText('Prova forgot');
  await saveScreenshot(page, 'shell-forgot-password');

  const reuse = await page.request.post('/api/auth/reset-password', { data: { token: link.split('/').pop(), password: 'Altra2025xx' } });
  expect(reuse.status()).toBe(400);
  await apiSignIn(page.request, account.email, newPassword);
});

test('the forgot-password request without a solved bot-check is refused by the API', async ({ request }) => {
  const response = await request.post('/api/auth/forgot-password', { data: { email: 'hotelier@demo.test' } });
  expect(response.status()).toBe(400);
  expect((await response.json()).code).toBe('BOT_CHECK_FAILED');
});
