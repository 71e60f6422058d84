import { api, apiSignIn, fillDate } from './helpers';
import { expect, test } from '@playwright/test';
import { chooseOption, saveScreenshot, signIn } from './tourist-tax-support';
import { scaled } from './time-scale';

test('a city user sets up a tariff of the comune', async ({ page }) => {
  test.setTimeout(scaled(120_000));
  await signIn(page, 'city@demo.test');
  await page.goto('/tariffs');
  await expect(page.locator('tbody tr', { hasText: /Tariffa base/ }).first()).toBeVisible({ timeout: 30_000 });

  await page.getByRole('link', { name: 'Crea' }).click();
  await expect(page).toHaveURL(/\/tariffs\/create$/);

  // Client-side validation mirrors the server: required name, at most two decimals.
  await page.getByLabel('Importo per notte (€)').fill('1.255');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Campo obbligatorio').first()).toBeVisible();
  await expect(page.getByText('Al massimo due decimali')).toBeVisible();

  await page.getByLabel('Nome').fill('Tariffa e2e 2028');
  await page.getByLabel('Importo per notte (€)').fill('1.25');
  await chooseOption(page, 'Tipologia struttura', 'Albergo');
  await chooseOption(page, 'Classificazione', '5 stelle');
  await fillDate(page, 'Valida dal', '2028-01-01');
  await fillDate(page, 'Valida al', '2028-12-31');
  await page.getByLabel('Max notti').fill('7');
  await page.getByRole('button', { name: 'Salva' }).click();

  await expect(page).toHaveURL(/\/tariffs$/);
  await page.getByPlaceholder('Cerca per nome').fill('Tariffa e2e');
  const row = page.locator('tbody tr', { hasText: /Tariffa e2e 2028/ });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText('1,25 €');
  await expect(row).toContainText('5 stelle');
  await expect(row).toContainText('01/01/2028');

  // A second tariff of the same scope and period is refused by the server; the message is shown.
  await page.goto('/tariffs/create');
  await page.getByLabel('Nome').fill('Tariffa e2e doppia');
  await page.getByLabel('Importo per notte (€)').fill('2');
  await chooseOption(page, 'Tipologia struttura', 'Albergo');
  await chooseOption(page, 'Classificazione', '5 stelle');
  await fillDate(page, 'Valida dal', '2028-06-01');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText(/si sovrappone a un’altra tariffa/)).toBeVisible();
  await expect(page.getByText(/Overlaps tariff "Tariffa e2e 2028"/)).toBeVisible();

  await page.goto('/tariffs');
  await page.getByPlaceholder('Cerca per nome').fill('Tariffa e2e');
  await expect(page.locator('tbody tr', { hasText: /Tariffa e2e 2028/ })).toBeVisible();
  await saveScreenshot(page, 'tourist-tax-tariff');
});

type TPreview = { changed: { stayId: string; before: { toPayAmount: number }; after: { toPayAmount: number } }[]; unchanged: number; declared: number };

test('a city user raises a tariff that priced saved stays, reprices the ones not yet declared in one step, and cannot delete it', async ({ page }) => {
  test.setTimeout(scaled(120_000));
  const city = await apiSignIn(page.request, 'city@demo.test');
  // Albergo 4 stelle, high season 2025 (3.00): the demo has stays priced with it, some already declared.
  const [tariff] = await api<{ _id: string; nightlyPrice: number }[]>(page.request, 'GET', `/api/tariffs?q=${encodeURIComponent('Albergo 4 stelle - alta stagione 2025')}`, { token: city.token });
  const reprice = (body: Record<string, unknown>) => api<TPreview>(page.request, 'POST', '/api/stays/reprice', { token: city.token, body: { ruleId: tariff._id, ...body } });
  const before = await reprice({});
  expect(before.changed).toHaveLength(0);
  expect(before.unchanged).toBeGreaterThan(0);
  expect(before.declared).toBeGreaterThan(0);

  try {
    await signIn(page, 'city@demo.test');
    await page.goto(`/tariffs/${tariff._id}`);
    await expect(page.getByLabel('Importo per notte (€)')).toHaveValue('3');
    await page.getByLabel('Importo per notte (€)').fill('3.5');
    await page.getByRole('button', { name: 'Salva' }).click();

    // Saved: the preview of the stays it priced, before (3.00 a night) and after (3.50).
    const dialog = page.getByTestId('reprice-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Salvato: ricalcolare i soggiorni?');
    await expect(dialog.getByTestId('reprice-row')).toHaveCount(before.unchanged);
    await expect(dialog.getByTestId('reprice-declared')).toContainText(`${before.declared} soggiorni sono già in una dichiarazione inviata`);
    const preview = await reprice({});
    for (const stay of preview.changed) expect(stay.after.toPayAmount).toBeGreaterThan(stay.before.toPayAmount);
    await saveScreenshot(page, 'tourist-tax-reprice-preview');

    // Untick one stay: it keeps its amounts; the others are repriced in one step.
    await dialog.getByTestId('reprice-row').first().getByRole('checkbox').uncheck();
    await expect(dialog.getByTestId('reprice-apply')).toHaveText(`Ricalcola ${before.unchanged - 1} soggiorni`);
    await dialog.getByTestId('reprice-apply').click();
    await expect(page.getByText(`${before.unchanged - 1} soggiorni ricalcolati`)).toBeVisible();
    await expect(page).toHaveURL(/\/tariffs$/);
    const after = await reprice({});
    expect(after.changed.map((c) => c.stayId)).toEqual([preview.changed[0].stayId]);
    expect(after.declared).toBe(before.declared);

    // The button on the tariff's page shows the stay left behind; a tariff used by stays cannot be deleted.
    await page.goto(`/tariffs/${tariff._id}`);
    await page.getByTestId('reprice-open').click();
    await expect(page.getByTestId('reprice-dialog').getByTestId('reprice-row')).toHaveCount(1);
    await page.getByRole('button', { name: 'Non ora' }).click();
    await page.getByRole('button', { name: 'Elimina' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Conferma' }).click();
    await expect(page.getByText('È applicata a soggiorni salvati: imposta una fine validità invece di eliminarla.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/tariffs/${tariff._id}$`));
  } finally {
    // The demo's tariff and stays as they were, for the tests that follow.
    await api(page.request, 'PUT', `/api/tariffs/${tariff._id}`, { token: city.token, body: { nightlyPrice: tariff.nightlyPrice } });
    await reprice({ apply: true });
  }
});
