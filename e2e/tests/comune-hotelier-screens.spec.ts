import { expect, test } from '@playwright/test';
import { DEMO, api, saveScreenshot, signInWithStoredSession } from './helpers';

/*
 * The hotelier's grouped to-do, the stay form's breakdown on a laptop and a phone and the stay's
 * documents, the comune's filing settings and logo, and the comune browsing all its declarations.
 */

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** The demo hotelier's most recent stay (not yet declared, so it can still change). */
async function latestStayId(page: import('@playwright/test').Page, token: string): Promise<string> {
  const stays = await api<{ _id: string; isLocked?: boolean }[]>(page.request, 'GET', '/api/stays?sort=-checkIn&limit=20', { token });
  const open = stays.find((stay) => !stay.isLocked);
  expect(open, 'an open stay in the demo data').toBeTruthy();
  return open!._id;
}

test('the hotelier dashboard groups what to do, late first, with one count per group instead of a chip per row', async ({ page }) => {
  const session = await signInWithStoredSession(page, DEMO.hotelier);
  const { toDo } = await api<{ toDo: { action: string; overdue: boolean }[] }>(page.request, 'GET', '/api/dashboards/hotelier', { token: session.token });
  await page.goto('/dashboard');
  const todo = page.getByTestId('dashboard-todo');
  await expect(todo.getByRole('heading', { name: `Da fare (${toDo.length})` })).toBeVisible();
  const actions = [...new Set(toDo.map((item) => item.action))];
  await expect(todo.locator('[data-testid^="todo-group-"]')).toHaveCount(actions.length);
  // Each group says how many of its items are late, once.
  for (const action of actions) {
    const late = toDo.filter((item) => item.action === action && item.overdue).length;
    const badge = todo.getByTestId(`todo-late-${action}`);
    if (late > 0) await expect(badge).toHaveText(`${late} in ritardo`);
    else await expect(badge).toHaveCount(0);
  }
  // Only the first group is open: its rows link to the declaration (or Modello 21) to act on.
  const first = todo.locator('[data-testid^="todo-group-"]').first();
  await expect(first.getByTestId('todo-item').first()).toBeVisible();
  await expect(todo.getByTestId('todo-item')).toHaveCount(await first.getByTestId('todo-item').count());
  await saveScreenshot(page, 'hotelier-dashboard-grouped');
  // Opening another group closes the first.
  const second = todo.locator('[data-testid^="todo-group-"]').nth(1);
  if ((await second.count()) > 0) {
    await second.getByRole('button').first().click();
    await expect(second.getByTestId('todo-item').first()).toBeVisible();
    await expect(first.getByTestId('todo-item')).toHaveCount(0);
  }
  await todo.getByTestId('todo-item').first().click();
  await expect(page).toHaveURL(/\/(declarations|twentyOneModels)\//);
});

test('on a laptop the stay total stays in view down the form; on a phone a summary bar opens the breakdown', async ({ page, browser }) => {
  const session = await signInWithStoredSession(page, DEMO.hotelier);
  const stayId = await latestStayId(page, session.token);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`/stays/${stayId}`);
  await expect(page.getByTestId('tax-to-pay')).toBeInViewport();
  await page.getByRole('heading', { name: 'Documenti del soggiorno' }).scrollIntoViewIfNeeded();
  await expect(page.getByTestId('tax-to-pay')).toBeInViewport();
  await expect(page.getByTestId('tax-summary-bar')).toBeHidden();

  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signInWithStoredSession(phone, DEMO.hotelier);
  await phone.goto(`/stays/${stayId}`);
  const total = await page.getByTestId('tax-to-pay').textContent();
  await expect(phone.getByTestId('tax-summary-to-pay')).toHaveText(total!);
  await expect(phone.getByTestId('tax-breakdown')).toBeHidden();
  await phone.getByRole('heading', { name: 'Ospite capogruppo' }).scrollIntoViewIfNeeded();
  await expect(phone.getByTestId('tax-summary-bar')).toBeInViewport();
  await phone.getByTestId('tax-summary-open').click();
  const sheet = phone.getByRole('dialog');
  await expect(sheet.getByTestId('tax-breakdown')).toBeVisible();
  await expect(sheet.getByTestId('tax-to-pay')).toHaveText(total!);
  await saveScreenshot(phone, 'stay-phone-breakdown');
  await phone.getByTestId('tax-summary-close').click();
  await expect(sheet).toHaveCount(0);
  await phone.close();
});

test('a hotelier attaches a document to a stay, downloads and deletes it; the comune reads it but cannot add one', async ({ page, browser }) => {
  const session = await signInWithStoredSession(page, DEMO.hotelier);
  const stayId = await latestStayId(page, session.token);
  await page.goto(`/stays/${stayId}`);
  const files = page.getByTestId('stay-files');
  await files.scrollIntoViewIfNeeded();
  await files.locator('input[type=file]').setInputFiles({ name: 'documento-ospite.png', mimeType: 'image/png', buffer: PNG_1X1 });
  const row = files.getByTestId('stay-file').filter({ hasText: 'documento-ospite.png' });
  await expect(row).toBeVisible();
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: /Scarica/ }).click();
  expect((await download).suggestedFilename()).toBe('documento-ospite.png');
  await saveScreenshot(page, 'stay-files');

  const city = await browser.newPage();
  await signInWithStoredSession(city, DEMO.city);
  await city.goto(`/stays/${stayId}`);
  await expect(city.getByTestId('stay-file').filter({ hasText: 'documento-ospite.png' })).toBeVisible();
  await expect(city.getByTestId('stay-files').locator('input[type=file]')).toHaveCount(0);
  await expect(city.getByTestId('stay-file').getByRole('button', { name: /Elimina/ })).toHaveCount(0);
  await city.close();

  await row.getByRole('button', { name: /Elimina/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Conferma' }).click();
  await expect(row).toHaveCount(0);
});

test('the comune sets its reminder days (0 to 60) on the filing settings screen; a hotelier is not offered it', async ({ page, browser }) => {
  const session = await signInWithStoredSession(page, DEMO.city);
  const before = await api<{ reminderDaysAhead: number }>(page.request, 'GET', '/api/filing-settings', { token: session.token });
  await page.goto('/dashboard');
  await page.locator('[data-testid^="menu-group-"] a[href="/filing-settings"]').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Impostazioni dichiarazioni' })).toBeVisible();
  const days = page.getByTestId('reminder-days');
  await expect(days).toHaveValue(String(before.reminderDaysAhead));
  await days.fill('99');
  await page.getByTestId('filing-settings-save').click();
  await expect(page.getByText('Un numero intero da 0 a 60')).toBeVisible();
  const next = before.reminderDaysAhead === 12 ? 13 : 12;
  await days.fill(String(next));
  await page.getByTestId('filing-settings-save').click();
  await expect(page.getByText('Impostazioni salvate')).toBeVisible();
  expect((await api(page.request, 'GET', '/api/filing-settings', { token: session.token })).reminderDaysAhead).toBe(next);
  await page.reload();
  await expect(page.getByTestId('reminder-days')).toHaveValue(String(next));
  await saveScreenshot(page, 'city-filing-settings');
  await api(page.request, 'PUT', '/api/filing-settings', { token: session.token, body: { reminderDaysAhead: before.reminderDaysAhead } });

  const hotelier = await browser.newPage();
  await signInWithStoredSession(hotelier, DEMO.hotelier);
  await hotelier.goto('/dashboard');
  await expect(hotelier.locator('[data-testid^="menu-group-"] a[href="/stays"]')).toBeVisible();
  await expect(hotelier.locator('[data-testid^="menu-group-"] a[href="/filing-settings"]')).toHaveCount(0);
  await hotelier.goto('/filing-settings');
  await expect(hotelier.getByTestId('forbidden')).toBeVisible();
  await expect(hotelier.getByTestId('reminder-days')).toHaveCount(0);
  await hotelier.close();
});

test('the comune uploads its logo on its page, and its dashboard shows it', async ({ page }) => {
  const session = await signInWithStoredSession(page, DEMO.city);
  const cityId = session.user.cityId as string;
  const before = await api<{ logo: string | null; updatedAt: string }>(page.request, 'GET', `/api/cities/${cityId}`, { token: session.token });
  await page.goto(`/cities/${cityId}`);
  await page.getByTestId('city-logo-input').locator('input[type=file]').setInputFiles({ name: 'stemma.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expect(page.getByText('Salva per usare questa immagine come stemma.')).toBeVisible();
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect.poll(async () => (await api(page.request, 'GET', `/api/cities/${cityId}`, { token: session.token })).logo).not.toBe(before.logo);
  await page.goto('/dashboard');
  const identity = page.getByTestId('comune-identity');
  await expect(identity).toContainText('Gaeta');
  await expect(identity.locator('img')).toHaveAttribute('src', /^blob:/);
  await saveScreenshot(page, 'city-dashboard-logo');
});

test('the comune browses all its declarations across years and finds them by structure name', async ({ page }) => {
  const session = await signInWithStoredSession(page, DEMO.city);
  const all = await api<{ structureId: string; year: number }[]>(page.request, 'GET', '/api/declarations?allYears=true&limit=500', { token: session.token });
  const serapo = await api<{ _id: string }[]>(page.request, 'GET', '/api/structures?q=Serapo', { token: session.token });
  const serapoCount = all.filter((d) => serapo.some((s) => s._id === d.structureId)).length;
  expect(serapoCount).toBeGreaterThan(0);
  await page.goto('/declarations');
  await page.getByLabel('Tutti gli anni').check();
  await expect(page.getByText(`di ${all.length}`)).toBeVisible();
  await page.getByLabel('Codice, TRN o struttura').fill('serapo');
  await expect(page.getByText(`di ${serapoCount}`)).toBeVisible();
  await expect(page.locator('tbody tr').filter({ hasNotText: 'Hotel Serapo' })).toHaveCount(0);
  await saveScreenshot(page, 'city-declarations-all-years');
});

test("with all years on, the comune's period filter offers every year's periods, each with its dates, and filters by one of another year", async ({ page }) => {
  const session = await signInWithStoredSession(page, DEMO.city);
  const periods = await api<{ _id: string; year: number; periodName: string; dateFrom: string; dateTo: string }[]>(page.request, 'GET', '/api/declaration-templates?allYears=true&limit=500', {
    token: session.token,
  });
  const years = [...new Set(periods.map((period) => period.year))];
  expect(years.length, 'the demo comune has periods in more than one year').toBeGreaterThan(1);
  const italian = (iso: string) => iso.split('-').reverse().join('/');
  await page.goto('/declarations');
  // The list's title names the selected year ("Dichiarazioni 2026").
  await expect(page.locator('#react-admin-title')).toHaveText(/\d{4}/);
  const selectedYear = Number((await page.locator('#react-admin-title').textContent())?.match(/\d{4}/)?.[0]);
  const periodFilter = page.getByRole('combobox', { name: 'Periodo' });

  // One year: that year's periods by name.
  await periodFilter.click();
  await expect(page.getByRole('option').filter({ hasText: /\S/ })).toHaveCount(periods.filter((period) => period.year === selectedYear).length);
  await page.keyboard.press('Escape');

  // Every year: every period, named with its dates in Italian.
  await page.getByLabel('Tutti gli anni').check();
  const other = periods.find((period) => period.year !== selectedYear)!;
  const otherText = `${other.periodName} (${italian(other.dateFrom)} – ${italian(other.dateTo)})`;
  await periodFilter.click();
  await expect(page.getByRole('option', { name: otherText })).toBeVisible();
  await expect(page.getByRole('option').filter({ hasText: /\S/ })).toHaveCount(periods.length);
  await saveScreenshot(page, 'city-declarations-all-years-periods');
  await page.getByRole('option', { name: otherText }).click();

  // The list shows that period's declarations, each naming its period.
  const declarations = await api<unknown[]>(page.request, 'GET', `/api/declarations?allYears=true&declarationTemplateId=${other._id}&limit=500`, { token: session.token });
  if (declarations.length === 0) await expect(page.getByTestId('year-list-empty')).toBeVisible();
  else {
    await expect(page.locator('tbody tr')).toHaveCount(declarations.length);
    await expect(page.locator('tbody tr').filter({ hasNotText: other.periodName })).toHaveCount(0);
  }
});

test('on a phone a stacked table shows each value with its column heading; on a laptop the headings stay in the header row', async ({ page, browser }) => {
  await signInWithStoredSession(page, DEMO.city);
  /** Each cell of the first row: its heading shown before it (the ::before text) and the header cell's text of its column. */
  const firstRowLabels = (target: import('@playwright/test').Page) =>
    target.evaluate(() => {
      const headers = [...document.querySelectorAll('.RaDataTable-thead th')].map((th) => th.textContent?.trim() ?? '');
      const cells = [...document.querySelectorAll('.RaDataTable-tbody tr:first-child td')];
      return cells.map((cell, index) => {
        const before = getComputedStyle(cell, '::before');
        const shown = before.content !== 'none' && before.display !== 'none' ? (before.content.match(/^"([^"]*)"/)?.[1] ?? before.content) : null;
        return { header: headers[index], shown, visible: (cell as HTMLElement).offsetHeight > 0 };
      });
    });
  await page.goto('/declaration-templates');
  await expect(page.locator('.RaDataTable-tbody tr').first()).toBeVisible();
  for (const cell of await firstRowLabels(page)) expect(cell.shown, `laptop: no heading inside the ${cell.header} cell`).toBeNull();

  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signInWithStoredSession(phone, DEMO.city);
  await phone.goto('/declaration-templates');
  await expect(phone.locator('.RaDataTable-tbody tr').first()).toBeVisible();
  const cells = (await firstRowLabels(phone)).filter((cell) => cell.visible);
  expect(cells.length).toBeGreaterThan(2);
  for (const cell of cells) expect(cell.shown, `phone: the value of ${cell.header} shows its heading`).toBe(cell.header);
  // The heading is shown, not read twice: the header row still names the columns for screen readers.
  await expect(phone.getByRole('columnheader', { name: cells[1].header })).toBeAttached();
  await saveScreenshot(phone, 'phone-stacked-table-headings');
  await phone.close();
});
