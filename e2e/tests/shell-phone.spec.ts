import { expect, test, type Page } from '@playwright/test';
import { DEMO, openInApp, signInWithStoredSession, userMenuButton } from './helpers';
import { scaled } from './time-scale';

/*
 * A phone 390 px wide, for every demo role: the header's actions are on screen, no page of the menu scrolls
 * sideways (neither the page nor its list), no control is cut by the screen's edges, no list row's status squeezes
 * its second line, and the forms those lists create with are one column.
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

/**
 * Controls (buttons, links, fields, switches, tabs) that the screen's left or right edge cuts: partly on screen, partly
 * off. What is wholly off screen on purpose (a skip link, a closed drawer) and what sits in a box that scrolls
 * sideways (tabs, a wide table in its card) is not cut.
 */
async function controlsCutAtTheEdges(page: Page) {
  return page.evaluate(() => {
    const scrollsSideways = (element: Element) => {
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        const overflowX = getComputedStyle(box).overflowX;
        if ((overflowX === 'auto' || overflowX === 'scroll') && box.scrollWidth > box.clientWidth) return true;
      }
      return false;
    };
    const selector = 'button, a[href], .MuiInputBase-root, .MuiSwitch-root, .MuiCheckbox-root, [role="tab"]';
    return [...document.querySelectorAll(selector)]
      .filter((element) => element.checkVisibility({ visibilityProperty: true, opacityProperty: false }))
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.height > 0 && box.bottom > 0)
      .filter(({ box }) => (box.left < -1 && box.right > 0) || (box.left < window.innerWidth && box.right > window.innerWidth + 1))
      .filter(({ element }) => !scrollsSideways(element))
      .map(
        ({ element, box }) =>
          `${element.className.toString().split(' ')[0] || element.tagName} "${(element.textContent ?? '').trim().slice(0, 30)}" at ${Math.round(box.left)}..${Math.round(box.right)}px`,
      );
  });
}

/**
 * Phone list rows whose third text (a status, floated right on the first line) hangs down beside the second line,
 * squeezing it into a narrow column.
 */
async function rowsWithSqueezedText(page: Page) {
  return page.evaluate(
    () =>
      [...document.querySelectorAll('.RaSimpleList-tertiary')]
        .map((tertiary) => ({ tertiary: tertiary.getBoundingClientRect(), secondary: tertiary.closest('.MuiListItemText-root')?.querySelector('.MuiListItemText-secondary')?.getBoundingClientRect() }))
        .filter(({ tertiary, secondary }) => secondary && secondary.height > 0 && tertiary.bottom > secondary.top + 1).length,
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
      const squeezed = await rowsWithSqueezedText(page);
      if (squeezed > 0) problems.push(`${path}: ${squeezed} list rows with a status beside their second line`);
      for (const control of await controlsCutAtTheEdges(page)) problems.push(`${path}: ${control} is cut by the screen's edge`);
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
