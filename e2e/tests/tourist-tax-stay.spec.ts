import { fillDate } from './helpers';
import { expect, test } from '@playwright/test';
import { chooseOption, saveScreenshot, signIn } from './tourist-tax-support';
import { scaled } from './time-scale';

test('a hotelier enters a stay and sees the tax breakdown update as they type', async ({ page }) => {
  test.setTimeout(scaled(120_000));
  await signIn(page, 'hotelier@demo.test');
  await page.goto('/stays/create');
  const breakdown = page.getByTestId('tax-breakdown');
  await expect(breakdown).toContainText('Scegli la struttura');

  await chooseOption(page, 'Struttura', 'Hotel Serapo');
  await fillDate(page, 'Arrivo', '2026-09-28');
  await fillDate(page, 'Partenza', '2026-10-01');
  await page.getByLabel('Ospiti', { exact: true }).fill('2');
  // Hotel Serapo is a 4-star hotel: 3,00 € per guest per night in high season.
  await expect(page.getByTestId('tax-to-pay')).toHaveText('18,00 €');
  await expect(page.getByTestId('tax-nights').locator('tbody tr')).toHaveCount(3);

  await page.getByLabel('Ospiti', { exact: true }).fill('3');
  await expect(page.getByTestId('tax-to-pay')).toHaveText('27,00 €');

  // Two more nights in low season (2,00 €): the rate changes inside the stay.
  await fillDate(page, 'Partenza', '2026-10-03');
  await expect(page.getByTestId('tax-to-pay')).toHaveText('39,00 €');
  await expect(page.getByTestId('tax-nights').locator('tbody tr')).toHaveCount(5);
  await expect(page.getByTestId('tax-nights')).toContainText('bassa stagione');

  // One exempt child: a repeatable row (exemption + count).
  await page.getByRole('button', { name: 'Aggiungi' }).first().click();
  await chooseOption(page, 'Esenzione', /Minori/);
  await page.getByLabel('N. ospiti').first().fill('1');
  await expect(page.getByTestId('tax-to-pay')).toHaveText('26,00 €');
  await expect(page.getByTestId('tax-categories')).toContainText('Minori');

  // No tariff of the comune covers 2030: the rule problem shows in place of the breakdown.
  await fillDate(page, 'Arrivo', '2030-08-01');
  await fillDate(page, 'Partenza', '2030-08-03');
  await expect(page.getByTestId('tax-breakdown-error')).toHaveAttribute('data-code', 'NO_TARIFF_FOR_NIGHT');
  await expect(page.getByTestId('tax-breakdown-error')).toContainText('Nessuna tariffa del comune');
  await fillDate(page, 'Arrivo', '2026-09-28');
  await fillDate(page, 'Partenza', '2026-10-03');
  await expect(page.getByTestId('tax-to-pay')).toHaveText('26,00 €');

  // Lead guest, with the codice fiscale checked on the client; not paid needs a reason.
  await page.getByLabel('Cognome').fill('Esposito');
  await page.getByLabel('Nome', { exact: true }).fill('Gennaro');
  await page.getByLabel('Codice fiscale').fill('RSSMRA80A01H501X');
  await page.getByLabel('Non pagato').check();
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Codice fiscale non valido')).toBeVisible();
  await expect(page.getByText('Campo obbligatorio').first()).toBeVisible();
  await page.getByLabel('Codice fiscale').fill('RSSMRA80A01H501U');
  await page.getByLabel('Motivo mancato pagamento').fill("L'ospite ha rifiutato di pagare");
  await saveScreenshot(page, 'tourist-tax-stay-form');
  await page.getByRole('button', { name: 'Salva' }).click();

  await expect(page).toHaveURL(/\/stays$/);
  // The demo's questura guests include another Esposito Gennaro: the new stay is the one arriving on 28/09.
  const row = page.locator('tbody tr', { hasText: /Esposito Gennaro/ }).filter({ hasText: '28/09/2026' });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText('26,00 €');
  await expect(row).toContainText('Non pagato');
  await saveScreenshot(page, 'tourist-tax-stay');
});

test('a hotelier gives each night of a stay its own price, and the stay keeps them', async ({ page }) => {
  test.setTimeout(scaled(120_000));
  await signIn(page, 'hotelier@demo.test');
  await page.goto('/stays/create');
  await chooseOption(page, 'Struttura', 'Hotel Serapo');
  await fillDate(page, 'Arrivo', '2026-08-10');
  await fillDate(page, 'Partenza', '2026-08-13');
  await page.getByLabel('Ospiti', { exact: true }).fill('2');
  await expect(page.getByTestId('tax-to-pay')).toHaveText('18,00 €');

  const prices = page.getByTestId('nightly-prices');
  await prices.getByLabel('Prezzo diverso per ogni notte').check();
  await expect(prices.getByRole('textbox')).toHaveCount(3);
  await prices.getByLabel('Prezzo della notte del 10/08/2026 (€)').fill('150');
  await prices.getByLabel('Prezzo della notte del 11/08/2026 (€)').fill('180,5');
  await expect(prices).toContainText('Totale delle notti: —');
  // A night without a price stops the save, with the reason under the prices.
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(prices).toContainText('Indica un prezzo');
  await expect(page).toHaveURL(/\/stays\/create$/);
  await prices.getByLabel('Prezzo della notte del 12/08/2026 (€)').fill('120');
  await expect(prices).toContainText('Totale delle notti: 450,50 €');
  // A flat tariff does not look at the price: the tax stays what it was.
  await expect(page.getByTestId('tax-to-pay')).toHaveText('18,00 €');
  await page.getByLabel('Cognome').fill('Notti');
  await page.getByLabel('Nome', { exact: true }).fill('Prezzi');
  await saveScreenshot(page, 'tourist-tax-stay-nightly-prices');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page).toHaveURL(/\/stays$/);

  const saved = await page.evaluate(async () => {
    const session = JSON.parse(localStorage.getItem('backoffice.session') ?? '{}') as { token?: string };
    const res = await fetch('/api/stays?q=Notti&limit=5', { headers: { authorization: `Bearer ${session.token}` } });
    return (await res.json()) as { nightlyPrices: number[] | null; checkIn: string }[];
  });
  expect(saved.find((s) => s.checkIn === '2026-08-10')?.nightlyPrices).toEqual([150, 180.5, 120]);
});

test('a hotelier typing a stay the structure already has (same guest and dates) is warned before saving', async ({ page }) => {
  test.setTimeout(scaled(90_000));
  await signIn(page, 'hotelier@demo.test');
  await page.goto('/stays/create');
  await chooseOption(page, 'Struttura', 'Hotel Serapo');
  // The demo's questura guests: Esposito Gennaro at Hotel Serapo from 20 to 24 November 2026.
  await fillDate(page, 'Arrivo', '2026-11-20');
  await fillDate(page, 'Partenza', '2026-11-24');
  await page.getByLabel('Cognome').fill('Esposito');
  await page.getByLabel('Nome', { exact: true }).fill('Gennaro');
  const warning = page.getByTestId('stay-duplicate-warning');
  await expect(warning).toContainText('Questa struttura ha già un soggiorno di Esposito Gennaro dal 20/11/2026 al 24/11/2026');
  await warning.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'artifacts/tourist-tax-stay-duplicate.png' });
  // Another day is another stay: the warning goes.
  await fillDate(page, 'Partenza', '2026-11-25');
  await expect(warning).toHaveCount(0);
  await fillDate(page, 'Partenza', '2026-11-24');
  await expect(warning).toBeVisible();
  await warning.getByRole('link', { name: 'Apri quello esistente' }).click();
  await expect(page).toHaveURL(/\/stays\/[0-9a-f-]{36}$/);
});
