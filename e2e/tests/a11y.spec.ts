import { expect, test, type Page } from '@playwright/test';
import { DEMO, api, axeScan, openInApp, saveScreenshot, signInWithStoredSession } from './helpers';
import { scaled } from './time-scale';

// Each test signs in on its own: they spread over the workers (the menu walks are the suite's longest tests).
test.describe.configure({ mode: 'parallel' });

/** axe-core on the page as it is; serious and critical violations fail, with what and where. */
async function expectNoSeriousViolations(page: Page, name: string) {
  const results = await axeScan(page);
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  const report = serious.map(
    (violation) =>
      `${violation.impact} ${violation.id}: ${violation.help}\n  ${violation.nodes
        .slice(0, 5)
        .map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`)
        .join('\n  ')}`,
  );
  await saveScreenshot(page, name);
  expect(report, `axe on ${name}`).toEqual([]);
}

test('sign-in page', async ({ page }) => {
  await page.goto('/on-boarding/login');
  await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
  await expectNoSeriousViolations(page, 'a11y-sign-in');
});

test('users list', async ({ page }) => {
  await signInWithStoredSession(page, DEMO.admin);
  await page.goto('/users');
  await expect(page.getByRole('row').filter({ hasText: DEMO.city })).toBeVisible();
  await expectNoSeriousViolations(page, 'a11y-users-list');
});

test('user detail', async ({ page }) => {
  const admin = await signInWithStoredSession(page, DEMO.admin);
  const [hotelier] = await api(page.request, 'GET', `/api/users?email=${DEMO.hotelier}`, { token: admin.token });
  await page.goto(`/users/${hotelier._id}`);
  await expect(page.locator('input[name="email"]')).toHaveValue(DEMO.hotelier);
  await expectNoSeriousViolations(page, 'a11y-user-detail');
});

/*
 * Every menu entry of every demo role: axe finds no serious or critical violation, and the page has
 * exactly one <h1>. The entries are read from the role's own sidebar, so a new screen is covered as
 * soon as it is in the menu.
 */
for (const email of [DEMO.admin, DEMO.city, DEMO.hotelier, DEMO.agency, DEMO.lab, DEMO.consortium]) {
  test(`every menu entry of ${email}`, async ({ page }) => {
    // The admin's menu has about 45 pages, each loaded and analysed; on a busy machine that took over 4 minutes.
    test.setTimeout(scaled(600_000));
    await signInWithStoredSession(page, email);
    await page.goto('/profile');
    const links = page.locator('.RaSidebar-fixed a[href], .MuiDrawer-paper a[href]');
    await expect(links.first()).toBeVisible();
    const paths = [...new Set(await links.evaluateAll((anchors) => anchors.map((a) => new URL((a as HTMLAnchorElement).href).pathname)))];
    const problems: string[] = [];
    for (const path of paths) {
      await openInApp(page, path);
      await page
        .locator('.MuiCircularProgress-root')
        .first()
        .waitFor({ state: 'detached', timeout: 5000 })
        .catch(() => undefined);
      // The page names itself in the app bar's <h1> once its data has loaded: give it up to 5 s to settle.
      let headings: string[] = [];
      for (let tries = 0; tries < 10; tries++) {
        headings = await page.locator('h1').allTextContents();
        if (headings.length === 1 && headings[0].trim()) break;
        await page.waitForTimeout(500);
      }
      if (headings.length !== 1) problems.push(`${path}: ${headings.length} <h1>`);
      else if (!headings[0].trim()) problems.push(`${path}: an empty <h1>`);
      const results = await axeScan(page);
      for (const violation of results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
        problems.push(
          `${path}: ${violation.impact} ${violation.id} (${violation.nodes
            .map((node) => node.target.join(' '))
            .slice(0, 3)
            .join(', ')})`,
        );
      }
    }
    expect(problems, `pages of ${email}`).toEqual([]);
  });
}
