import { expect, test, type Page } from '@playwright/test';
import { DEMO, signInWithStoredSession } from './helpers';
import { scaled } from './time-scale';

/** Presses Tab until a table row has the focus (at most `limit` presses); answers whether one did. */
async function tabToFirstRow(page: Page, limit = 80): Promise<boolean> {
  for (let press = 0; press < limit; press++) {
    await page.keyboard.press('Tab');
    const onRow = await page.evaluate(() => document.activeElement?.classList.contains('RaDataTable-row') ?? false);
    if (onRow) return true;
  }
  return false;
}

// One list per business area and role: the rows are reached with Tab and opened with Enter, as with a click.
const LISTS = [
  { account: DEMO.admin, path: '/faqs', opened: /\/faqs\/[^/]+$/ },
  { account: DEMO.city, path: '/structures', opened: /\/structures\/[^/]+$/ },
  { account: DEMO.consortium, path: '/lots', opened: /\/lots\/[^/]+/ },
] as const;

for (const list of LISTS) {
  test(`keyboard: a row of ${list.path} is reached with Tab and opened with Enter (${list.account})`, async ({ page }) => {
    test.setTimeout(scaled(120_000));
    await signInWithStoredSession(page, list.account);
    await page.goto(list.path);
    await expect(page.locator('.RaDataTable-row').first()).toBeVisible({ timeout: 30_000 });
    expect(await tabToFirstRow(page), 'a row takes the focus').toBe(true);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(list.opened);
  });
}
