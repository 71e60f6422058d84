import { expect, test, type Page } from '@playwright/test';
import { DEMO, api, saveScreenshot, seriousViolations, signInWithStoredSession, userMenuButton } from './helpers';

// Each test signs in on its own: they spread over the workers.
test.describe.configure({ mode: 'parallel' });

/** axe-core on the page as it is; serious and critical violations fail, with what and where. */
async function expectNoSeriousViolations(page: Page, name: string) {
  const report = (await seriousViolations(page)).map(
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

// Every menu page of every demo role is scanned by the menu walk (access-menu.spec.ts), on the same visit
// that checks its API calls and texts.

/** The user menu's transition once opened, and the ripple layers its press mounted, on the users list of an administrator. */
async function menuMotion(page: Page) {
  await signInWithStoredSession(page, DEMO.admin);
  await page.goto('/users');
  await userMenuButton(page).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  const duration = await menu.evaluate((element) => getComputedStyle(element.closest('.MuiPaper-root') ?? element).transitionDuration);
  // MUI mounts a button's ripple layer at its first press, and never when ripples are off.
  const ripples = await page.locator('.MuiTouchRipple-root').count();
  return { duration, ripples };
}

// Every other test runs with prefers-reduced-motion: reduce (playwright.config.ts), as a user who asked their system for less motion.
test('a user who asked for less motion gets none: the menu appears without a transition, buttons have no ripple', async ({ page }) => {
  const { duration, ripples } = await menuMotion(page);
  expect(duration.split(',').every((part) => part.trim() === '0s')).toBe(true);
  expect(ripples).toBe(0);
});

test.describe('without a preference', () => {
  test.use({ reducedMotion: 'no-preference' });
  test('the menu grows in with a transition, and buttons ripple', async ({ page }) => {
    const { duration, ripples } = await menuMotion(page);
    expect(duration.split(',').some((part) => part.trim() !== '0s')).toBe(true);
    expect(ripples).toBeGreaterThan(0);
  });
});
