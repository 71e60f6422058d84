import { expect, test } from '@playwright/test';
// exceljs (a devDependency of e2e) reads what the product exports: an independent reader, not the API's own.
import ExcelJS from 'exceljs';
import { saveScreenshot, signIn } from './tourist-tax-support';
import { scaled } from './time-scale';

test('the comune downloads the annual summary with four quarterly rows per structure, and a period export', async ({ page }) => {
  test.setTimeout(scaled(120_000));
  await signIn(page, 'city@demo.test');
  await page.goto('/dashboard');
  await expect(page.getByTestId('export-annual')).toBeVisible();
  await saveScreenshot(page, 'filings-exports');

  const annualPromise = page.waitForEvent('download');
  await page.getByTestId('export-annual').click();
  const annual = await annualPromise;
  expect(annual.suggestedFilename()).toMatch(/^riepilogo-annuale-\d{4}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await annual.path());
  const sheet = workbook.worksheets[0];
  expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(['Struttura', 'Trimestre', 'Presenze paganti', 'Presenze esenti', 'Presenze ridotte', 'Imposta applicata']));
  // Four quarter rows for each structure of the comune.
  const quarters = new Map<string, string[]>();
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const [, structure, , , , , quarter] = row.values as unknown[];
    if (!structure) return;
    quarters.set(String(structure), [...(quarters.get(String(structure)) ?? []), String(quarter)]);
  });
  expect(quarters.size).toBeGreaterThan(0);
  for (const list of quarters.values()) expect(list).toEqual(['Trim 1', 'Trim 2', 'Trim 3', 'Trim 4']);

  const periodPromise = page.waitForEvent('download');
  await page.getByTestId('export-period').click();
  const period = await periodPromise;
  expect(period.suggestedFilename()).toMatch(/^dichiarazioni-.+\.xlsx$/);
  const periodBook = new ExcelJS.Workbook();
  await periodBook.xlsx.readFile(await period.path());
  expect(periodBook.worksheets[0].rowCount).toBeGreaterThan(1);
});
