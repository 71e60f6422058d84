import { expect, test, type Page } from '@playwright/test';
import { DEMO, api, apiSignIn, saveScreenshot, signInWithStoredSession, uniqueSuffix } from './helpers';
import { scaled } from './time-scale';

async function bellCount(page: Page): Promise<number> {
  const label = await page
    .getByRole('banner')
    .getByRole('link', { name: /^Notifiche \(\d+ non lette\)$/ })
    .getAttribute('aria-label');
  return Number(label!.match(/\d+/)![0]);
}

test("the comune writes a formatted communication to one structure; it reaches the hotelier's bell and the comune sees it read", async ({ browser }) => {
  test.setTimeout(scaled(120_000));
  const title = `Nuovo regolamento e2e ${uniqueSuffix()}`;

  const hotelierPage = await browser.newPage();
  const hotelier = await signInWithStoredSession(hotelierPage, DEMO.hotelier);
  const unseen = async () => (await api<{ count: number }>(hotelierPage.request, 'GET', '/api/notifications/count', { token: hotelier.token })).count;
  await hotelierPage.goto('/communications');
  const before = await unseen();
  await expect.poll(() => bellCount(hotelierPage)).toBe(before);

  // The comune writes it in the editor, with bold text, to Hotel Serapo only.
  const cityPage = await browser.newPage();
  await signInWithStoredSession(cityPage, DEMO.city);
  await cityPage.goto('/communications/create');
  await cityPage.getByRole('textbox', { name: 'Titolo' }).fill(title);
  await cityPage.getByRole('button', { name: 'Invia' }).click();
  await expect(cityPage.getByText('Campo obbligatorio').first()).toBeVisible();
  const editor = cityPage.getByTestId('rich-text-editor');
  await editor.click();
  await cityPage.getByRole('button', { name: 'Grassetto' }).click();
  await cityPage.keyboard.type('Dal 1° gennaio cambia la tariffa.');
  await cityPage.getByRole('button', { name: 'Grassetto' }).click();
  await cityPage.keyboard.type(' Leggete il nuovo regolamento.');
  await expect(editor.locator('b, strong')).toHaveText('Dal 1° gennaio cambia la tariffa.');
  await cityPage.getByLabel('Strutture scelte').check();
  await cityPage.getByLabel('Strutture', { exact: true }).fill('Serapo');
  await cityPage.getByRole('option', { name: 'Hotel Serapo' }).click();
  await cityPage.getByRole('button', { name: 'Invia' }).click();
  await expect(cityPage).toHaveURL(/\/communications\/[0-9a-f-]{36}$/);
  await expect(cityPage.getByTestId('communication-text').locator('strong, b')).toHaveText('Dal 1° gennaio cambia la tariffa.');
  await expect(cityPage.getByTestId('read-summary')).toHaveText(/^Letta da 0 su \d+$/);
  await expect(cityPage.getByTestId('recipients')).toContainText(DEMO.hotelier);

  // The hotelier's bell counts it (re-read on load: the websocket is off in the shipped configuration).
  // Filing reminders of the daily job may add notifications meanwhile, so the bell is compared with
  // the server's count and the new notification is looked up by its title.
  const notifications = await api<{ title: string; hasBeenSeen: boolean }[]>(hotelierPage.request, 'GET', '/api/notifications?limit=20', { token: hotelier.token });
  expect(notifications.find((n) => n.title === title)?.hasBeenSeen).toBe(false);
  const after = await unseen();
  expect(after).toBeGreaterThan(before);
  await hotelierPage.reload();
  await expect.poll(() => bellCount(hotelierPage)).toBe(after);
  await hotelierPage.goto('/notifications');
  await expect(hotelierPage.getByTestId('notification-list')).toContainText(title);
  await saveScreenshot(hotelierPage, 'filings-communication-bell');
  await hotelierPage.goto('/communications');
  await hotelierPage.locator('tbody tr', { hasText: title }).click();
  await expect(hotelierPage.getByTestId('communication-text')).toContainText('Leggete il nuovo regolamento.');
  await saveScreenshot(hotelierPage, 'filings-communication-hotelier');

  // Opening it counts as reading it: the comune sees who has read it.
  const city = await apiSignIn(cityPage.request, DEMO.city);
  const communicationId = cityPage.url().split('/').pop()!;
  await expect
    .poll(
      async () =>
        (await api<{ email: string; hasRead: boolean }[]>(cityPage.request, 'GET', `/api/communications/${communicationId}/recipients`, { token: city.token })).find((r) => r.email === DEMO.hotelier)
          ?.hasRead,
    )
    .toBe(true);
  await cityPage.reload();
  await expect(cityPage.getByTestId('recipients').locator('tr', { hasText: DEMO.hotelier })).not.toContainText('Non letta');
  await saveScreenshot(cityPage, 'filings-communication');
});
