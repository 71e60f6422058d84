// Screenshots of the environmental-compliance screens, for a person to look at: the consortium's dashboard,
// NCA reports (list, creation, a report waiting for signatures, an open one by tab), corrective actions and
// "Le mie firme" (also the agency's), the signers dialog, a supplier agency creating a report (allowed or not), the consortium's lots,
// orders, agencies (each tab), laboratories with their price list and NCA settings, the agency's and the
// laboratory's My company, and the accept-invite page; in Italian and English, at 1366x768 and 390x844.
//
//   node e2e/screenshots/environmental.mjs [outDir]      (default /tmp/shots)
//
// Starts the built product on a fresh embedded database with the demo data, like run-e2e.mjs (set
// SHOTS_BASE_URL to use a product already running; SHOTS_ONLY=<text>[,<text>...] keeps the shots whose file name has one of them). Drives Debian's Chromium (CHROMIUM_PATH) headless.
// Besides the PNGs it prints, per shot, what a reviewer should look at: horizontal overflow, text that
// looks like an untranslated message key, and raw error or status codes on the page.
/* global document, window -- page.evaluate and addInitScript callbacks run in the browser */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { openShotContext, productApi } from './product-api.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const outDir = path.resolve(process.argv[2] ?? '/tmp/shots');
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LANGUAGES = ['it', 'en'];
const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
];

let server = null;
let dataDir = null;
let baseUrl = process.env.SHOTS_BASE_URL;

async function startProduct() {
  const serverEntry = path.join(root, 'apps/api/dist/main.js');
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html')) || !fs.existsSync(serverEntry)) throw new Error('The product is not built: run npm run build first.');
  const port = process.env.SHOTS_PORT ?? '3231';
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shots-data-'));
  server = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: { ...process.env, PORT: port, HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development', PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${baseUrl}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    if (server.exitCode !== null) throw new Error('the server exited before it was ready');
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not become ready in 60 s');
}

async function stopProduct() {
  if (!server) return;
  server.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1000));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const { call, signIn } = productApi(() => baseUrl);

/** A pending invitation's link, read from the mail outbox as the invitee would get it. */
async function pendingInviteLink(consortium, admin) {
  const stamp = Date.now().toString(36);
  const email = `shots-${stamp}@example.test`;
  const company = await call('POST', '/api/laboratories', {
    token: consortium.token,
    body: { businessName: `Laboratorio Analisi Ambientali Tirreno ${stamp}`, vatNumber: '01234560587', managerEmail: email },
  });
  await call('POST', `/api/laboratories/${company._id}/invite`, { token: consortium.token });
  const [mail] = await call('GET', `/api/mail-outbox?to=${encodeURIComponent(email)}&template=companyInvite&limit=1`, { token: admin.token });
  return new URL(/https?:\/\/\S+/.exec(mail.text)[0]).pathname;
}

/** What a reviewer should look at on the page as shown. */
async function findings(page) {
  return page.evaluate(() => {
    const problems = [];
    const overflow = document.documentElement.scrollWidth - window.innerWidth;
    if (overflow > 1) problems.push(`page scrolls sideways by ${overflow}px`);
    const text = document.body.innerText;
    const keys = text.match(/\b(?:environmental|envDashboard|nca|forms|resources|errors|validation|ra|menu)\.[a-zA-Z0-9_.]+\b/g);
    if (keys) problems.push(`untranslated keys: ${[...new Set(keys)].join(', ')}`);
    const codes = text.match(/\b(?:[A-Z]{3,}_[A-Z_]{3,}|to_invite|work_order|laboratory_user|agency_user|consortium_user|waiting_[a-z0-9_]+|in_progress|manual_rejected)\b/g);
    if (codes) problems.push(`raw codes: ${[...new Set(codes)].join(', ')}`);
    return problems;
  });
}

async function settle(page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page
    .locator('.MuiCircularProgress-root, .MuiLinearProgress-root')
    .first()
    .waitFor({ state: 'detached', timeout: 5000 })
    .catch(() => undefined);
  await page.waitForTimeout(300);
}

/**
 * NCA reports to look at (the demo data has none yet): one waiting for its phase-1 signatures (the
 * consortium's and the agency's "Le mie firme" show it), and one opened by an admin without signatures
 * where the agency wrote the cause analysis and proposed an action with a required document.
 */
async function ncaFixtures(consortium, agency, admin) {
  const token = consortium.token;
  const orders = await call('GET', '/api/orders?limit=100', { token });
  const order = orders.find((o) => o.agencyIds.includes(agency.user.agencyId));
  const setting = async (settingType, name) => (await call('GET', `/api/environmental-settings?settingType=${settingType}&limit=100`, { token })).find((s) => s.name === name)._id;
  const base = {
    lotId: order.lotId,
    orderId: order._id,
    targetAgencyId: agency.user.agencyId,
    ambientSettingId: await setting('environmentalAspectType', 'Rumore e vibrazioni'),
    warningLevelSettingId: await setting('severityLevel', 'Grave'),
    systemSettingId: await setting('ncaType', 'Non conformità da sopralluogo'),
    origin: 'audit',
    wbs: 'WBS 2.3.1 - Rilevato nord',
    // A grave report is signed only after an immediate containment action is recorded.
    containmentActions: [{ what: 'Sospese le lavorazioni rumorose e avvisati i residenti di Penitro', who: 'Capo cantiere', when: '2026-11-20', verifiedById: consortium.user._id }],
  };
  const fn = await setting('companyFunction', 'Responsabile ambientale del consorzio');
  const siteManager = await setting('companyFunction', 'Capo cantiere');
  const waiting = await call('POST', '/api/nca-reports', { token, body: { ...base, description: 'Lavorazioni rumorose oltre le 20:00 senza deroga comunale, lato abitato di Penitro.' } });
  await call('POST', `/api/nca-reports/${waiting._id}/requestPhase1Signs`, {
    token,
    body: {
      signers: [
        { userId: consortium.user._id, agencyFunctionSettingId: fn },
        { userId: agency.user._id, agencyFunctionSettingId: siteManager },
      ],
    },
  });
  const open = await call('POST', '/api/nca-reports', { token, body: { ...base, description: 'Deposito temporaneo di terre da scavo senza teli di copertura né cartellonistica.' } });
  await call('POST', `/api/nca-reports/${open._id}/forceOpen`, { token: admin.token, body: { reason: 'Firma del direttore dei lavori raccolta su carta durante il sopralluogo.' } });
  await call('PUT', `/api/nca-reports/${open._id}`, { token: agency.token, body: { causeAnalysis: 'Teli esauriti in cantiere; il riordino settimanale non era stato fatto.' } });
  const action = await call('POST', '/api/corrective-actions', {
    token: agency.token,
    body: {
      reportId: open._id,
      name: 'Coprire i cumuli e posare la cartellonistica',
      actionType: 'treatment',
      expires: true,
      expireDate: '2026-12-05',
      documents: [{ name: 'Foto dei cumuli coperti', isRequired: true }],
    },
  });
  const draft = await call('POST', '/api/nca-reports', { token, body: { ...base, description: 'Scarico di acque di lavaggio betoniere nel fosso di guardia.' } });
  return { waiting: waiting._id, open: open._id, action: action._id, draft: draft._id };
}

/**
 * A supplier agency allowed to report non-conformities: a supplier role with the NCA keys (and the
 * reads its form needs), used while the permission system is on (switched on around its shots only).
 */
async function grantSupplierReports(admin, supplier) {
  const keys = await call('GET', '/api/permissions?limit=500', { token: admin.token });
  const role = await call('POST', '/api/roles', {
    token: admin.token,
    body: {
      name: 'Segnalazioni NCA (screenshots)',
      roleType: 'supplier',
      permissionIds: keys.filter((k) => /^(nca\.(create|update)|(nca|orders|settings|agencies)\.(get|getAll))$/.test(k.key)).map((k) => k._id),
    },
  });
  await call('PUT', `/api/auth/role/assign/employee/${supplier.user._id}`, { token: admin.token, body: { roleIds: [role._id] } });
  const [flag] = await call('GET', '/api/settings?settingType=feature&code=permissionsSystem', { token: admin.token });
  return (on) => call('PUT', `/api/settings/${flag._id}`, { token: admin.token, body: { isActive: on } });
}

/** The signers dialog of a draft, with a signer picked: the functions offered are those the signer holds. */
async function openSignersDialog(page) {
  await page.getByTestId('nca-requestPhase1Signs').click();
  const row = page.getByTestId('signer-row-0');
  await row.getByRole('combobox').first().fill('agency@demo.test');
  await page.getByRole('option', { name: /agency@demo\.test/ }).click();
  await row.getByRole('combobox').nth(1).click();
}

async function main() {
  if (!fs.existsSync(executablePath)) throw new Error(`Chromium not found at ${executablePath} (set CHROMIUM_PATH).`);
  fs.mkdirSync(outDir, { recursive: true });
  if (!baseUrl) await startProduct();

  const sessions = {
    consortium: await signIn('consortium@demo.test'),
    agency: await signIn('agency@demo.test'),
    lab: await signIn('lab@demo.test'),
    agencyGranted: await signIn('agency3@demo.test'),
  };
  const admin = await signIn('admin@demo.test');
  sessions.admin = admin;
  const token = sessions.consortium.token;
  const [lot] = await call('GET', '/api/lots?sort=name&limit=1', { token });
  const [order] = await call('GET', '/api/orders?sort=name&limit=1', { token });
  const agencyId = sessions.agency.user.agencyId;
  const laboratoryId = sessions.lab.user.laboratoryId;
  const invitePath = await pendingInviteLink(sessions.consortium, admin);
  const rdpId = async (code) => (await call('GET', `/api/rdps?code=${code}`, { token }))[0]._id;
  const rdp = { out: await rdpId('RDP-2026-0102'), processing: await rdpId('RDP-2026-0101'), approved: await rdpId('RDP-2026-0095'), completed: await rdpId('RDP-2026-0077') };
  const formIdOf = async (code) => (await call('GET', `/api/forms?code=${encodeURIComponent(code)}`, { token }))[0]._id;
  const sentBackForm = await formIdOf('XRBC 000103 HF');
  const approvedForm = await formIdOf('XRBC 000102 HF');
  const nca = await ncaFixtures(sessions.consortium, sessions.agency, admin);
  const permissionsSystem = await grantSupplierReports(admin, sessions.agencyGranted);

  // account -> [shot name, path, tab index to open or null]
  const plan = {
    consortium: [
      ['dashboard', '/dashboard'],
      ['nca-list', '/nca-reports'],
      ['nca-create', '/nca-reports/create'],
      ['nca-signers-dialog', `/nca-reports/${nca.draft}`, openSignersDialog],
      ['nca-waiting-phase1', `/nca-reports/${nca.waiting}`],
      ['nca-open-phase2', `/nca-reports/${nca.open}`],
      ['nca-open-phase3', `/nca-reports/${nca.open}`, 2],
      ['nca-open-timeline', `/nca-reports/${nca.open}`, 3],
      ['actions-list', '/corrective-actions'],
      ['action-page', `/corrective-actions/${nca.action}`],
      ['my-signatures', '/my-signatures'],
      ['lots-list', '/lots'],
      ['lot-detail', `/lots/${lot._id}`],
      ['orders-list', '/orders'],
      ['order-detail', `/orders/${order._id}`],
      ['agencies-list', '/agencies'],
      ['agency-tab1-registry', `/agencies/${agencyId}`, 0],
      ['agency-tab2-users', `/agencies/${agencyId}`, 1],
      ['agency-tab3-nca', `/agencies/${agencyId}`, 2],
      ['agency-tab4-orders', `/agencies/${agencyId}`, 3],
      ['laboratory-information', `/laboratories/${laboratoryId}`, 0],
      ['laboratory-price-list', `/laboratories/${laboratoryId}`, 1],
      ['nca-settings', '/nca-settings'],
      ['lab-analysis-settings', '/lab-analysis-settings'],
      ['rdps-list', '/rdps'],
      ['rdp-tab1-rdp', `/rdps/${rdp.out}`, 0],
      ['rdp-tab2-accounting', `/rdps/${rdp.completed}`, 1],
      ['rdp-tab3-phase1', `/rdps/${rdp.processing}`, 2],
      ['rdp-tab4-phase2', `/rdps/${rdp.approved}`, 3],
      ['rdp-tab5-phase3', `/rdps/${rdp.completed}`, 4],
      ['forms-list', '/forms'],
      ['form-detail-sent-back', `/forms/${sentBackForm}`],
      ['form-create', '/forms/create'],
    ],
    agency: [
      ['nca-list', '/nca-reports'],
      ['nca-open-phase2', `/nca-reports/${nca.open}`],
      ['nca-create-not-granted', '/nca-reports/create'],
      ['my-signatures', '/my-signatures'],
      ['my-company-registry', '/my-company', 0],
      ['my-company-users', '/my-company', 1],
      ['my-company-orders', '/my-company', 3],
      ['rdps-list', '/rdps'],
      ['forms-list', '/forms'],
      ['form-detail-approved', `/forms/${approvedForm}`],
    ],
    lab: [
      ['my-company-information', '/my-company', 0],
      ['my-company-price-list', '/my-company', 1],
      ['rdps-list', '/rdps'],
      ['rdp-create', '/rdps/create'],
      ['rdp-tab1-rdp', `/rdps/${rdp.processing}`, 0],
      ['rdp-tab3-phase1', `/rdps/${rdp.processing}`, 2],
    ],
    // A supplier agency holding nca.create (with the permission system on) reports what it detected.
    agencyGranted: [['nca-create', '/nca-reports/create']],
    // The admin's dashboard: both areas' parts; a supplier's account with its company functions.
    admin: [
      ['dashboard', '/dashboard'],
      ['user-edit-functions', `/users/${sessions.agency.user._id}`],
    ],
    anonymous: [['accept-invite', invitePath]],
  };

  const browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox'] });
  const report = [];
  try {
    for (const language of LANGUAGES) {
      for (const viewport of VIEWPORTS) {
        for (const [account, shots] of Object.entries(plan)) {
          const context = await openShotContext(browser, { viewport, language, session: sessions[account] });
          const page = await context.newPage();
          if (account === 'agencyGranted') await permissionsSystem(true);
          for (const [name, url, tab] of shots) {
            const fileName = `${language}-${viewport.name}-${account}-${name}.png`;
            if (process.env.SHOTS_ONLY && !process.env.SHOTS_ONLY.split(',').some((text) => fileName.includes(text))) continue;
            await page.goto(baseUrl + url);
            await settle(page);
            if (typeof tab === 'number') {
              await page.getByRole('tab').nth(tab).click();
              await settle(page);
            } else if (typeof tab === 'function') {
              await tab(page);
              await settle(page);
            }
            const file = path.join(outDir, fileName);
            await page.screenshot({ path: file, fullPage: true });
            const problems = await findings(page);
            report.push({ file: path.basename(file), problems });
            console.log(`${path.basename(file)}${problems.length ? `  <- ${problems.join('; ')}` : ''}`);
          }
          if (account === 'agencyGranted') await permissionsSystem(false);
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
  }
  const flagged = report.filter((r) => r.problems.length > 0);
  console.log(`\n${report.length} screenshots in ${outDir}; ${flagged.length} with findings.`);
}

try {
  await main();
} finally {
  await stopProduct();
}
