import { expect, test } from '@playwright/test';
import { DEMO, api, apiSignIn, saveScreenshot, signInWithStoredSession } from './helpers';
import { scaled } from './time-scale';

test('the comune validates a submitted declaration and revokes the validation, each after a confirmation', async ({ page }) => {
  test.setTimeout(scaled(120_000));
  const year = new Date().getFullYear();
  const hotelier = await apiSignIn(page.request, DEMO.hotelier);

  // Set-up through the API: the hotelier submits B&B Sant'Erasmo's Trim 1 of this year.
  const [structure] = await api(page.request, 'GET', `/api/structures?q=${encodeURIComponent("Sant'Erasmo")}`, { token: hotelier.token });
  const templates = await api<{ _id: string; periodName: string }[]>(page.request, 'GET', `/api/declaration-templates?year=${year}`, { token: hotelier.token });
  const period = templates.find((t) => t.periodName === `Trim 1 ${year}`)!;
  let [declaration] = await api<{ _id: string; status: string; code: string | null }[]>(
    page.request,
    'GET',
    `/api/declarations?year=${year}&structureId=${structure._id}&declarationTemplateId=${period._id}`,
    { token: hotelier.token },
  );
  if (!declaration)
    declaration = await api(page.request, 'POST', '/api/declarations', { token: hotelier.token, body: { structureId: structure._id, declarationTemplateId: period._id }, expectStatus: 201 });
  if (declaration.status === 'draft' || declaration.status === 'returned')
    declaration = await api(page.request, 'POST', `/api/declarations/${declaration._id}/submit`, { token: hotelier.token, body: {} });
  if (declaration.status === 'validated')
    declaration = await api(page.request, 'POST', `/api/declarations/${declaration._id}/revoke`, { token: (await apiSignIn(page.request, DEMO.city)).token, body: { confirm: true } });
  expect(declaration.status).toBe('submitted');

  // The comune finds it in the dashboard's "to validate" list and reviews it.
  const city = await signInWithStoredSession(page, DEMO.city);
  await page.goto('/dashboard');
  await page.getByTestId(`to-validate-${declaration.code}`).click();
  const review = page.getByTestId('declaration-review');
  await expect(review.getByTestId('declaration-status')).toHaveText('Presentata');

  await review.getByTestId('action-validate').click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Validare la dichiarazione?' });
  await expect(confirm).toContainText(declaration.code!);
  // Cancelling the prompt changes nothing.
  await confirm.getByRole('button', { name: 'Annulla' }).click();
  await expect(review.getByTestId('declaration-status')).toHaveText('Presentata');
  await review.getByTestId('action-validate').click();
  await page.getByRole('dialog').filter({ hasText: 'Validare la dichiarazione?' }).getByRole('button', { name: 'Valida' }).click();
  await expect(review.getByTestId('declaration-status')).toHaveText('Validata');
  expect((await api(page.request, 'GET', `/api/declarations/${declaration._id}`, { token: city.token })).status).toBe('validated');
  await expect(review.getByTestId('action-validate')).toHaveCount(0);
  await saveScreenshot(page, 'filings-validation-validated');

  await review.getByTestId('action-revoke').click();
  await page.getByRole('dialog').filter({ hasText: 'Revocare la validazione?' }).getByRole('button', { name: 'Revoca validazione' }).click();
  await expect(review.getByTestId('declaration-status')).toHaveText('Presentata');
  expect((await api(page.request, 'GET', `/api/declarations/${declaration._id}`, { token: city.token })).status).toBe('submitted');

  // The same declaration from the structure's declarations tab opens the same review.
  await review.getByRole('button', { name: 'Chiudi' }).click();
  await page.goto(`/structures/${structure._id}/declarations`);
  await page.locator('tbody tr', { hasText: 'Presentata' }).first().click();
  await expect(page.getByTestId('declaration-review').getByTestId('action-validate')).toBeVisible();
  await saveScreenshot(page, 'filings-validation');
});
