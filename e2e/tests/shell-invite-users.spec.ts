import { expect, test, type Page } from '@playwright/test';
import { DEMO, api, apiSignIn, saveScreenshot, signInWithStoredSession, uniqueSuffix } from './helpers';

const field = (page: Page, row: number, name: string) => page.locator(`input[name="users.${row}.${name}"]`);

test('invite two users where one row is refused: the error shows on that row and nobody is created; fixed, both are invited', async ({ page }) => {
  const suffix = uniqueSuffix();
  const good = `e2e.invite.good.${suffix}@example.com`;
  const fixed = `e2e.invite.fixed.${suffix}@example.com`;
  const { token } = await apiSignIn(page.request, DEMO.admin);
  const usersWithEmail = async (email: string) => api<unknown[]>(page.request, 'GET', `/api/users?email=${encodeURIComponent(email)}`, { token });

  await signInWithStoredSession(page, DEMO.admin);
  await page.goto('/invite-users');
  await expect(page.getByText('Una riga per utente.', { exact: false })).toBeVisible();

  await field(page, 0, 'email').fill(good);
  await field(page, 0, 'name').fill('Ivo');
  await field(page, 0, 'surname').fill('Invitato');
  await page.getByRole('button', { name: 'Aggiungi' }).click();
  // The second row reuses an address that already has an account: only the server can tell.
  await field(page, 1, 'email').fill(DEMO.hotelier);
  await field(page, 1, 'name').fill('Doppio');
  await field(page, 1, 'surname').fill('Indirizzo');
  await page.getByRole('button', { name: 'Invia gli inviti' }).click();

  await expect(page.getByText('Non è stato possibile creare gli utenti: controlla le righe evidenziate.')).toBeVisible();
  await expect(field(page, 1, 'email')).toHaveAttribute('aria-invalid', 'true');
  const control = (row: number, name: string) => page.locator('.MuiTextField-root').filter({ has: field(page, row, name) });
  await expect(control(1, 'email')).toContainText('Questa email è già in uso.');
  await expect(control(0, 'email')).not.toContainText('Questa email è già in uso.');
  await expect(field(page, 0, 'email')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/invite-users$/);
  await saveScreenshot(page, 'shell-invite-users-error');
  // All or nothing: the valid row was not created either.
  expect(await usersWithEmail(good)).toHaveLength(0);

  await field(page, 1, 'email').fill(fixed);
  await page.getByRole('button', { name: 'Invia gli inviti' }).click();
  await expect(page.getByText('2 utenti invitati')).toBeVisible();
  await expect(page).toHaveURL(/\/users(\?.*)?$/);
  // No password is generated: the invitation carries a single-use link to choose one.
  expect(await usersWithEmail(good)).toMatchObject([{ email: good, role: 'user', hasTemporaryPassword: false }]);
  expect(await usersWithEmail(fixed)).toMatchObject([{ email: fixed, name: 'Doppio' }]);
  await saveScreenshot(page, 'shell-invite-users');
});
