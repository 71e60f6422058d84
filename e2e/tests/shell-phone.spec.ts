import { expect, test, type Page } from '@playwright/test';
import { DEMO, openInApp, signInWithStoredSession, userMenuButton } from './helpers';
import { scaled } from './time-scale';

/*
 * A phone 390 px wide, for every demo role: the header's actions are on screen, no page of the menu scrolls
 * sideways (neither the page nor its list), and the forms those lists create with are one column.
 */

test.use({ viewport: { width: 390, height: 844 } });
// Each role's walk signs in on its own: they spread over the workers.
test.describe.configure({ mode: 'parallel' });

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

/** How far each list of the page (a react-admin table or list) scrolls sideways inside its own box. */
async function listsOverflow(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('.RaDataTable-tableWrapper, .RaList-content')].map((element) => element.scrollWidth - element.clientWidth).filter((overflow) => overflow > 1),
  );
}

/** Pairs of visible form fields that sit side by side (overlapping rows, disjoint columns): a one-column form has none. */
async function fieldsSideBySide(page: Page) {
  return page.evaluate(() => {
    const boxes = [...document.querySelectorAll('form .MuiFormControl-root')].map((element) => element.getBoundingClientRect()).filter((box) => box.width > 0 && box.height > 0);
    let pairs = 0;
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i], boxes[j]];
        const sameRow = a.top < b.bottom - 4 && b.top < a.bottom - 4;
        if (sameRow && (a.right <= b.left + 4 || b.right <= a.left + 4)) pairs++;
      }
    return { fields: boxes.length, pairs };
  });
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

for (const email of ACCOUNTS) {
  test(`phone: ${email} reaches the header actions, no menu page scrolls sideways, forms are one column`, async ({ page }) => {
    // The admin's menu has about 45 pages.
    test.setTimeout(scaled(240_000));
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
    const createPaths = new Set<string>();
    for (const path of await menuPaths(page)) {
      await openInApp(page, path);
      await expect(page.locator('h1, #react-admin-title').first()).toBeAttached();
      const overflow = await sidewaysOverflow(page);
      if (overflow > 1) problems.push(`${path} scrolls sideways by ${overflow}px`);
      for (const listOverflow of await listsOverflow(page)) problems.push(`${path}: its list scrolls sideways by ${listOverflow}px`);
      const creates = await page.locator('#main-content a[href$="/create"], main a[href$="/create"]').evaluateAll((anchors) => anchors.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
      for (const create of creates) createPaths.add(create);
    }
    for (const path of createPaths) {
      await openInApp(page, path);
      await expect(page.locator('form').first(), `${path} shows a form`).toBeVisible();
      const overflow = await sidewaysOverflow(page);
      if (overflow > 1) problems.push(`${path} scrolls sideways by ${overflow}px`);
      const { fields, pairs } = await fieldsSideBySide(page);
      if (pairs > 0) problems.push(`${path}: ${pairs} pairs of its ${fields} fields side by side`);
    }
    expect(problems, `phone pages of ${email}`).toEqual([]);
  });
}
