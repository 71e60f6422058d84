import { expect, test } from '@playwright/test';
// exceljs (a devDependency of e2e) reads what the product exports: an independent reader, not the API's own.
import ExcelJS from 'exceljs';
import fs from 'node:fs';
import { saveScreenshot, signIn } from './tourist-tax-support';
import { scaled } from './time-scale';
import { fillDate, fillMonth } from './helpers';

// The demo arrivals complete for the questura (apps/api/src/seed/police-demo-guests.ts).
const DEMO_ARRIVALS = '2026-11-20';

test("a hotelier downloads the day's Alloggiati file and the month's ISTAT movement of a structure", async ({ page }) => {
  test.setTimeout(scaled(120_000));
  await signIn(page, 'hotelier@demo.test');
  await page.goto('/structures');
  await page.getByText('Hotel Serapo').first().click();
  await page.getByRole('tab', { name: /Questura e ISTAT/i }).click();
  await expect(page.getByTestId('police-files')).toBeVisible();

  // The questura's file of the demo day: six guests, 168 characters each, CRLF, ISO-8859-1.
  await fillDate(page, 'Giorno di arrivo', DEMO_ARRIVALS);
  const dayFile = page.waitForEvent('download');
  await page.getByTestId('alloggiati-download').click();
  const file = await dayFile;
  expect(file.suggestedFilename()).toBe(`alloggiati-${DEMO_ARRIVALS}.txt`);
  const bytes = fs.readFileSync(await file.path());
  const lines = bytes.toString('latin1').split('\r\n').filter(Boolean);
  expect(lines.map((line) => line.slice(0, 2))).toEqual(['17', '19', '19', '18', '20', '16']);
  for (const line of lines) expect(line).toHaveLength(168);
  expect(lines[5]).toContain('Jürgen');

  // The month's movement: by residence on the screen, and as a workbook.
  await fillMonth(page, 'Mese', '2026-11');
  const residences = page.getByTestId('istat-residences');
  await expect(residences).toContainText('NA');
  await expect(residences).toContainText('FRANCIA');
  await expect(residences).toContainText('GERMANIA');
  await saveScreenshot(page, 'tourist-tax-police-files');
  const workbookDownload = page.waitForEvent('download');
  await page.getByTestId('istat-download').click();
  const workbookFile = await workbookDownload;
  expect(workbookFile.suggestedFilename()).toBe('movimento-istat-2026-11.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await workbookFile.path());
  expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Giorni', 'Residenze', 'C59 per giorno']);
  const days = workbook.getWorksheet('Giorni')!;
  // Header, 30 days, total.
  expect(days.rowCount).toBe(32);
  const residenceNames = workbook
    .getWorksheet('Residenze')!
    .getColumn(2)
    .values.map((value) => String(value ?? ''));
  expect(residenceNames).toEqual(expect.arrayContaining(['NA', 'FRANCIA', 'GERMANIA']));

  // A day whose guests were entered for the tax only (the other demo stays): the screen names what the questura still needs.
  const structureId = /\/structures\/([^/]+)/.exec(page.url())![1];
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('backoffice.session') ?? '{}') as { token?: string }).token ?? '');
  const stays = (await (await page.request.get(`/api/stays?structureId=${structureId}&limit=200`, { headers: { authorization: `Bearer ${token}` } })).json()) as { checkIn: string }[];
  const taxOnly = stays.find((stay) => stay.checkIn !== DEMO_ARRIVALS)!;
  await fillDate(page, 'Giorno di arrivo', taxOnly.checkIn);
  await page.getByTestId('alloggiati-download').click();
  await expect(page.getByTestId('alloggiati-problems')).toContainText(/Data di nascita/);
});
