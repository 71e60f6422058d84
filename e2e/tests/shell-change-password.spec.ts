import { expect, test, type Locator } from '@playwright/test';
import { apiSignIn, basicAuth, createAccount, latestMail, saveScreenshot, signInThroughPage, userMenuButton, api, DEMO } from './helpers';

/** The rendered colour of each checklist rule's icon, keyed by rule, with whether the rule is met. */
async function checklistState(checklist: Locator) {
  return checklist.locator('[data-rule]').evaluateAll((items) =>
    items.map((item) => ({
      rule: item.getAttribute('data-rule'),
      met: item.getAttribute('data-met') === 'true',
      color: getComputedStyle(item.querySelector('svg')!).color,
    })),
  );
}

function rgb(color: string) {
  const [r, g, b] = (color.match(/\d+/g) ?? []).map(Number);
  return { r, g, b };
}
const isRed = (color: string) => rgb(color).r > rgb(color).g + 50;
const isGreen = (color: string) => rgb(color).g > rgb(color).r + 50;

test('the change-password dialog: live checklist, Confirm disabled while invalid, not dismissed by clicking outside, wrong old password, success', async ({ page }) => {
  const account = await createAccount(page.request, 'changepw');
  const newPassword = 'Cambiata2025';
  await signInThroughPage(page, account.email, account.password);

  await userMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Cambia password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cambia password' });
  await expect(dialog).toBeVisible();
  const confirm = dialog.getByRole('button', { name: 'Conferma' });
  const checklist = dialog.getByTestId('password-checklist');

  // Four rules, none met and none red before typing (nothing is wrong yet); Confirm disabled.
  let state = await checklistState(checklist);
  expect(state.map((s) => s.rule)).toHaveLength(4);
  for (const item of state) {
    expect(item.met).toBe(false);
    expect(isRed(item.color), `${item.rule} is not red before typing: ${item.color}`).toBe(false);
  }
  await expect(confirm).toBeDisabled();

  // Lowercase and digit met, length and uppercase not: two green, two red.
  await dialog.getByLabel('Vecchia password').fill(account.password);
  await dialog.getByLabel('Nuova password').fill('abc1');
  state = await checklistState(checklist);
  expect(state.filter((s) => s.met)).toHaveLength(2);
  for (const item of state) expect(item.met ? isGreen(item.color) : isRed(item.color), `${item.rule} ${item.met} ${item.color}`).toBe(true);
  await expect(dialog.getByText('Lunghezza minima 8').first()).toBeVisible();
  await expect(confirm).toBeDisabled();

  // Every rule met, but the confirmation differs: still disabled, with the message.
  await dialog.getByLabel('Nuova password').fill(newPassword);
  await dialog.getByLabel('Conferma password').fill(`${newPassword}x`);
  state = await checklistState(checklist);
  for (const item of state) expect(item.met && isGreen(item.color), `${item.rule} ${item.color}`).toBe(true);
  await expect(dialog.getByText('Le password devono coincidere')).toBeVisible();
  await expect(confirm).toBeDisabled();

  // Clicking outside the dialog (on the backdrop) does not close it.
  await page.mouse.click(20, 700);
  await expect(dialog).toBeVisible();

  // The show/hide toggle reveals the typed password.
  const newField = dialog.getByLabel('Nuova password');
  await expect(newField).toHaveAttribute('type', 'password');
  await dialog
    .getByRole('button', { name: /mostra|show/i })
    .nth(1)
    .click();
  await expect(newField).toHaveAttribute('type', 'text');

  // A wrong old password: error notice, the dialog stays open.
  await dialog.getByLabel('Conferma password').fill(newPassword);
  await dialog.getByLabel('Vecchia password').fill('Sbagliata2025');
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(page.getByText('Non è stato possibile modificare la password')).toBeVisible();
  await expect(dialog).toBeVisible();
  await saveScreenshot(page, 'shell-change-password-dialog');

  // The right old password: success notice, the dialog closes, the new password signs in.
  await dialog.getByLabel('Vecchia password').fill(account.password);
  await confirm.click();
  await expect(page.getByText('Password modificata')).toBeVisible();
  await expect(dialog).toBeHidden();
  await saveScreenshot(page, 'shell-change-password');
  expect((await page.request.post('/api/auth', { headers: { authorization: basicAuth(account.email, account.password) } })).status()).toBe(401);
  await apiSignIn(page.request, account.email, newPassword);
});

test('an invited user chooses the first password from the single-use link of the invitation; no password travels by e-mail', async ({ page }) => {
  const { token } = await apiSignIn(page.request, DEMO.admin);
  const email = `e2e.invited.${Date.now().toString(36)}@example.com`;
  await api(page.request, 'POST', '/api/users', { token, body: { email, name: 'Tina', surname: 'Invitata', role: 'user' }, expectStatus: 201 });
  const mail = await latestMail(page.request, email, 'invite');
  expect(mail.text).not.toMatch(/password temporanea|temporary password/i);
  const link = mail.text.match(/https?:\/\/\S+\/on-boarding\/reset-password\/\S+/)?.[0];
  expect(link, mail.text).toBeTruthy();

  await page.goto(new URL(link!).pathname);
  await page.getByLabel('Nuova password').fill('Definitiva2025');
  await page.getByLabel('Conferma password').fill('Definitiva2025');
  await page.getByRole('button', { name: 'Salva la password' }).click();
  await expect(page).toHaveURL(/\/on-boarding\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Definitiva2025');
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page).toHaveURL(/\/structures$/);
  // No change-password prompt: the password is the user's own.
  await expect(page.getByRole('dialog', { name: 'Cambia password' })).toHaveCount(0);
  await saveScreenshot(page, 'shell-change-password-invited');
});
