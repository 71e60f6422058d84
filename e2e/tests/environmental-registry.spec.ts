import { expect, test } from '@playwright/test';
import { DEMO, latestMail, saveScreenshot, signInThroughPage } from './helpers';

/*
 * The consortium's registry end to end: a lot and an order are created through the screens, an
 * agency is registered and invited, the e-mailed link is accepted with a new password, and the new
 * supplier signs in to find only its own company and its own menu.
 */

/** A partita IVA with a valid check digit, different on every run. */
function partitaIva(): string {
  const body = `0${String(Date.now()).slice(-6)}058`;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let d = Number(body[i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return body + String((10 - (sum % 10)) % 10);
}

test('consortium creates a lot, an order and an agency; the invited manager accepts and sees only My company', async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  await signInThroughPage(page, DEMO.consortium);
  // The consortium lands on its dashboard: the registry's figures, no year selector (nothing of theirs depends on it).
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('environmental-dashboard')).toBeVisible();
  await expect(page.getByTestId('env-count-lots')).toHaveText('3');
  await expect(page.getByTestId('env-count-laboratories')).toHaveText('2');
  await expect(page.getByTestId('dashboard-part-touristTax')).toHaveCount(0);
  await expect(page.getByTestId('year-selector')).toHaveCount(0);
  await expect(page.getByTestId('menu-group-environmental')).toBeVisible();
  await expect(page.getByTestId('menu-group-touristTax')).toHaveCount(0);

  // A lot with a doubtful (PCP) CIG: saved, with the warning shown.
  await page.goto('/lots/create');
  await page.getByLabel('Nome').fill(`Lotto e2e ${stamp}`);
  await page.getByLabel('Codice', { exact: true }).fill(`E2E-${stamp}`);
  await page.getByLabel('CIG').fill('A015882CCE');
  await expect(page.getByTestId('lot-warnings')).toBeVisible();
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page).toHaveURL(/\/lots\/[0-9a-f-]{36}$/);

  // An agency of the registry, then invited.
  const vat = partitaIva();
  const manager = `manager-${stamp}@example.test`;
  await page.goto('/agencies/create');
  await page.getByLabel('Ragione sociale').fill(`Impresa e2e ${stamp}`);
  await page.getByLabel('Partita IVA').fill(vat);
  await page.getByLabel('Email del responsabile').fill(manager);
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page).toHaveURL(/\/agencies\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('invite-status')).toHaveText('Da invitare');
  await page.getByTestId('invite-invite').click();
  await expect(page.getByTestId('invite-status')).toHaveText('Invitata');

  // An order under the new lot for the new agency.
  await page.goto('/orders/create');
  await page.getByLabel('Nome').fill(`Ordine e2e ${stamp}`);
  await page.getByLabel('Lotto').fill(`Lotto e2e ${stamp}`);
  await page.getByRole('option', { name: `Lotto e2e ${stamp}` }).click();
  await page.getByLabel('Tipo').click();
  await page.getByRole('option', { name: 'Ordine di lavoro' }).click();
  await page.getByLabel('Imprese').fill(`Impresa e2e ${stamp}`);
  await page.getByRole('option', { name: `Impresa e2e ${stamp}` }).click();
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByText(`Ordine e2e ${stamp}`)).toBeVisible();

  // The manager opens the e-mailed link, signed out, and chooses a password.
  const mail = await latestMail(request, manager, 'companyInvite');
  const link = /\/on-boarding\/accept-invite\/[A-Za-z0-9_-]+/.exec(mail.text)![0];
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  await expect(page.getByTestId('accept-invite-form')).toBeVisible();
  await saveScreenshot(page, 'environmental-accept-invite');
  const password = 'Cantiere-2025!';
  await page.getByLabel('Nuova password').fill(password);
  await page.getByLabel('Conferma password').fill(password);
  await page.getByTestId('accept-invite-submit').click();
  await expect(page).toHaveURL(/\/on-boarding\/login/);

  // The new supplier: lands on My company, sees its own menu only, and the order given to it.
  await signInThroughPage(page, manager, password);
  await expect(page).toHaveURL(/\/my-company$/);
  await expect(page.getByText(`La mia azienda: Impresa e2e ${stamp}`).first()).toBeVisible();
  await expect(page.getByTestId('year-selector')).toHaveCount(0);
  const menu = await page.locator('[data-testid^="menu-group-"] a[href]').evaluateAll((anchors) => anchors.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  expect(menu).toContain('/my-company');
  for (const path of ['/lots', '/orders', '/agencies', '/laboratories', '/contracts', '/structures', '/nca-settings']) expect(menu).not.toContain(path);
  await page.getByRole('tab', { name: 'Ordini' }).click();
  await expect(page.getByText(`Ordine e2e ${stamp}`)).toBeVisible();
  await saveScreenshot(page, 'environmental-my-company');
});
