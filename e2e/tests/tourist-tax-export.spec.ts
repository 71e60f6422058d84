import { expect, test } from '@playwright/test';
// exceljs (a devDependency of e2e) reads what the product exports: an independent reader, not the API's own.
import ExcelJS from 'exceljs';
import fs from 'node:fs';
import { saveScreenshot, signIn } from './tourist-tax-support';
import { scaled } from './time-scale';

test('a hotelier exports the stays of a quarter as xlsx', async ({ page }) => {
  test.setTimeout(scaled(120_000));
  await signIn(page, 'hotelier@demo.test');
  await page.goto('/stays');
  await page.getByTestId('quarter-filter-3').click();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await saveScreenshot(page, 'tourist-tax-export');

  await page.getByTestId('stays-export').click();
  const downloadPromise = page.waitForEvent('download');
  await page.getByTestId('stays-export-q3').click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const file = await download.path();
  expect(fs.statSync(file).size).toBeGreaterThan(0);

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0];
  expect(sheet).toBeTruthy();
  // Header plus the demo stays of July-September 2026 (check-out in Trim 3).
  expect(sheet.rowCount).toBeGreaterThan(1);
  const text = sheet
    .getSheetValues()
    .flat()
    .map((cell) => String(cell ?? ''))
    .join(' ');
  expect(text).toMatch(/Serapo|Irlanda|Golfo|Erasmo/);
});
