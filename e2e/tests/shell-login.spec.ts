import { expect, test } from '@playwright/test';
import { DEMO, saveScreenshot, signInThroughPage } from './helpers';

// Root redirect after sign-in: admin -> users list; city and user -> structures list; consortium staff -> dashboard;
// a supplier agency or a laboratory -> its own company. `shows` is what the landing page must render with the
// demo data (the admin sees the Gaeta account, the Gaeta comune and the hotelier both see Hotel Serapo, the
// consortium the registry figures of its dashboard, each supplier its own company's name).
const LANDINGS = [
  { who: 'admin', email: DEMO.admin, path: '/users', shows: DEMO.city },
  { who: 'city', email: DEMO.city, path: '/structures', shows: 'Hotel Serapo' },
  { who: 'hotelier', email: DEMO.hotelier, path: '/structures', shows: 'Hotel Serapo' },
  { who: 'consortium', email: DEMO.consortium, path: '/dashboard', shows: 'Imprese per stato dell’invito' },
  { who: 'agency', email: DEMO.agency, path: '/my-company', shows: 'Edil Strade Tirrenia S.p.A.' },
  { who: 'lab', email: DEMO.lab, path: '/my-company', shows: 'Laboratorio Analisi Ambientali Lazio S.r.l.' },
] as const;

test.describe('sign in as each demo account', () => {
  for (const { who, email, path, shows } of LANDINGS) {
    test(`${who} lands on ${path}`, async ({ page }) => {
      await signInThroughPage(page, email);
      await expect(page).toHaveURL(new RegExp(`${path}(\\?.*)?$`));
      // The shell is there: app bar with the user's menu, and the page itself rendered (no error page).
      await expect(page.getByTestId('app-name')).toBeVisible();
      await expect(page.getByText('Pagina non trovata')).toHaveCount(0);
      await expect(page.getByText('Accesso non consentito')).toHaveCount(0);
      await expect(page.getByText(shows).first()).toBeVisible();
      await saveScreenshot(page, `shell-login-${who}`);
    });
  }

  test('a wrong password shows the error and stays on the sign-in page', async ({ page }) => {
    await page.goto('/on-boarding/login');
    await page.getByLabel('Email').fill(DEMO.admin);
    await page.getByLabel('Password', { exact: true }).fill('Wrong1234');
    await page.getByRole('button', { name: 'Accedi' }).click();
    await expect(page.getByTestId('login-error')).toHaveText('Email o password non corretti.');
    await expect(page).toHaveURL(/\/on-boarding\/login$/);
    await saveScreenshot(page, 'shell-login-wrong-password');
  });

  test('a signed-out visitor of a private page is sent to sign in', async ({ page }) => {
    await page.goto('/users');
    await expect(page).toHaveURL(/\/on-boarding\/login$/);
  });
});
