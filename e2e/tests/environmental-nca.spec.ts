import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, api, apiSignIn, latestMail, saveScreenshot, signInThroughPage } from './helpers';
import { scaled } from './time-scale';

/*
 * An NCA report from draft to closed, through the screens: the consortium opens a report and asks for
 * the phase-1 signatures; each signer signs with the one-time code read from the mail outbox; the
 * agency writes the cause analysis and proposes an action; the consortium (an admin confirms actions)
 * validates it and gets phases 2 and 3 signed; the closed report's PDF is downloaded and rendered to PNG.
 */

test.describe.configure({ mode: 'serial' });

async function signOut(page: Page) {
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
}

/** Picks an option of a react-admin autocomplete by typing part of its text. */
async function pick(page: Page, label: string, text: string) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill(text);
  await page
    .getByRole('option', { name: new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
    .first()
    .click();
}

/** The consortium names the signers of the phase in the dialog: one row per signer and company function. */
async function requestSignatures(page: Page, button: string, signers: { email: string; fn: string }[]) {
  await page.getByTestId(button).click();
  for (const [index, signer] of signers.entries()) {
    if (index > 0) await page.getByTestId('signer-add').click();
    const row = page.getByTestId(`signer-row-${index}`);
    await row.getByRole('combobox', { name: 'Firmatario' }).fill(signer.email);
    await page.getByRole('option', { name: new RegExp(signer.email) }).click();
    await row.getByRole('combobox', { name: 'Funzione aziendale' }).fill(signer.fn);
    await page.getByRole('option', { name: signer.fn }).click();
  }
  await page.getByTestId('signers-submit').click();
  // The request renders the phase PDF the round signs (a document job): on a busy machine that takes a while.
  await expect(page.getByTestId('signers-submit')).toHaveCount(0, { timeout: scaled(30_000) });
}

/** A signer opens "Le mie firme", asks for the code, reads it from the outbox and signs. */
async function signWithCodeFromOutbox(page: Page, request: APIRequestContext, email: string, reportCode: string | null) {
  await signOut(page);
  await signInThroughPage(page, email);
  await page.goto('/my-signatures');
  // Without the report's code (a draft has none yet), the newest request: the demo data gives signers others too.
  const first = page.locator('[data-testid^="my-signature-"]').first();
  await expect(first).toBeVisible();
  const card = page.getByTestId(reportCode ? `my-signature-${reportCode}` : (await first.getAttribute('data-testid'))!);
  await expect(card).toBeVisible();
  await expect(page.getByText('firma digitale')).toHaveCount(0);
  // A signer's first signature: the signing terms come first, read and accepted once (then the code is sent).
  const signer = await apiSignIn(request, email);
  const terms = await api<{ acceptedAt: string | null }>(request, 'GET', '/api/sign-requests/terms', { token: signer.token });
  await card.getByTestId('otp-send').click();
  if (!terms.acceptedAt) {
    const dialog = page.getByTestId('signing-terms');
    await expect(dialog.getByTestId('signing-terms-text')).toContainText('firma elettronica avanzata con codice OTP');
    await expect(dialog.getByTestId('signing-terms-confirm')).toBeDisabled();
    await dialog.getByRole('checkbox', { name: 'Ho letto e accetto le condizioni d’uso' }).check();
    await dialog.getByTestId('signing-terms-confirm').click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('signing-terms-accepted')).toBeVisible();
  }
  const mail = await latestMail(request, email, 'ncaSigningCode');
  const code = /\b(\d{6})\b/.exec(mail.text)![1];
  await card.getByTestId('otp-input').fill(code);
  await card.getByTestId('otp-sign').click();
  await expect(card).toHaveCount(0);
}

test('an NCA report from draft to closed, with signatures by one-time codes', async ({ page, request }) => {
  test.setTimeout(scaled(300_000));
  const stamp = Date.now().toString(36);
  const consortium = await apiSignIn(request, DEMO.consortium);
  const agency = await apiSignIn(request, DEMO.agency);
  const agencyId = agency.user.agencyId as string;
  const orders = await api<{ _id: string; name: string; lotId: string; agencyIds: string[] }[]>(request, 'GET', '/api/orders?limit=100', { token: consortium.token });
  const order = orders.find((o) => o.agencyIds.includes(agencyId))!;
  const lot = await api<{ name: string }>(request, 'GET', `/api/lots/${order.lotId}`, { token: consortium.token });
  const agencyRecord = await api<{ businessName: string }>(request, 'GET', `/api/agencies/${agencyId}`, { token: consortium.token });

  // The consortium opens a report (phase 1, as a draft).
  await signInThroughPage(page, DEMO.consortium);
  await page.goto('/nca-reports/create');
  await pick(page, 'Lotto', lot.name);
  await pick(page, 'Ordine', order.name);
  await pick(page, 'Impresa', agencyRecord.businessName);
  await pick(page, 'Aspetto ambientale', 'Rumore e vibrazioni');
  await pick(page, 'Gravità', 'Media');
  await pick(page, 'Tipo di NCA', 'Non conformità da sopralluogo');
  await page.getByLabel('Descrizione', { exact: true }).fill(`Lavorazioni rumorose oltre le 20:00 senza deroga (e2e ${stamp})`);
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page).toHaveURL(/\/nca-reports\/[0-9a-f-]{36}$/);
  const reportId = /\/nca-reports\/([0-9a-f-]{36})$/.exec(page.url())![1];
  await expect(page.getByTestId('nca-status')).toHaveText('Bozza');
  await saveScreenshot(page, 'nca-report-draft');
  // The list names the report's lot, company and severity (each column's names fetched once for the page's rows).
  await page.goto('/nca-reports');
  const listed = page.getByRole('row').filter({ hasText: `(e2e ${stamp})` });
  await expect(listed).toContainText(lot.name);
  await expect(listed).toContainText(agencyRecord.businessName);
  await expect(listed).toContainText('Media');
  await page.goto(`/nca-reports/${reportId}`);
  await expect(page.getByTestId('nca-status')).toHaveText('Bozza');

  // Phase 1: signatures of the consortium's environmental manager and of the agency's site manager.
  await requestSignatures(page, 'nca-requestPhase1Signs', [
    { email: DEMO.consortium, fn: 'Responsabile ambientale del consorzio' },
    { email: DEMO.agency, fn: 'Capo cantiere' },
  ]);
  await expect(page.getByTestId('nca-status')).toHaveText('In attesa firme fase 1');
  await saveScreenshot(page, 'nca-report-phase1-signatures');
  await signWithCodeFromOutbox(page, request, DEMO.consortium, null);
  await saveScreenshot(page, 'nca-my-signatures-after');
  await signWithCodeFromOutbox(page, request, DEMO.agency, null);

  // The last signature opened the report, with its code.
  const opened = await api<{ status: string; code: string }>(request, 'GET', `/api/nca-reports/${reportId}`, { token: consortium.token });
  expect(opened.status).toBe('open');
  expect(opened.code).toMatch(/^NCA-/);

  // Phase 2: the agency writes the cause analysis, proposes an action and sends the report for validation.
  await page.goto(`/nca-reports/${reportId}`);
  await expect(page.getByTestId('nca-heading')).toHaveText(opened.code);
  await page.getByLabel('Analisi delle cause').fill('Turno serale non previsto nel cronoprogramma; mancata verifica della deroga comunale.');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Elemento aggiornato').or(page.getByText('Elemento modificato'))).toBeVisible();
  await page.getByTestId('nca-propose-action').click();
  await page.getByLabel('Nome', { exact: true }).fill(`Riprogrammare i turni entro le 20:00 (${stamp})`);
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page).toHaveURL(/\/corrective-actions\/[0-9a-f-]{36}$/);
  const actionId = /\/corrective-actions\/([0-9a-f-]{36})$/.exec(page.url())![1];
  await page.goto(`/nca-reports/${reportId}`);
  await page.getByTestId('nca-submitForValidation').click();
  await page.getByRole('button', { name: 'Conferma' }).click();
  await expect(page.getByTestId('nca-status')).toHaveText('In validazione');
  await saveScreenshot(page, 'nca-report-validation');

  // The consortium validates: an admin confirms the action, the consortium asks for the phase-2 signatures.
  await signOut(page);
  await signInThroughPage(page, DEMO.admin);
  await page.goto(`/corrective-actions/${actionId}`);
  await page.getByTestId('action-confirm').click();
  await expect(page.getByText('Confermata').first()).toBeVisible();
  await signOut(page);
  await signInThroughPage(page, DEMO.consortium);
  await page.goto(`/nca-reports/${reportId}`);
  await requestSignatures(page, 'nca-requestPhase2Signs', [{ email: DEMO.consortium, fn: 'Direttore dei lavori' }]);
  await signWithCodeFromOutbox(page, request, DEMO.consortium, opened.code);

  // Phase 3: the action is carried out and verified, then the closing signatures close the report.
  await page.goto(`/corrective-actions/${actionId}`);
  await page.getByTestId('action-start').click();
  await expect(page.getByTestId('action-complete')).toBeVisible();
  await page.getByTestId('action-complete').click();
  await page.getByTestId('action-close').click();
  await page.getByLabel('Verifica dell’efficacia').fill('Sopralluogo serale del 20/11: nessuna lavorazione dopo le 20:00.');
  await page.getByTestId('action-close-confirm').click();
  await expect(page.getByText('Chiusa').first()).toBeVisible();
  await page.goto(`/nca-reports/${reportId}`);
  await requestSignatures(page, 'nca-requestClosingSigns', [{ email: DEMO.consortium, fn: 'Responsabile ambientale del consorzio' }]);
  await signWithCodeFromOutbox(page, request, DEMO.consortium, opened.code);
  await page.goto(`/nca-reports/${reportId}`);
  await expect(page.getByTestId('nca-status')).toHaveText('Chiusa');
  await page.getByTestId('nca-tab-timeline').click();
  await expect(page.getByTestId('nca-timeline')).toContainText('Fase 3 firmata');
  await saveScreenshot(page, 'nca-report-closed-timeline');

  // The closed report's PDF, rendered to PNG for a person to look at.
  const downloadPromise = page.waitForEvent('download');
  await page.getByTestId('nca-pdf-report').click();
  const download = await downloadPromise;
  const pdf = await download.path();
  expect(fs.readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
  // It carries the installation's seal, and the page says so: poppler's pdfsig checks it over the byte range.
  await expect(page.getByTestId('nca-pdf-seal-note')).toContainText('sigillo elettronico dell’installazione');
  expect(execFileSync('pdfsig', [pdf], { encoding: 'utf8' })).toContain('Signature Validation: Signature is Valid.');
  const artifacts = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../artifacts');
  const prefix = path.join(fs.existsSync(artifacts) ? artifacts : os.tmpdir(), 'nca-closed-report');
  execFileSync('pdftoppm', ['-png', '-r', '80', pdf, prefix]);
  expect(fs.existsSync(`${prefix}-1.png`)).toBe(true);
});

test('a supplier agency holding nca.create reports a non-conformity it detected; its agency is the detector', async ({ page, request }) => {
  test.setTimeout(scaled(120_000));
  const admin = await apiSignIn(request, DEMO.admin);
  const supplier = await apiSignIn(request, 'agency3@demo.test');
  const agencyRecord = await api<{ businessName: string }>(request, 'GET', `/api/agencies/${supplier.user.agencyId as string}`, { token: admin.token });
  const [order] = await api<{ name: string }[]>(request, 'GET', '/api/orders?limit=1&sort=name', { token: supplier.token });

  // Without the key (the permission system is off by default) the page says so plainly.
  await signInThroughPage(page, 'agency3@demo.test');
  await page.goto('/nca-reports/create');
  await expect(page.getByTestId('nca-create-not-granted')).toBeVisible();

  const [flag] = await api<{ _id: string }[]>(request, 'GET', '/api/settings?settingType=feature&code=permissionsSystem', { token: admin.token });
  const keys = await api<{ _id: string; key: string }[]>(request, 'GET', '/api/permissions?limit=500', { token: admin.token });
  // With the permission system on, a supplier's screens read what its role's keys allow: the reports and what the form names.
  const role = await api<{ _id: string }>(request, 'POST', '/api/roles', {
    token: admin.token,
    body: {
      name: `Segnalazioni NCA e2e ${Date.now().toString(36)}`,
      roleType: 'supplier',
      permissionIds: keys.filter((k) => /^(nca\.(create|update)|(nca|orders|settings|agencies)\.(get|getAll))$/.test(k.key)).map((k) => k._id),
    },
  });
  await api(request, 'PUT', `/api/auth/role/assign/employee/${supplier.user._id}`, { token: admin.token, body: { roleIds: [role._id] } });
  await api(request, 'PUT', `/api/settings/${flag._id}`, { token: admin.token, body: { isActive: true } });
  try {
    await page.goto('/nca-reports');
    await page.getByRole('link', { name: 'Crea' }).click();
    await expect(page).toHaveURL(/\/nca-reports\/create$/);
    await expect(page.getByRole('combobox', { name: 'Impresa che l’ha rilevata', exact: true })).toHaveValue(agencyRecord.businessName);
    await pick(page, 'Ordine', order.name);
    await expect(page.getByRole('combobox', { name: 'Impresa', exact: true })).toHaveValue(agencyRecord.businessName);
    await pick(page, 'Aspetto ambientale', 'Rumore e vibrazioni');
    await pick(page, 'Gravità', 'Lieve');
    await pick(page, 'Tipo di NCA', 'Segnalazione esterna');
    await page.getByLabel('Descrizione', { exact: true }).fill('Sversamento di olio idraulico da un escavatore, contenuto con panni assorbenti');
    await saveScreenshot(page, 'nca-report-create-supplier');
    await page.getByRole('button', { name: 'Salva' }).click();
    await expect(page).toHaveURL(/\/nca-reports\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('nca-status')).toHaveText('Bozza');
    const reportId = /\/nca-reports\/([0-9a-f-]{36})$/.exec(page.url())![1];
    const report = await api<{ detectedByAgencyId: string; openedById: string; lotId: string }>(request, 'GET', `/api/nca-reports/${reportId}`, { token: admin.token });
    expect(report).toMatchObject({ detectedByAgencyId: supplier.user.agencyId, openedById: supplier.user._id });
  } finally {
    await api(request, 'PUT', `/api/settings/${flag._id}`, { token: admin.token, body: { isActive: false } });
    await api(request, 'PUT', `/api/auth/role/remove/employee/${supplier.user._id}`, { token: admin.token, body: { roleIds: [role._id] } });
  }
});
