import { expect, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Shared steps of the tourist-tax end-to-end tests (demo accounts, password Demo1234). */

export const ARTIFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');

export async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/on-boarding/login');
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill('Demo1234');
  await page.locator('button[type=submit]').click();
  await expect(page).not.toHaveURL(/on-boarding/, { timeout: 20_000 });
}

export async function saveScreenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** Picks an option of a react-admin / MUI select found by its label. */
export async function chooseOption(page: Page, label: string | RegExp, option: string | RegExp): Promise<void> {
  await page.getByLabel(label).first().click();
  await page.getByRole('option', { name: option }).click();
}
