import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO, api, fillDate, saveScreenshot, signInWithStoredSession } from './helpers';
import { ARTIFACTS, chooseOption } from './tourist-tax-support';
import { scaled } from './time-scale';

/** A one-page PDF: the API checks uploads on their bytes, so the attachment must really be a PDF. */
function tinyPdf(text: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 18 Tf 20 60 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 18 Tf 20 60 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

test('a hotelier declares a quarter, attaches a document, submits it and records the payment', async ({ page }) => {
  test.setTimeout(scaled(120_000));
  const hotelier = await signInWithStoredSession(page, DEMO.hotelier);

  // The period must not be declared yet on this database (runs share it): Hotel Serapo, Trim 2 of this year.
  const year = new Date().getFullYear();
  const [serapo] = await api(page.request, 'GET', `/api/structures?q=${encodeURIComponent('Hotel Serapo')}`, { token: hotelier.token });
  const templates = await api<{ _id: string; periodName: string }[]>(page.request, 'GET', `/api/declaration-templates?year=${year}`, { token: hotelier.token });
  const period = templates.find((t) => t.periodName === `Trim 2 ${year}`)!;
  expect(period, `Trim 2 ${year} exists in the demo comune`).toBeTruthy();
  const existing = await api<{ _id: string }[]>(page.request, 'GET', `/api/declarations?year=${year}&structureId=${serapo._id}&declarationTemplateId=${period._id}`, { token: hotelier.token });
  for (const declaration of existing) await api(page.request, 'DELETE', `/api/declarations/${declaration._id}`, { token: hotelier.token });

  await page.goto('/declarations/create');
  await chooseOption(page, 'Struttura', 'Hotel Serapo');
  await chooseOption(page, 'Periodo', `Trim 2 ${year}`);
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page).toHaveURL(/\/declarations\/[0-9a-f-]{36}$/);
  const declarationId = page.url().split('/').pop()!;
  await expect(page.getByTestId('declaration-status')).toHaveText('Bozza');

  // The figures are the stays of the quarter, in euros formatted for Italian.
  const draft = await api<{ toPayAmount: number; numberOfStays: number }>(page.request, 'GET', `/api/declarations/${declarationId}`, { token: hotelier.token });
  expect(draft.numberOfStays).toBeGreaterThan(0);
  const euros = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', useGrouping: true }).format(draft.toPayAmount);
  await expect(page.getByTestId('fig-toPayAmount')).toHaveText(euros);

  // Attachments tab: an identity document.
  await page.getByRole('tab', { name: 'Allegati' }).click();
  await expect(page.getByTestId('attachments-empty')).toBeVisible();
  await page
    .getByTestId('attachment-form')
    .locator('input[type=file]')
    .setInputFiles({ name: 'carta-identita.pdf', mimeType: 'application/pdf', buffer: tinyPdf('Carta di identita') });
  await expect(page.getByLabel('Nome file')).toHaveValue('carta-identita.pdf');
  await page.getByLabel('Descrizione').fill('Documento del capogruppo');
  await page.getByTestId('attachment-add').click();
  const attachments = page.getByTestId('attachments-table');
  await expect(attachments).toContainText('carta-identita.pdf');
  await expect(attachments).toContainText("Carta d'identità");

  // Submit after the confirmation prompt: the status changes and the code appears.
  await page.getByRole('tab', { name: 'Dettagli' }).click();
  await page.getByTestId('action-submit').click();
  await expect(page.getByRole('dialog')).toContainText('Presentare la dichiarazione?');
  await page.getByRole('dialog').getByRole('button', { name: 'Presenta' }).click();
  await expect(page.getByTestId('declaration-status')).toHaveText('Presentata');
  await expect(page.getByTestId('action-submit')).toHaveCount(0);

  // Payment: date and TRN.
  await page.getByTestId('action-payment').click();
  const dialog = page.getByRole('dialog');
  await fillDate(page, 'Data versamento', `${year}-07-20`);
  await dialog.getByRole('button', { name: 'Salva' }).click();
  await expect(dialog.getByText('Campo obbligatorio')).toBeVisible();
  await dialog.getByLabel('TRN/CRO').fill('0306909606202607200001');
  await dialog.getByTestId('payment-save').click();
  await expect(page.getByTestId('payment-trn')).toHaveText('0306909606202607200001');
  await expect(page.getByTestId('payment-date')).toHaveText(`20/07/${year}`);

  const saved = await api<{ status: string; paymentDate: string; trn: string; code: string }>(page.request, 'GET', `/api/declarations/${declarationId}`, { token: hotelier.token });
  expect(saved).toMatchObject({ status: 'submitted', paymentDate: `${year}-07-20`, trn: '0306909606202607200001' });
  await expect(page.getByRole('banner')).toContainText(saved.code);

  // The PDF receipt downloads.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('action-receipt').click()]);
  const receiptPath = path.join(ARTIFACTS, 'filings-declaration-receipt.pdf');
  await download.saveAs(receiptPath);
  expect(fs.readFileSync(receiptPath).subarray(0, 5).toString()).toBe('%PDF-');
  await saveScreenshot(page, 'filings-declaration');

  // The list shows it with its status.
  await page.goto('/declarations');
  await expect(page.locator('tbody tr', { hasText: saved.code })).toContainText('Presentata');
});
