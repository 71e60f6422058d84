import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { api, apiSignIn, DEMO, saveScreenshot, signInWithStoredSession } from './helpers';

/*
 * A laboratory test report (RDP) end to end with real files: the laboratory uploads the draft PDF, the
 * consortium approves it, the laboratory uploads the signed .p7m and sees its signer and the PDF inside,
 * the consortium approves the signed file and confirms the SAL. The files are the verifier's fixtures
 * (made with openssl by apps/api/fixtures/signed-files/make-fixtures.sh).
 */
const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/api/fixtures/signed-files');

async function openTab(page: Page, rdpId: string, tab: string) {
  await page.goto(`/rdps/${rdpId}`);
  await page.getByTestId(`rdp-tab-${tab}`).click();
}

test('lab uploads a draft, consortium approves, lab uploads the signed file and sees signer and inner PDF, consortium approves and confirms SAL', async ({ browser, request }) => {
  const lab = await apiSignIn(request, DEMO.lab);
  const code = `RDP-E2E-${Date.now().toString(36)}`;
  const rdp = await api(request, 'POST', '/api/rdps', {
    token: lab.token,
    body: {
      code,
      laboratoryId: lab.user.laboratoryId,
      lat: 41.2567,
      long: 13.6064,
      analyticData: [
        { activity: 'Piombo', unit: 'mg/kg', upperLimit: 100, value: '35' },
        { activity: 'Cadmio', unit: 'mg/kg', upperLimit: 2, value: '< LOQ' },
      ],
    },
  });

  const labPage = await (await browser.newContext()).newPage();
  const consortiumPage = await (await browser.newContext()).newPage();
  await signInWithStoredSession(labPage, DEMO.lab);
  await signInWithStoredSession(consortiumPage, DEMO.consortium);

  // 1. The laboratory uploads the draft PDF.
  await openTab(labPage, rdp._id, 'phase1');
  await labPage.getByTestId('rdp-draft-file').setInputFiles(path.join(fixtures, 'doc.pdf'));
  await expect(labPage.getByTestId('rdp-draft-viewer-open')).toBeVisible();
  // ...and cannot approve it itself.
  await expect(labPage.getByTestId('rdp-approve-draft')).toHaveCount(0);

  // 2. The consortium approves the draft.
  await openTab(consortiumPage, rdp._id, 'phase1');
  await consortiumPage.getByTestId('rdp-approve-draft').click();
  await consortiumPage.getByRole('dialog').getByRole('button', { name: 'Conferma' }).click();
  await expect(consortiumPage.getByTestId('rdp-status')).toHaveText('Bozza approvata');

  // 3. The laboratory uploads the signed file, sees the signer and opens the PDF inside.
  await openTab(labPage, rdp._id, 'phase2');
  await labPage.getByTestId('rdp-signed-file').setInputFiles(path.join(fixtures, 'doc.pdf.p7m'));
  await expect(labPage.getByTestId('rdp-signer')).toContainText('ROSSI MARIO');
  await expect(labPage.getByTestId('rdp-signer')).toContainText('RSSMRA80A01H501U');
  await expect(labPage.getByTestId('rdp-identical')).toHaveText('Il PDF firmato è identico alla bozza approvata');
  await labPage.getByTestId('rdp-inner-viewer-open').click();
  await expect(labPage.getByTestId('rdp-inner-viewer')).toHaveAttribute('src', /^blob:/);
  await saveScreenshot(labPage, 'rdp-signed-file');

  // 4. The consortium approves the signed file and confirms the SAL.
  await openTab(consortiumPage, rdp._id, 'phase2');
  await consortiumPage.getByTestId('rdp-approve-signed').click();
  await consortiumPage.getByRole('dialog').getByRole('button', { name: 'Conferma' }).click();
  await expect(consortiumPage.getByTestId('rdp-status')).toHaveText('Completato');
  await consortiumPage.getByTestId('rdp-tab-accounting').click();
  await consortiumPage.getByTestId('rdp-sal-ref').fill('SAL 7/2026');
  await consortiumPage.getByTestId('rdp-confirm-sal').click();
  await expect(consortiumPage.getByTestId('rdp-sal')).toContainText('SAL 7/2026');
  await saveScreenshot(consortiumPage, 'rdp-sal-confirmed');
});

test('the consortium filters the reports out of limits, sees the failing rows flagged and opens a prefilled NCA', async ({ page, request }) => {
  await signInWithStoredSession(page, DEMO.consortium);
  await page.goto('/rdps?filter=%7B%22outOfLimits%22%3A%22true%22%7D');
  await expect(page.getByText('RDP-2026-0102')).toBeVisible();
  await expect(page.getByText('RDP-2026-0101')).toHaveCount(0);
  await page.getByText('RDP-2026-0102').click();
  await expect(page.getByTestId('rdp-out-of-limits')).toBeVisible();
  await expect(page.getByTestId('rdp-row-out')).toHaveCount(2);

  // Apri NCA: the order of the report's lot for its agency, then the pending NCA opens, prefilled.
  await page.getByTestId('rdp-open-nca').click();
  await page.getByLabel('Ordine').click();
  await page.getByRole('option').first().click();
  await page.getByTestId('rdp-open-nca-confirm').click();
  await expect(page).toHaveURL(/\/nca-reports\/[0-9a-f-]{36}/);
  const ncaId = /\/nca-reports\/([0-9a-f-]{36})/.exec(page.url())![1];
  const consortium = await apiSignIn(request, DEMO.consortium);
  const nca = await api(request, 'GET', `/api/nca-reports/${ncaId}`, { token: consortium.token });
  expect(nca.status).toBe('pending');
  expect(nca.description).toContain('RDP-2026-0102');
  expect(nca.description).toContain('Piombo: 142');
  await saveScreenshot(page, 'rdp-open-nca');
});
