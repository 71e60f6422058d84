import { expect, test } from '@playwright/test';
import { formatAlloggiatiFile, type TAlloggiatiRecordInput } from '@app/domain/tourist-tax/alloggiati';
import { saveScreenshot, signIn } from './tourist-tax-support';
import { scaled } from './time-scale';

const ITALY = '100000100';

function guest(overrides: Partial<TAlloggiatiRecordInput>): TAlloggiatiRecordInput {
  return {
    guestKind: 17,
    arrivalDate: '2026-08-10',
    days: 3,
    surname: 'FERRARI',
    name: 'LUCA',
    sex: 'M',
    birthDate: '1979-03-02',
    birthPlace: '058091000',
    birthProvince: 'RM',
    birthCountry: ITALY,
    citizenship: ITALY,
    documentType: 'IDENT',
    documentNumber: 'CA99887AB',
    documentIssuePlace: '058091000',
    ...overrides,
  };
}

const family = formatAlloggiatiFile([guest({}), guest({ guestKind: 19, name: 'ELENA', sex: 'F', birthDate: '1982-11-20', documentType: null, documentNumber: null, documentIssuePlace: null })]);

test('a hotelier imports an Alloggiati Web file', async ({ page }) => {
  test.setTimeout(scaled(120_000));
  await signIn(page, 'hotelier@demo.test');
  await page.goto('/stays');
  await page.getByTestId('stays-import').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Importa soggiorni');

  // A bad record: nothing is imported and the row, field and value are listed.
  const broken = family.replace('10/08/2026', '31/02/2026');
  await dialog.getByLabel('Struttura').click();
  await page.getByRole('option', { name: 'Hotel Serapo' }).click();
  await page.getByTestId('import-file').setInputFiles({ name: 'alloggiati-errato.txt', mimeType: 'text/plain', buffer: Buffer.from(broken, 'latin1') });
  await expect(page.getByTestId('import-format')).toContainText('Alloggiati Web');
  // An Alloggiati file says nothing of payment: the hotelier states it before importing.
  await expect(page.getByTestId('import-start')).toBeDisabled();
  await page.getByTestId('import-payment-status').click();
  await page.getByRole('option', { name: 'Pagato', exact: true }).click();
  await page.getByTestId('import-start').click();
  const errors = page.getByTestId('import-errors');
  await expect(errors).toContainText('nessun soggiorno è stato importato');
  await expect(errors.locator('tbody tr').first()).toContainText('1');
  await expect(errors).toContainText('Data arrivo');
  await expect(errors).toContainText('31/02/2026');
  await saveScreenshot(page, 'tourist-tax-import-errors');

  // The good file: one stay (head of family + member) is created; importing it again skips it.
  await page.getByTestId('import-file').setInputFiles({ name: 'alloggiati.txt', mimeType: 'text/plain', buffer: Buffer.from(family, 'latin1') });
  await page.getByTestId('import-start').click();
  await expect(page.getByTestId('import-result')).toContainText('1 soggiorni creati, 0 già presenti');
  await saveScreenshot(page, 'tourist-tax-import');
  await page.getByTestId('import-start').click();
  await expect(page.getByTestId('import-result')).toContainText('0 soggiorni creati, 1 già presenti');
  await dialog.getByRole('button', { name: 'Chiudi' }).click();

  await page.getByPlaceholder('Cerca ospite (cognome, nome, CF)').fill('FERRARI');
  const row = page.locator('tbody tr', { hasText: /FERRARI LUCA/ });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText('Alloggiati Web');
  await expect(row).toContainText('10/08/2026');
});
