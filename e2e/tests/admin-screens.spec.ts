import { expect, test } from '@playwright/test';
import { DEMO, api, saveScreenshot, signInWithStoredSession, uniqueSuffix } from './helpers';

test('an admin writes a FAQ that a hotelier then reads, and a comune is not offered FAQs', async ({ page, browser }) => {
  await signInWithStoredSession(page, DEMO.admin);
  const question = `Come si calcola l'imposta? ${uniqueSuffix()}`;
  await page.goto('/faqs/create');
  await page.getByLabel('Domanda').fill(question);
  await page.getByLabel('Risposta').fill('Notti per ospiti per tariffa, con riduzioni ed esenzioni.');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page).toHaveURL(/\/faqs$/);
  await expect(page.getByRole('row').filter({ hasText: question })).toBeVisible();
  await saveScreenshot(page, 'admin-faqs-list');

  const hotelier = await browser.newPage();
  await signInWithStoredSession(hotelier, DEMO.hotelier);
  await hotelier.goto('/faqs');
  await expect(hotelier.getByRole('row').filter({ hasText: question })).toBeVisible();
  // The hidden demo FAQ is an admin's draft: the hotelier does not see it.
  await expect(hotelier.getByText('Bozza: pagamento con PagoPA')).toHaveCount(0);
  await expect(hotelier.getByRole('link', { name: 'Nuovo' })).toHaveCount(0);
  await hotelier.close();

  const city = await browser.newPage();
  await signInWithStoredSession(city, DEMO.city);
  await city.goto('/categories');
  await expect(city.getByRole('row').filter({ hasText: 'Concerti' })).toBeVisible();
  await expect(city.getByRole('navigation').getByText('FAQ', { exact: true })).toHaveCount(0);
  await city.close();
});

test('an admin confirms the event a hotelier proposed; the hotelier may only cancel their own', async ({ page, browser }) => {
  const hotelierPage = await browser.newPage();
  await signInWithStoredSession(hotelierPage, DEMO.hotelier);
  const name = `Mercatino ${uniqueSuffix()}`;
  await hotelierPage.goto('/events/create');
  await hotelierPage.getByLabel('Nome').fill(name);
  await hotelierPage.getByRole('button', { name: 'Salva' }).click();
  await expect(hotelierPage.getByTestId('event-status')).toHaveText('In attesa di conferma');
  await expect(hotelierPage.getByTestId('event-confirm')).toHaveCount(0);
  await expect(hotelierPage.getByTestId('event-cancel')).toBeVisible();
  await hotelierPage.close();

  await signInWithStoredSession(page, DEMO.admin);
  await page.goto('/events');
  await page.getByRole('row').filter({ hasText: name }).click();
  await page.getByTestId('event-confirm').click();
  await expect(page.getByTestId('event-status')).toHaveText('Confermato');
  await saveScreenshot(page, 'admin-event-confirmed');
  await page.getByTestId('event-cancel').click();
  await expect(page.getByTestId('event-status')).toHaveText('Annullato');
});

test('customers have registry, addresses and contacts tabs; a short link redirects to its long link', async ({ page }) => {
  const admin = await signInWithStoredSession(page, DEMO.admin);
  await page.goto('/customers');
  await page.getByRole('row').filter({ hasText: 'Hotel Serapo S.r.l.' }).click();
  await page.getByRole('tab', { name: 'Indirizzi' }).click();
  await expect(page.getByRole('heading', { name: 'Indirizzo di spedizione' })).toBeVisible();
  await expect(page.locator('input[name="shippingAddress.streetName"]')).toHaveValue('Lungomare Caboto 5');
  await page.getByRole('tab', { name: 'Contatti' }).click();
  await expect(page.locator('input[name="billingInfo.pec"]')).toHaveValue('amministrazione@pec.hotelserapo.it');

  await page.goto('/projects');
  await expect(page.getByRole('row').filter({ hasText: 'App turistica di Gaeta' })).toBeVisible();

  const code = `e2e-${uniqueSuffix()}`;
  await page.goto('/links/create');
  await page.getByLabel('Link completo').fill('https://example.test/programma');
  await page.getByLabel('Codice').fill(code);
  await page.getByLabel('Titolo per i social').fill('Programma estivo');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByTestId('link-preview')).toContainText('Programma estivo');
  await expect(page.getByTestId('link-preview')).toContainText(`/l/${code}`);
  const response = await page.request.get(`/l/${code}`, { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe('https://example.test/programma');
  const [link] = await api(page.request, 'GET', `/api/links?shortCode=${code}`, { token: admin.token });
  expect(link.longLink).toBe('https://example.test/programma');
});
