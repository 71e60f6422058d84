import { expect, test } from '@playwright/test';
import { DEMO, api, saveScreenshot, signInWithStoredSession } from './helpers';
import { scaled } from './time-scale';

test('a hotelier reads the history of its structure and restores a past version', async ({ page }) => {
  test.setTimeout(scaled(90_000));
  const hotelier = await signInWithStoredSession(page, DEMO.hotelier);
  const [structure] = await api(page.request, 'GET', '/api/structures?limit=1&sort=name', { token: hotelier.token });
  // Two changes of the phone: the history shows both; the first one's version is brought back.
  const suffix = String(Date.now()).slice(-6);
  const first = `0771 1${suffix}`;
  const second = `0771 2${suffix}`;
  await api(page.request, 'PUT', `/api/structures/${structure._id}`, { token: hotelier.token, body: { phone: first } });
  await api(page.request, 'PUT', `/api/structures/${structure._id}`, { token: hotelier.token, body: { phone: second } });

  await page.goto(`/structures/${structure._id}`);
  await page.getByRole('tab', { name: 'Cronologia' }).click();
  await expect(page).toHaveURL(new RegExp(`/structures/${structure._id}/history$`));
  const entries = page.getByTestId('history-entry');
  await expect(entries.first()).toContainText('Modifica');
  await expect(entries.first()).toContainText(`Telefono: ${first} → ${second}`);
  await expect(entries.first()).toContainText('Versione attuale');
  // No Save bar on the history tab: it is a list, not part of the form.
  await expect(page.getByRole('button', { name: 'Salva' })).toHaveCount(0);

  await entries.nth(1).getByRole('button', { name: 'Ripristina questa versione' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ripristinare questa versione?' });
  await expect(dialog).toContainText('Il ripristino è registrato come una nuova modifica');
  await dialog.getByRole('button', { name: 'Ripristina questa versione' }).click();
  await expect(page.getByText('Versione ripristinata')).toBeVisible();

  // The restore is the newest change, naming the version it brought back.
  await expect(entries.first()).toContainText('Ripristino della versione del');
  await expect(entries.first()).toContainText(`Telefono: ${second} → ${first}`);
  await saveScreenshot(page, 'shell-history');

  // The record itself holds the restored value (the form shows it, the API answers it).
  await page.getByRole('tab', { name: 'Dettaglio struttura' }).click();
  await expect(page.getByLabel('Telefono')).toHaveValue(first);
  const saved = await api(page.request, 'GET', `/api/structures/${structure._id}`, { token: hotelier.token });
  expect(saved.phone).toBe(first);
});
