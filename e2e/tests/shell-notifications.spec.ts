import { expect, test, type Page } from '@playwright/test';
import { DEMO, api, apiSignIn, saveScreenshot, signInWithStoredSession, uniqueSuffix } from './helpers';

/** The unseen count the bell announces ("Notifiche (N non lette)"). */
async function bellCount(page: Page): Promise<number> {
  const label = await page
    .getByRole('banner')
    .getByRole('link', { name: /^Notifiche \(\d+ non lette\)$/ })
    .getAttribute('aria-label');
  return Number(label!.match(/\d+/)![0]);
}

test('the bell counts new notifications; reading one lowers it by one, reading all sets it to 0', async ({ page }) => {
  const hotelier = await signInWithStoredSession(page, DEMO.hotelier);
  const unseenOnServer = async () => (await api<{ count: number }>(page.request, 'GET', '/api/notifications/count', { token: hotelier.token })).count;

  // Notifications come from product events: the comune sends two communications to a structure of
  // this hotelier only (Hotel Serapo), each notifies the structure's hoteliers.
  const city = await apiSignIn(page.request, DEMO.city);
  const [serapo] = await api(page.request, 'GET', `/api/structures?q=${encodeURIComponent('Hotel Serapo')}`, { token: city.token });
  expect(serapo?.name).toBe('Hotel Serapo');

  await page.goto('/notifications');
  await expect(page.getByTestId('notification-list').or(page.getByText('Nessuna notifica.'))).toBeVisible();
  const before = await unseenOnServer();
  await expect.poll(() => bellCount(page)).toBe(before);

  const suffix = uniqueSuffix();
  const titles = [`Avviso e2e ${suffix} A`, `Avviso e2e ${suffix} B`];
  for (const title of titles) {
    await api(page.request, 'POST', '/api/communications', { token: city.token, body: { title, text: `<p>${title}</p>`, audience: 'structures', structureIds: [serapo._id] }, expectStatus: 201 });
  }
  expect(await unseenOnServer()).toBe(before + 2);

  // With the websocket off (shipped configuration) the count is re-read on load and every minute.
  await page.reload();
  await expect.poll(() => bellCount(page)).toBe(before + 2);
  await expect(page.getByText(`${before + 2} notifiche non lette`)).toBeVisible();
  const newest = page.getByTestId('notification-list').getByRole('button').filter({ hasText: titles[1] });
  await expect(newest).toHaveAttribute('data-seen', 'false');
  await saveScreenshot(page, 'shell-notifications-unseen');

  await newest.click();
  await expect(newest).toHaveAttribute('data-seen', 'true');
  await expect.poll(() => bellCount(page)).toBe(before + 1);
  expect(await unseenOnServer()).toBe(before + 1);

  await page.getByTestId('mark-all-read').click();
  await expect.poll(() => bellCount(page)).toBe(0);
  await expect(page.getByTestId('notification-list').locator('[data-seen="false"]')).toHaveCount(0);
  expect(await unseenOnServer()).toBe(0);
  await page.reload();
  await expect.poll(() => bellCount(page)).toBe(0);
  await saveScreenshot(page, 'shell-notifications');
});
