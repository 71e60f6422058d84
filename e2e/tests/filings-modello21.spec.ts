import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO, api, apiSignIn, fillDate, saveScreenshot, signInWithStoredSession } from './helpers';
import { ARTIFACTS, chooseOption } from './tourist-tax-support';
import { scaled } from './time-scale';

test('a hotelier fills the Modello 21, reconciles every month, downloads the PDF and sends it', async ({ page }) => {
  test.setTimeout(scaled(150_000));
  const year = new Date().getFullYear() - 1;
  const hotelier = await signInWithStoredSession(page, DEMO.hotelier);
  // The model of last year: choose that year in the year selector's store before the app starts.
  await page.addInitScript((value) => {
    if (!window.sessionStorage.getItem('e2e.yearPlanted')) {
      window.localStorage.setItem('backoffice.year', value);
      window.sessionStorage.setItem('e2e.yearPlanted', '1');
    }
  }, String(year));

  const [structure] = await api(page.request, 'GET', `/api/structures?q=${encodeURIComponent("Sant'Erasmo")}`, { token: hotelier.token });
  for (const model of await api<{ _id: string }[]>(page.request, 'GET', `/api/twenty-one-models?year=${year}&structureId=${structure._id}`, { token: hotelier.token })) {
    await api(page.request, 'DELETE', `/api/twenty-one-models/${model._id}`, { token: hotelier.token });
  }

  await page.goto('/twentyOneModels/create');
  await chooseOption(page, 'Struttura', "B&B Sant'Erasmo");
  await expect(page.getByRole('spinbutton', { name: 'Anno' })).toHaveValue(String(year));
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page).toHaveURL(/\/twentyOneModels\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop()!;
  const table = page.getByTestId('m21-months');
  await expect(table.locator('tbody tr')).toHaveCount(12);

  // December: collected without a payment. The note becomes required at once; submit stays off.
  await page.getByLabel('Riscosso Dicembre').fill('5,00');
  await page.getByLabel('Versato Dicembre').fill('0,00');
  const december = page.getByTestId('m21-month-12');
  await expect(december).toContainText('Riscosso e versato differiscono: spiega la differenza');
  await expect(page.getByTestId('m21-submit')).toBeDisabled();
  await expect(page.getByTestId('m21-pdf')).toHaveCount(0);
  await page.getByLabel('Note Dicembre').fill('Versato a gennaio con F24');
  await expect(december).not.toContainText('spiega la differenza');

  // Whatever else the prefill left open (demo data): explain differences, give payments a date and TRN.
  for (let month = 1; month <= 12; month++) {
    const row = page.getByTestId(`m21-month-${month}`);
    const text = await row.innerText();
    if (text.includes('spiega la differenza')) await row.locator('input').nth(4).fill('Differenza verificata con la tesoreria');
    if (text.includes('richiede il TRN'))
      await row
        .locator('input')
        .nth(3)
        .fill(`TRN${year}${String(month).padStart(2, '0')}`);
    if (text.includes('richiede la data'))
      await row
        .locator('input')
        .nth(2)
        .fill(`${year}-${String(month).padStart(2, '0')}-28`);
  }
  await fillDate(page, 'Data di firma', `${year + 1}-01-20`);
  await expect(page.getByTestId('m21-reconciled')).toBeVisible();
  // Reconciled but not saved: submit waits for the save.
  await expect(page.getByTestId('m21-submit')).toBeDisabled();
  await page.getByTestId('m21-save').click();
  await expect(page.getByTestId('m21-reconciled')).toContainText('puoi stampare e inviare');

  const saved = await api<{ months: { number: number; collectedImport: number; note: string | null; corrected: boolean }[] }>(page.request, 'GET', `/api/twenty-one-models/${id}`, {
    token: hotelier.token,
  });
  expect(saved.months[11]).toMatchObject({ collectedImport: 5, note: 'Versato a gennaio con F24', corrected: true });

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('m21-pdf').click()]);
  const pdfPath = path.join(ARTIFACTS, 'filings-modello21.pdf');
  await download.saveAs(pdfPath);
  expect(fs.readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
  await saveScreenshot(page, 'filings-modello21-reconciled');

  await page.getByTestId('m21-submit').click();
  await page.getByRole('dialog').filter({ hasText: 'Inviare il Modello 21?' }).getByRole('button', { name: 'Conferma' }).click();
  await expect(page.getByTestId('m21-status')).toHaveText('Presentata');
  await expect(page.getByLabel('Riscosso Dicembre')).toHaveCount(0);
  expect((await api(page.request, 'GET', `/api/twenty-one-models/${id}`, { token: hotelier.token })).status).toBe('submitted');
  await saveScreenshot(page, 'filings-modello21');
});

test('the demo Modello 21: a company as agente contabile, opening balance, receipts and treasury payments per month, draft preview, then validated with number and date', async ({ page }) => {
  test.setTimeout(scaled(150_000));
  const hotelier = await signInWithStoredSession(page, DEMO.hotelier);
  await page.addInitScript(() => {
    if (!window.sessionStorage.getItem('e2e.yearPlanted')) {
      window.localStorage.setItem('backoffice.year', '2025');
      window.sessionStorage.setItem('e2e.yearPlanted', '1');
    }
  });
  const [structure] = await api(page.request, 'GET', `/api/structures?q=${encodeURIComponent('Hotel Serapo')}`, { token: hotelier.token });
  const [model] = await api<{ _id: string }[]>(page.request, 'GET', `/api/twenty-one-models?year=2025&structureId=${structure._id}`, { token: hotelier.token });
  await page.goto(`/twentyOneModels/${model._id}`);

  // January: receipt n. 1 of 10/01, paid with the first quarter on 30/04 with reversale and quietanza.
  await expect(page.getByTestId('m21-receipts-1')).toContainText('n. 1');
  await expect(page.getByTestId('m21-receipts-1')).toContainText('10/01/2025');
  const january = page.getByTestId('m21-payments-1');
  await expect(january).toContainText('30/04/2025');
  await expect(january).toContainText('Reversale / ordinativo REV-2025-03');
  await expect(january).toContainText('Quietanza Q-2025-03');

  // Not reconciled yet: no final PDF, but the draft preview prints.
  await expect(page.getByTestId('m21-not-reconciled')).toBeVisible();
  await expect(page.getByTestId('m21-pdf')).toHaveCount(0);
  const [draft] = await Promise.all([page.waitForEvent('download'), page.getByTestId('m21-pdf-draft').click()]);
  expect(draft.suggestedFilename()).toBe('modello21-2025-bozza.pdf');
  const draftPath = path.join(ARTIFACTS, 'filings-modello21-bozza.pdf');
  await draft.saveAs(draftPath);
  expect(fs.readFileSync(draftPath).subarray(0, 5).toString()).toBe('%PDF-');

  // The company, the opening balance carried from 2024 (carico and scarico follow it), the note, the signature.
  await page.getByLabel('Ragione sociale').fill('Serapo Hotels S.r.l.');
  await page.getByLabel('Legale rappresentante').fill('Giulia Albergatrice');
  await page.getByLabel('Qualifica del firmatario').fill('amministratore unico');
  await page.getByTestId('m21-opening-balance-input').fill('12,50');
  await expect(page.getByTestId('m21-carico')).toHaveText('62,50 €');
  await expect(page.getByTestId('m21-scarico')).toHaveText('42,50 €');
  await expect(page.getByTestId('m21-closingBalance')).toHaveText('20,00 €');
  await page.getByLabel('Note Ottobre').fill('Versato con la dichiarazione del 4° trimestre');
  await fillDate(page, 'Data di firma', '2026-01-20');
  await expect(page.getByTestId('m21-reconciled')).toBeVisible();
  await page.getByTestId('m21-save').click();
  await expect(page.getByTestId('m21-reconciled')).toContainText('puoi stampare e inviare');
  const saved = await api(page.request, 'GET', `/api/twenty-one-models/${model._id}`, { token: hotelier.token });
  expect(saved).toMatchObject({
    ownerCompanyName: 'Serapo Hotels S.r.l.',
    ownerLegalRepresentative: 'Giulia Albergatrice',
    ownerRole: 'amministratore unico',
    openingBalance: 12.5,
    carico: 62.5,
    scarico: 42.5,
  });
  await saveScreenshot(page, 'filings-modello21-company');

  // Sent, then validated by the comune: the page shows the number and the date, the PDF prints them.
  await page.getByTestId('m21-submit').click();
  await page.getByRole('dialog').filter({ hasText: 'Inviare il Modello 21?' }).getByRole('button', { name: 'Conferma' }).click();
  await expect(page.getByTestId('m21-status')).toHaveText('Presentata');
  await expect(page.getByTestId('m21-pdf-draft')).toHaveCount(0);
  const city = await apiSignIn(page.request, DEMO.city);
  await api(page.request, 'POST', `/api/twenty-one-models/${model._id}/validate`, { token: city.token, body: { validationNumber: 'PROT-2026-204' } });
  await page.reload();
  await expect(page.getByTestId('m21-validation-number')).toHaveText('PROT-2026-204');
  const today = new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Rome' }).format(new Date());
  await expect(page.getByTestId('m21-validated-at')).toHaveText(today);
  await expect(page.getByTestId('m21-owner-company')).toHaveText('Serapo Hotels S.r.l.');
  const [validated] = await Promise.all([page.waitForEvent('download'), page.getByTestId('m21-pdf').click()]);
  await validated.saveAs(path.join(ARTIFACTS, 'filings-modello21-validato.pdf'));
  await saveScreenshot(page, 'filings-modello21-validated');
});
