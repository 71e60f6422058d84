// Screenshots of the administration screens and the shell, for a person to look at: FAQs, categories,
// events, customers (each tab), projects, short links, settings, the role editor, the user's roles tab,
// the stays list and form, declarations, the dashboard and the sign-in page; the comune's dashboard
// (with its logo), filing settings, comune page and all-years declarations; the stay form scrolled
// (sticky breakdown, phone summary bar and its breakdown, the stay's documents); in Italian and
// English, at 1366x768 and 390x844. A shot with an action runs it and shows the window as it is then.
//
//   node e2e/screenshots/admin.mjs [outDir]      (default /tmp/shots-admin)
//
// Starts the built product like run-e2e.mjs (SHOTS_BASE_URL uses one already running; SHOTS_PORT sets
// the port, SHOTS_ONLY=<text> keeps the shots whose file name has it) and prints, per shot, sideways
// overflow, untranslated message keys and raw codes.
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
const outDir = path.resolve(process.argv[2] ?? '/tmp/shots-admin');
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
  const port = process.env.SHOTS_PORT ?? '3225';
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

/** A drawn crest as the demo comune's logo (uploaded once; the comune screen shows it). */
async function giveTheComuneALogo(cityId, token) {
  const city = await call('GET', `/api/cities/${cityId}`, { token });
  if (city.logo) return;
  const browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox'] });
  let png;
  try {
    const page = await browser.newPage({ viewport: { width: 96, height: 96 } });
    await page.setContent(
      '<body style="margin:0"><svg width="96" height="96" viewBox="0 0 96 96"><path d="M8 8h80v40c0 22-18 36-40 44C26 84 8 70 8 48z" fill="#1565c0"/><path d="M8 8h40v84C26 84 8 70 8 48z" fill="#fbc02d"/><circle cx="48" cy="44" r="16" fill="#fff"/></svg></body>',
    );
    png = await page.screenshot({ omitBackground: true });
  } finally {
    await browser.close();
  }
  const form = new FormData();
  form.append('data', JSON.stringify({ linkedEntityType: 'cities', linkedEntityId: cityId, purpose: 'image' }));
  form.append('file', new Blob([png]), 'stemma.png');
  const response = await fetch(`${baseUrl}/api/uploads`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`logo upload answered ${response.status}`);
  const upload = await response.json();
  await call('PUT', `/api/cities/${cityId}`, { token, body: { logo: upload._id, updatedAt: city.updatedAt } });
}

/** What a reviewer should look at on the page as shown. */
async function findings(page) {
  return page.evaluate(() => {
    const problems = [];
    const overflow = document.documentElement.scrollWidth - window.innerWidth;
    if (overflow > 1) problems.push(`page scrolls sideways by ${overflow}px`);
    const text = document.body.innerText;
    const keys = text.match(/\b(?:environmental|resources|errors|validation|ra|menu|admin|settings|rolesScreen|yearList)\.[a-zA-Z0-9_.]+\b/g);
    if (keys) problems.push(`untranslated keys: ${[...new Set(keys)].join(', ')}`);
    const codes = text.match(/\b(?:[A-Z]{3,}_[A-Z_]{3,}|to_invite|work_order|laboratory_user|agency_user|consortium_user)\b/g);
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

async function main() {
  if (!fs.existsSync(executablePath)) throw new Error(`Chromium not found at ${executablePath} (set CHROMIUM_PATH).`);
  fs.mkdirSync(outDir, { recursive: true });
  if (!baseUrl) await startProduct();

  const sessions = {
    admin: await signIn('admin@demo.test'),
    city: await signIn('city@demo.test'),
    hotelier: await signIn('hotelier@demo.test'),
  };
  const token = sessions.admin.token;
  const first = async (url) => (await call('GET', url, { token }))[0];
  const [event] = await call('GET', '/api/events?status=waitingConfirmation&limit=1', { token });
  const customer = await first('/api/customers?sort=businessName&limit=1');
  const link = await first('/api/links?shortCode=estate25');
  const project = await first('/api/projects?limit=1');
  const faq = await first('/api/faqs?sort=order&limit=1');
  const flag = await first('/api/settings?settingType=feature&code=permissionsSystem');
  const [role] = await call('GET', '/api/roles?limit=1', { token });
  const hotelier = sessions.hotelier.user;
  const cityId = sessions.city.user.cityId;
  const [stay] = await call('GET', '/api/stays?sort=-checkIn&limit=1', { token: sessions.hotelier.token });
  await giveTheComuneALogo(cityId, sessions.city.token);
  const allYears = `/declarations?filter=${encodeURIComponent(JSON.stringify({ allYears: true }))}`;
  // Down to the exemptions of the stay form: the breakdown (laptop) or the summary bar (phone) stays in view.
  const scrollToExemptions = async (page) => {
    await page
      .getByRole('heading', { name: /esenzioni|exemptions/i })
      .first()
      .scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 300);
    await page.waitForTimeout(400);
  };
  const openSummary = async (page) => {
    await scrollToExemptions(page);
    if (await page.getByTestId('tax-summary-open').isVisible()) await page.getByTestId('tax-summary-open').click();
    await page.waitForTimeout(500);
  };
  const scrollToFiles = async (page) => {
    await page.getByTestId('stay-files').scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
  };

  // account -> [shot name, path, tab index to open or null]
  const plan = {
    admin: [
      ['faqs-list', '/faqs'],
      ['faq-edit', `/faqs/${faq._id}`],
      ['faq-create', '/faqs/create'],
      ['categories-list', '/categories'],
      ['events-list', '/events'],
      ['event-edit', `/events/${event._id}`],
      ['customers-list', '/customers'],
      ['customer-registry', `/customers/${customer._id}`, 0],
      ['customer-addresses', `/customers/${customer._id}`, 1],
      ['customer-contacts', `/customers/${customer._id}`, 2],
      ['projects-list', '/projects'],
      ['project-edit', `/projects/${project._id}`],
      ['links-list', '/links'],
      ['link-edit', `/links/${link._id}`],
      ['settings-list', '/management/settings'],
      ['setting-flag', `/management/settings/${flag._id}`],
      ...(role ? [['role-edit', `/roles/${role._id}`]] : []),
      ['roles-create', '/roles/create'],
      ['user-roles-tab', `/users/${hotelier._id}/roles`],
      ['users-list', '/users'],
      ['filing-settings', '/filing-settings'],
    ],
    city: [
      ['dashboard', '/dashboard'],
      ['filing-settings', '/filing-settings'],
      ['city-edit', `/cities/${cityId}`],
      ['declarations-all-years', allYears],
      ['declarations-list', '/declarations'],
      ['structures-list', '/structures'],
      ['categories-list', '/categories'],
    ],
    hotelier: [
      ['dashboard', '/dashboard'],
      ['stays-list', '/stays'],
      ['stay-create', '/stays/create'],
      ['stay-edit', `/stays/${stay._id}`],
      ['stay-edit-scrolled', `/stays/${stay._id}`, scrollToExemptions],
      ['stay-edit-breakdown', `/stays/${stay._id}`, openSummary],
      ['stay-edit-files', `/stays/${stay._id}`, scrollToFiles],
      ['faqs-list', '/faqs'],
      ['events-list', '/events'],
    ],
    anonymous: [
      ['sign-in', '/on-boarding/login'],
      ['register', '/on-boarding/register'],
    ],
  };

  const browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox'] });
  const report = [];
  try {
    for (const language of LANGUAGES) {
      for (const viewport of VIEWPORTS) {
        for (const [account, shots] of Object.entries(plan)) {
          const context = await openShotContext(browser, { viewport, language, session: sessions[account] });
          const page = await context.newPage();
          for (const [name, url, tab] of shots) {
            const fileName = `${language}-${viewport.name}-${account}-${name}.png`;
            if (process.env.SHOTS_ONLY && !fileName.includes(process.env.SHOTS_ONLY)) continue;
            await page.goto(baseUrl + url);
            await settle(page);
            if (typeof tab === 'number') {
              await page.getByRole('tab').nth(tab).click();
              await settle(page);
            }
            if (typeof tab === 'function') await tab(page);
            const file = path.join(outDir, fileName);
            await page.screenshot({ path: file, fullPage: typeof tab !== 'function' });
            const problems = await findings(page);
            report.push({ file: path.basename(file), problems });
            console.log(`${path.basename(file)}${problems.length ? `  <- ${problems.join('; ')}` : ''}`);
          }
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
