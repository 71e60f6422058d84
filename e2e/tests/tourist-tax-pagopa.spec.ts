import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import { api, apiSignIn, DEMO } from './helpers';
import { saveScreenshot, signIn } from './tourist-tax-support';
import { scaled } from './time-scale';

/*
 * The comune's pagoPA and SIATEL work (issue 26 parts 3 and 4): it downloads a declaration's notice,
 * imports the payments its treasurer lists (matched, unmatched and duplicated rows), and reads the
 * cross-check of the Agenzia delle Entrate's file.
 */
test('a comune downloads a pagoPA notice, imports the payments received and reads the SIATEL cross-check', async ({ page, request }) => {
  test.setTimeout(scaled(180_000));
  const { token } = await apiSignIn(request, DEMO.city);
  const declarations = await api<{ _id: string; status: string; toPayAmount: number; paidAmount: number | null; structureId: string }[]>(request, 'GET', '/api/declarations?allYears=true&limit=200', {
    token,
  });
  // Filed and not paid: submitted, or validated already by a file that ran before on this worker's data (the bulk validation).
  const unpaid = declarations.find((d) => ['submitted', 'validated'].includes(d.status) && d.toPayAmount > 0 && !d.paidAmount)!;
  expect(unpaid).toBeTruthy();

  // The notice on the declaration's page, and its PDF.
  await signIn(page, DEMO.city);
  await page.goto(`/declarations/${unpaid._id}`);
  const panel = page.getByTestId('pagopa-panel');
  await expect(panel.getByTestId('pagopa-notice-number')).toHaveText(/^301\d{15}$/);
  await expect(panel.getByTestId('pagopa-not-sent')).toBeVisible();
  const noticeNumber = (await panel.getByTestId('pagopa-notice-number').textContent())!.trim();
  await saveScreenshot(page, 'tourist-tax-pagopa-notice');
  const pdfDownload = page.waitForEvent('download');
  await panel.getByTestId('pagopa-notice-download').click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toBe(`avviso-pagopa-${noticeNumber}.pdf`);
  expect(
    fs
      .readFileSync(await pdf.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');

  // The treasurer's list: the notice paid (twice listed), and a notice the comune never issued.
  const amount = unpaid.toPayAmount.toFixed(2).replace('.', ',');
  const csv = [
    'Numero avviso;Importo;Data pagamento;TRN',
    `${noticeNumber};${amount};02/03/2026;TRN-E2E-1`,
    `${noticeNumber};${amount};02/03/2026;TRN-E2E-1`,
    '301000000099999913;10,00;02/03/2026;TRN-E2E-2',
  ].join('\n');
  await page.goto('/declarations');
  // The list loaded first (rows or none, by the year other files left): a click while it was still loading was lost
  // under load (the dialog never opened).
  await page.waitForLoadState('networkidle');
  await page.getByTestId('pagopa-import-open').click();
  await page.getByTestId('pagopa-import-file').setInputFiles({ name: 'pagamenti-pagopa.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await page.getByTestId('pagopa-import-start').click();
  await expect(page.getByTestId('pagopa-import-result')).toContainText('pagamenti registrati 1');
  await expect(page.getByTestId('pagopa-import-matched')).toContainText('TRN-E2E-1');
  await expect(page.getByTestId('pagopa-import-duplicates')).toContainText('Stesso avviso e TRN della riga 2');
  await expect(page.getByTestId('pagopa-import-unmatched')).toContainText('Il comune non ha emesso questo avviso');
  await saveScreenshot(page, 'tourist-tax-pagopa-import');
  await page.keyboard.press('Escape');
  // Paid in full: the declaration now shows no notice.
  await page.goto(`/declarations/${unpaid._id}`);
  await expect(page.getByTestId('pagopa-unavailable')).toBeVisible();

  // The SIATEL file: Hotel Serapo's month with ten more days of stay than declared, and a structure never registered.
  const structures = await api<{ _id: string; name: string; taxCode: string | null }[]>(request, 'GET', '/api/structures?limit=200', { token });
  const serapo = structures.find((s) => s.name === 'Hotel Serapo')!;
  const siatel = [
    'Codice fiscale;Denominazione;Anno;Mese;Numero alloggiati;Giorni di permanenza',
    `${serapo.taxCode};Hotel Serapo;2025;3;40;500`,
    'BNCLRA75E41D843K;Affittacamere Il Molo;2025;3;2;4',
  ].join('\n');
  await page.goto('/siatel-checks');
  // The demo's check of the first half of 2025 is there already.
  await expect(page.getByTestId('siatel-checks')).toContainText('siatel-gaeta-2025-primo-semestre.csv');
  await page.getByTestId('siatel-upload-open').click();
  await page.getByTestId('siatel-upload-file').setInputFiles({ name: 'siatel-marzo-2025.csv', mimeType: 'text/csv', buffer: Buffer.from(siatel, 'utf8') });
  await page.getByTestId('siatel-upload-start').click();
  await expect(page.getByTestId('siatel-upload-result')).toContainText('Confronto salvato');
  await page.getByTestId('siatel-upload-open-result').click();
  await expect(page.getByTestId('siatel-shortfalls-table')).toContainText('Hotel Serapo');
  await expect(page.getByTestId('siatel-unregistered-table')).toContainText('Affittacamere Il Molo');
  await saveScreenshot(page, 'tourist-tax-siatel-check');
});
