import { expect, test, type Page } from '@playwright/test';
import { DEMO, api, apiSignIn, saveScreenshot, signInThroughPage } from './helpers';
import { scaled } from './time-scale';

/*
 * CAPA rigour on an NCA report, through the screens: a grave report cannot ask for its phase-1
 * signatures until the consortium records an immediate containment action (and verifies it); the
 * agency writes the 5-Why chain and the Ishikawa families; the report is closed; the consortium
 * records the effectiveness check as failed, which opens a new report citing the old one, marked as
 * a recurrence.
 */

test.describe.configure({ mode: 'serial' });

async function signOut(page: Page) {
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
}

test('containment first, 5 Whys, closing, a failed effectiveness check opens a new report', async ({ page, request }) => {
  test.setTimeout(scaled(300_000));
  const stamp = Date.now().toString(36);
  const consortium = await apiSignIn(request, DEMO.consortium);
  const admin = await apiSignIn(request, DEMO.admin);
  const agency = await apiSignIn(request, DEMO.agency);
  const agencyId = agency.user.agencyId as string;
  const setting = async (type: string, name: string) =>
    (await api<{ _id: string; name: string }[]>(request, 'GET', `/api/environmental-settings?settingType=${type}&limit=100`, { token: consortium.token })).find((s) => s.name === name)!._id;
  const orders = await api<{ _id: string; lotId: string; agencyIds: string[] }[]>(request, 'GET', '/api/orders?limit=100', { token: consortium.token });
  const order = orders.find((o) => o.agencyIds.includes(agencyId))!;
  const created = await api<{ _id: string }>(request, 'POST', '/api/nca-reports', {
    token: consortium.token,
    body: {
      lotId: order.lotId,
      orderId: order._id,
      targetAgencyId: agencyId,
      description: `Sversamento di gasolio dal serbatoio del generatore (e2e ${stamp})`,
      ambientSettingId: await setting('environmentalAspectType', 'Sversamenti accidentali di oli e carburanti'),
      warningLevelSettingId: await setting('severityLevel', 'Grave'),
      systemSettingId: await setting('ncaType', 'Non conformità da sopralluogo'),
      origin: 'audit',
    },
  });
  const reportId = created._id;

  // Containment first: the phase-1 signatures wait for it.
  await signInThroughPage(page, DEMO.consortium);
  await page.goto(`/nca-reports/${reportId}`);
  // The first page of a fresh server can be slow on a loaded machine.
  await expect(page.getByTestId('nca-containment-required')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('nca-requestPhase1Signs')).toBeDisabled();
  await page.getByTestId('nca-containment-what').fill('Panne assorbenti attorno al serbatoio e fermo del generatore');
  await page.getByTestId('nca-containment-who').fill('Capo cantiere');
  await page.getByTestId('nca-containment-add').click();
  await expect(page.getByTestId('nca-containment-0')).toContainText('Panne assorbenti');
  await page.getByTestId('nca-containment-verify-0').click();
  await expect(page.getByTestId('nca-containment-0')).toContainText('Verificata da');
  await expect(page.getByTestId('nca-containment-required')).toHaveCount(0);
  await expect(page.getByTestId('nca-requestPhase1Signs')).toBeEnabled();
  await saveScreenshot(page, 'capa-containment');

  // Phase 1 is signed elsewhere (environmental-nca.spec.ts walks the signatures): an admin opens it.
  await api(request, 'POST', `/api/nca-reports/${reportId}/forceOpen`, { token: admin.token, body: { reason: 'e2e: firme provate altrove' } });

  // The agency writes the 5-Why chain and the Ishikawa families.
  await signOut(page);
  await signInThroughPage(page, DEMO.agency);
  await page.goto(`/nca-reports/${reportId}`);
  await expect(page.getByTestId('nca-root-cause-form')).toBeVisible();
  const whys = ['Il gasolio è finito sul terreno', 'Il tubo di troppo pieno era staccato', 'Il rifornimento non segue una procedura scritta'];
  for (const [index, why] of whys.entries()) {
    await page.locator('.button-add-fiveWhys').click();
    await page.locator(`input[name="fiveWhys.${index}"]`).fill(why);
  }
  await page.getByLabel('Macchine').check();
  await page.getByLabel('Metodi').check();
  await page.getByLabel('Analisi delle cause').fill('Procedura di rifornimento assente; controllo del troppo pieno non previsto.');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Elemento aggiornato').or(page.getByText('Elemento modificato'))).toBeVisible();
  await saveScreenshot(page, 'capa-five-whys');
  const written = await api<{ fiveWhys: string[]; ishikawaCategories: string[] }>(request, 'GET', `/api/nca-reports/${reportId}`, { token: consortium.token });
  expect(written.fiveWhys).toEqual(whys);
  expect([...written.ishikawaCategories].sort()).toEqual(['machines', 'methods']);

  // The plan runs to the end (the action's screens are walked in environmental-nca.spec.ts).
  const action = await api<{ _id: string }>(request, 'POST', '/api/corrective-actions', {
    token: agency.token,
    body: { reportId, name: `Procedura di rifornimento (${stamp})`, actionType: 'action' },
  });
  await api(request, 'POST', `/api/nca-reports/${reportId}/submitForValidation`, { token: agency.token, body: {} });
  await api(request, 'POST', `/api/corrective-actions/${action._id}/confirm`, { token: admin.token, body: {} });
  await api(request, 'POST', `/api/nca-reports/${reportId}/forcePhase3`, { token: admin.token, body: { reason: 'e2e' } });
  await api(request, 'POST', `/api/corrective-actions/${action._id}/start`, { token: agency.token, body: {} });
  await api(request, 'POST', `/api/corrective-actions/${action._id}/complete`, { token: agency.token, body: {} });
  await api(request, 'POST', `/api/corrective-actions/${action._id}/close`, { token: consortium.token, body: { reason: 'Procedura affissa al generatore' } });

  // Closing (an admin, past the closing signatures) schedules the effectiveness check.
  await signOut(page);
  await signInThroughPage(page, DEMO.admin);
  await page.goto(`/nca-reports/${reportId}`);
  await page.getByTestId('nca-forceClose').click();
  await page.getByLabel('Motivo').fill('e2e: chiusura dopo la verifica delle azioni');
  await page.getByTestId('nca-force-confirm').click();
  await expect(page.getByTestId('nca-status')).toHaveText('Chiusa');
  await expect(page.getByTestId('nca-effectiveness-standing')).toHaveText('Programmata');

  // A supplier sees its check but records no outcome.
  await signOut(page);
  await signInThroughPage(page, DEMO.agency);
  await page.goto(`/nca-reports/${reportId}`);
  await page.getByTestId('nca-tab-phase3').click();
  await expect(page.getByTestId('nca-effectiveness-standing')).toBeVisible();
  await expect(page.getByTestId('nca-recordNotEffective')).toHaveCount(0);

  // The consortium records the check as failed: a new report, prefilled, cites the old one.
  await signOut(page);
  await signInThroughPage(page, DEMO.consortium);
  await page.goto(`/nca-reports/${reportId}`);
  await page.getByTestId('nca-tab-phase3').click();
  await page.getByTestId('nca-recordNotEffective').click();
  await page.getByLabel('Esito della verifica').fill('Al sopralluogo di verifica il troppo pieno era di nuovo staccato');
  await page.getByTestId('nca-not-effective-confirm').click();
  await expect(page.getByTestId('nca-effectiveness-standing')).toHaveText('Non efficace');
  await saveScreenshot(page, 'capa-effectiveness-failed');
  await page.getByTestId('nca-follow-up').click();
  await expect(page).not.toHaveURL(new RegExp(reportId));
  await expect(page.getByTestId('nca-status')).toHaveText('Bozza');
  const old = await api<{ code: string }>(request, 'GET', `/api/nca-reports/${reportId}`, { token: consortium.token });
  await expect(page.getByTestId('nca-follows-up')).toContainText(old.code);
  await expect(page.getByTestId('nca-recurrence')).toBeVisible();
  await expect(page.getByLabel('Descrizione', { exact: true })).toHaveValue(/troppo pieno era di nuovo staccato/);
  await saveScreenshot(page, 'capa-follow-up-report');

  // The list filters recurrences; the dashboard counts the failed check.
  await page.goto(`/nca-reports?filter=${encodeURIComponent(JSON.stringify({ recurrence: true }))}`);
  await expect(page.getByTestId('nca-recurrence').first()).toBeVisible();
  // The agency's "Casi NCA" tab marks it too.
  await page.goto(`/agencies/${agencyId}`);
  await page.getByRole('tab', { name: 'Casi NCA' }).click();
  await expect(page.getByTestId('nca-recurrence').first()).toBeVisible({ timeout: scaled(15_000) });
  await saveScreenshot(page, 'capa-agency-recurrence');
  await page.goto('/dashboard');
  await expect(page.getByTestId('capa-checks-failed')).not.toHaveText('0');
  await saveScreenshot(page, 'capa-dashboard');
});
