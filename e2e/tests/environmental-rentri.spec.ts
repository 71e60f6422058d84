import { expect, test } from '@playwright/test';
// exceljs (a devDependency of e2e) reads what the product exports: an independent reader, not the API's own.
import ExcelJS from 'exceljs';
import fs from 'node:fs';
import { api, apiSignIn, DEMO, saveScreenshot, signInWithStoredSession } from './helpers';
import { scaled } from './time-scale';

/*
 * What a form would send to RENTRI and the chronological register, end to end: the consortium opens a
 * complete demo form, reads the RENTRI section and downloads the "create FIR" body; then downloads the
 * register of that form's producer site as xlsx from the forms list.
 */

test('the consortium downloads a form’s RENTRI body and its site’s register', async ({ page, request }) => {
  test.setTimeout(scaled(120_000));
  const { token } = await apiSignIn(request, DEMO.consortium);
  const list = await api<{ _id: string; code: string }[]>(request, 'GET', `/api/forms?code=${encodeURIComponent('XRBC 000101 HF')}`, { token });
  const form = list.find((f) => f.code === 'XRBC 000101 HF');
  expect(form, 'the demo form XRBC 000101 HF').toBeTruthy();

  await signInWithStoredSession(page, DEMO.consortium);
  await page.goto(`/forms/${form!._id}`);
  const section = page.getByTestId('form-rentri');
  await section.scrollIntoViewIfNeeded();
  await expect(page.getByTestId('form-rentri-body')).toBeVisible({ timeout: scaled(15_000) });
  await expect(page.getByTestId('form-rentri-transmission')).toBeVisible();
  await saveScreenshot(page, 'environmental-rentri-section');

  const bodyDownload = page.waitForEvent('download');
  await page.getByTestId('form-rentri-json').click();
  const json = JSON.parse(fs.readFileSync(await (await bodyDownload).path(), 'utf8'));
  expect(json).toMatchObject({ num_iscr_sito: 'OP0058ABC000123-LT0001', dati_partenza: { numero_fir: 'XRBC 000101 HF', rifiuto: { codice_eer: '170504' } } });

  await page.goto('/forms');
  await page.getByTestId('forms-register').click();
  await expect(page.getByTestId('forms-register-site')).toContainText('OP0058ABC000123-LT0001');
  await saveScreenshot(page, 'environmental-rentri-register');
  const registerDownload = page.waitForEvent('download');
  await page.getByTestId('forms-register-xlsx').click();
  const download = await registerDownload;
  expect(download.suggestedFilename()).toMatch(/^registro-OP0058ABC000123-LT0001-.*\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const text = workbook.worksheets
    .flatMap((sheet) => sheet.getSheetValues())
    .flat()
    .map((cell) => (cell && typeof cell === 'object' && 'richText' in cell ? '' : String(cell ?? '')))
    .join(' ');
  expect(text).toContain('OP0058ABC000123-LT0001');
});
