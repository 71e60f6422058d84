import { expect, test, type Page } from '@playwright/test';
import { DEMO, signInWithStoredSession, userMenuButton } from './helpers';

/* A phone 390 px wide, for every demo role: the header's actions are on screen and no page of the menu scrolls sideways. */

test.use({ viewport: { width: 390, height: 844 } });

const ACCOUNTS = [DEMO.admin, DEMO.city, DEMO.hotelier, DEMO.agency, DEMO.lab, DEMO.consortium];

async function expectInViewport(page: Page, locator: ReturnType<Page['locator']>, what: string) {
  await expect(locator, what).toBeVisible();
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.x, `${what} left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what} right edge`).toBeLessThanOrEqual(390);
}

async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** The menu's entries, read from the sidebar drawer the menu button opens. */
async function menuPaths(page: Page): Promise<string[]> {
  await page.getByRole('banner').getByRole('button', { name: /menu/i }).first().click();
  const links = page.locator('.MuiDrawer-paper a[href]');
  await expect(links.first()).toBeVisible();
  const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  await page.keyboard.press('Escape');
  return [...new Set(hrefs)];
}

// Written but not yet run to the end (the session ran out of time): enable once it passes.
for (const email of ACCOUNTS) {
  test.fixme(`phone: ${email} reaches the header actions and no menu page scrolls sideways`, async ({ page }) => {
    await signInWithStoredSession(page, email);
    await page.goto('/profile');
    await expectInViewport(page, userMenuButton(page), 'user menu');
    const bell = page.getByRole('banner').getByRole('link', { name: /^(Notifiche|Notifications)/ });
    if ((await bell.count()) > 0) await expectInViewport(page, bell, 'notification bell');
    // The user menu holds the language and sign-out: they must be reachable from a phone.
    await userMenuButton(page).click();
    await expect(page.getByRole('menuitem', { name: /^(Esci|Logout)$/ })).toBeVisible();
    await expect(page.getByTestId('language-en')).toBeVisible();
    await page.keyboard.press('Escape');

    const problems: string[] = [];
    for (const path of await menuPaths(page)) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('h1, #react-admin-title').first()).toBeAttached();
      const overflow = await sidewaysOverflow(page);
      if (overflow > 1) problems.push(`${path} scrolls sideways by ${overflow}px`);
    }
    expect(problems).toEqual([]);
  });
}
