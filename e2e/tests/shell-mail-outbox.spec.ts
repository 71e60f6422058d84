import { expect, test } from '@playwright/test';
import { DEMO, api, apiSignIn, saveScreenshot, signInWithStoredSession, uniqueSuffix } from './helpers';

test('on a demo server a user reads the e-mails sent to them in the app, and only theirs', async ({ page }) => {
  const hotelier = await signInWithStoredSession(page, DEMO.hotelier);
  // A comune's communication to a structure of this hotelier notifies its hoteliers, by e-mail too.
  const city = await apiSignIn(page.request, DEMO.city);
  const [serapo] = await api(page.request, 'GET', `/api/structures?q=${encodeURIComponent('Hotel Serapo')}`, { token: city.token });
  const title = `Posta e2e ${uniqueSuffix()}`;
  await api(page.request, 'POST', '/api/communications', { token: city.token, body: { title, text: `<p>${title}</p>`, audience: 'structures', structureIds: [serapo._id] }, expectStatus: 201 });
  await expect.poll(async () => (await api<{ subject: string }[]>(page.request, 'GET', `/api/mail-outbox?q=${encodeURIComponent(title)}`, { token: hotelier.token })).length).toBeGreaterThan(0);

  await page.goto('/dashboard');
  await page.getByRole('menuitem', { name: 'Posta inviata' }).click();
  await expect(page).toHaveURL(/\/mail-outbox/);
  await expect(page.getByTestId('mail-outbox-intro')).toContainText('ti ha inviato');
  // Only the hotelier's own messages: no recipient column, nobody else's address.
  await expect(page.getByRole('columnheader', { name: 'Destinatario' })).toHaveCount(0);
  await page.getByRole('row').filter({ hasText: title }).first().click();
  await expect(page).toHaveURL(/\/mail-outbox\/[^/]+\/show$/);
  await expect(page.getByTestId('mail-body')).toContainText(title);
  await saveScreenshot(page, 'mail-outbox-hotelier');

  // Another user's message does not exist for the hotelier.
  const admin = await apiSignIn(page.request, DEMO.admin);
  const [toCity] = await api<{ _id: string }[]>(page.request, 'GET', `/api/mail-outbox?to=${encodeURIComponent(DEMO.city)}&limit=1`, { token: admin.token });
  if (toCity) await api(page.request, 'GET', `/api/mail-outbox/${toCity._id}`, { token: hotelier.token, expectStatus: 404 });
});
