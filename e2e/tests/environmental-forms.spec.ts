import { expect, test } from '@playwright/test';
import { api, apiSignIn, DEMO, fillDate, saveScreenshot, signInThroughPage } from './helpers';
import { scaled } from './time-scale';

/*
 * Waste forms end to end: a supplier registers a form, picking the EER code by searching its
 * Italian description ("terre e rocce"), and the consortium approves it, after which the form is
 * read-only for the supplier; a form rejected at destination opens an NCA report.
 */

/** A FIR number in RENTRI's format, different on every run. */
const firNumber = () => `XRBC ${String(Date.now()).slice(-6)} HF`;

test('a supplier registers a form picking the EER code by "terre e rocce"; the consortium approves it', async ({ page }) => {
  // Three sign-ins and a long form: more than the default minute on a busy machine.
  test.setTimeout(scaled(150_000));
  const code = firNumber();
  await signInThroughPage(page, DEMO.agency);
  await page.locator('[data-testid^="menu-group-"] a[href="/forms"]').click();
  await expect(page).toHaveURL(/\/forms/);
  await expect(page.getByTestId('form-totals')).toBeVisible();
  await page.goto('/forms/create');

  await page.locator('input[name="code"]').fill(code);
  await page.getByLabel('Ordine').fill('Scavo galleria');
  await page.getByRole('option', { name: 'ODL 01/2025 - Scavo galleria Monte Altino' }).click();
  await fillDate(page, 'Periodo dal', '2026-11-02');
  await fillDate(page, 'Periodo al', '2026-11-06');

  // The EER code, found by its Italian description; the mirror entry asks for the analysis.
  await page.getByTestId('eer-input').fill('terre e rocce');
  await expect(page.getByTestId('eer-option-170503')).toBeVisible();
  await page.getByTestId('eer-option-170504').click();
  await expect(page.getByTestId('eer-input')).toHaveValue('17 05 04 – terra e rocce, diverse da quelle di cui alla voce 17 05 03');
  await expect(page.getByText('Voce a specchio: serve un’analisi')).toBeVisible();

  await page.getByLabel('Provenienza').click();
  await page.getByRole('option', { name: 'S – Speciale' }).click();
  await page.getByLabel('Stato fisico').click();
  await page.getByRole('option', { name: 'S – Solido', exact: true }).click();
  await page.locator('input[name="quantity.value"]').fill('12500,5');
  await page.locator('input[name="certificate.number"]').fill('RDP-LAZ-2026-0160');

  const party = async (prefix: string, name: string, taxCode: string) => {
    await page.locator(`input[name="${prefix}.name"]`).fill(name);
    await page.locator(`input[name="${prefix}.taxCode"]`).fill(taxCode);
    await page.locator(`input[name="${prefix}.address.street"]`).fill('Via Appia Nuova 1200');
    await page.locator(`input[name="${prefix}.address.city"]`).fill('Roma');
  };
  // The producer's partita IVA with a wrong check digit: shown on its field, nothing is sent.
  await party('producer', 'Consorzio Autostrade Tirreniche', '00743110158');
  await party('transporters.0', 'Autotrasporti Formia S.r.l.', 'RCCMNL83S18D969H');
  await party('receiver', 'Recuperi Inerti Lazio S.r.l.', '00743110157');
  await page.getByLabel('Operazione (R/D)').click();
  // Each operation shows its meaning next to the code (D.Lgs. 152/2006 allegato C, in RENTRI's wording).
  await page.getByRole('option', { name: 'R5 – Riciclo/recupero di altre sostanze inorganiche', exact: true }).click();
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Codice fiscale o partita IVA non valido')).toBeVisible();
  await expect(page).toHaveURL(/\/forms\/create$/);
  await page.locator('input[name="producer.taxCode"]').fill('00743110157');
  await expect(page.getByText('Codice fiscale o partita IVA non valido')).toHaveCount(0);
  await saveScreenshot(page, 'environmental-form-create');
  await page.getByRole('button', { name: 'Salva' }).click();

  await expect(page).toHaveURL(/\/forms\/[0-9a-f-]{36}$/);
  const formUrl = new URL(page.url()).pathname;
  await expect(page.getByTestId('form-status')).toHaveText('Compilato');
  // A supplier is offered no review action.
  await expect(page.getByTestId('form-approve')).toHaveCount(0);

  // The consortium approves it.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signInThroughPage(page, DEMO.consortium);
  await page.goto('/forms');
  await expect(page.getByText(code)).toBeVisible();
  await page.goto(formUrl);
  await expect(page.getByTestId('form-status')).toHaveText('Compilato');
  await page.getByTestId('form-approve').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Conferma' }).click();
  await expect(page.getByTestId('form-status')).toHaveText('Firmato dal produttore');
  await expect(page.getByText('Formulario approvato: non si può più modificare.')).toBeVisible();
  await saveScreenshot(page, 'environmental-form-approved');

  // Read-only for the supplier from now on.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signInThroughPage(page, DEMO.agency);
  await page.goto(formUrl);
  await expect(page.getByTestId('form-status')).toHaveText('Firmato dal produttore');
  await expect(page.getByRole('button', { name: 'Salva' })).toHaveCount(0);
});

test('a form rejected at destination for non-conformity opens a prefilled NCA report', async ({ page, request }) => {
  test.setTimeout(scaled(120_000));
  const { token } = await apiSignIn(request, DEMO.consortium);
  const [form] = await api(request, 'GET', `/api/forms?code=${encodeURIComponent('XRBC 000104 HF')}`, { token });
  await signInThroughPage(page, DEMO.consortium);
  await page.goto(`/forms/${form._id}`);
  await expect(page.getByTestId('form-rejected-at-destination')).toBeVisible();
  await page.getByTestId('form-open-nca').click();
  await expect(page).toHaveURL(/\/nca-reports\/[0-9a-f-]{36}/);
  const reportId = /\/nca-reports\/([0-9a-f-]{36})/.exec(page.url())![1];
  const report = await api(request, 'GET', `/api/nca-reports/${reportId}`, { token });
  expect(report).toMatchObject({ status: 'pending', lotId: form.lotId, orderId: form.orderId, targetAgencyId: form.targetAgencyId });
  expect(report.description).toContain('XRBC 000104 HF');
  // Back on the form: the link to its NCA instead of a second one.
  await page.goto(`/forms/${form._id}`);
  await expect(page.getByTestId('form-nca-link')).toBeVisible();
  await expect(page.getByTestId('form-open-nca')).toHaveCount(0);
});
