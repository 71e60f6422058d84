// Screenshots of issue 28's pieces, for a person to look at: read-only records as readable pages (a
// hotelier's tariff and declared stay, a laboratory's approved RDP), the history on record pages (a
// declaration's tab, sections below the forms), and the consortium reminding signers (the sign-request list and page, a report's
// pending signatures, the NCA list's bulk action and its result); in Italian and English, at 1366x768 and 390x844.
//
//   SHOTS_BASE_URL=http://127.0.0.1:PORT node e2e/screenshots/issue28.mjs [outDir]   (default /tmp/shots28)
//
// Uses a product already running on its demo data. Drives Debian's Chromium (CHROMIUM_PATH) headless.
import path from 'node:path';
import { chromium } from 'playwright-core';
import { openShotContext, productApi } from './product-api.mjs';

const outDir = path.resolve(process.argv[2] ?? '/tmp/shots28');
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const baseUrl = process.env.SHOTS_BASE_URL;
if (!baseUrl) throw new Error('Set SHOTS_BASE_URL to a running product');
const LANGUAGES = ['it', 'en'];
const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
];

const { call, signIn } = productApi(() => baseUrl);

const settle = async (page) => {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.waitForTimeout(600);
};

async function main() {
  const sessions = { hotelier: await signIn('hotelier@demo.test'), lab: await signIn('lab@demo.test'), consortium: await signIn('consortium@demo.test') };
  const hotelier = sessions.hotelier.token;
  const [tariff] = await call('GET', '/api/tariffs?limit=1', { token: hotelier });
  const lockedStay = (await call('GET', '/api/stays?limit=200&fields=isLocked', { token: hotelier })).find((stay) => stay.isLocked);
  const [declaration] = await call('GET', '/api/declarations?limit=1&status=validated', { token: hotelier });
  const closedRdp = (await call('GET', '/api/rdps?limit=50', { token: sessions.lab.token })).find((rdp) => rdp.status !== 'processing');
  const [waiting] = await call('GET', '/api/nca-reports?limit=1&status=waiting_phase1_signs', { token: sessions.consortium.token });
  const [pendingRequest] = await call('GET', '/api/sign-requests?limit=1&status=pending', { token: sessions.consortium.token });

  const plan = {
    hotelier: [
      ['tariff-readable', `/tariffs/${tariff._id}`],
      ['stay-declared-readable', `/stays/${lockedStay._id}`],
      ['declaration-history', `/declarations/${declaration._id}/history`],
    ],
    lab: [['rdp-readable-history', `/rdps/${closedRdp._id}`]],
    consortium: [
      ['sign-requests-list', '/sign-requests'],
      [
        'sign-requests-bulk-remind',
        '/sign-requests',
        async (page) => {
          await page.getByRole('checkbox').nth(1).check();
          await page.getByRole('checkbox').nth(2).check();
        },
      ],
      ['sign-request-page', `/sign-requests/${pendingRequest._id}/show`],
      ['nca-phase1-remind', `/nca-reports/${waiting._id}`],
      [
        'nca-list-bulk-remind',
        '/nca-reports',
        async (page) => {
          await page.getByRole('checkbox').nth(1).check();
          await page.getByRole('checkbox').nth(2).check();
        },
      ],
      [
        'nca-list-bulk-result',
        '/nca-reports',
        async (page) => {
          await page.getByRole('checkbox').nth(1).check();
          await page.getByRole('checkbox').nth(2).check();
          await page.getByTestId('bulk-remindSigners').click();
          await page.getByTestId('bulk-confirm').click();
          await page.getByTestId('bulk-result').waitFor();
        },
      ],
    ],
  };

  const browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox'] });
  try {
    for (const language of LANGUAGES) {
      for (const viewport of VIEWPORTS) {
        for (const [account, shots] of Object.entries(plan)) {
          const context = await openShotContext(browser, { viewport, language, session: sessions[account] });
          const page = await context.newPage();
          for (const [name, url, act] of shots) {
            const fileName = `${language}-${viewport.name}-${account}-${name}.png`;
            if (process.env.SHOTS_ONLY && !process.env.SHOTS_ONLY.split(',').some((text) => fileName.includes(text))) continue;
            // A phone's list is a simple list without row selection: the bulk actions are a wide screen's.
            if (viewport.name === 'phone' && name.includes('bulk')) continue;
            await page.goto(baseUrl + url);
            await settle(page);
            try {
              if (act) await act(page);
            } catch (error) {
              console.log(`${fileName}: ${error.message.split('\n')[0]}`);
            }
            await settle(page);
            await page.screenshot({ path: path.join(outDir, fileName), fullPage: true });
            console.log(fileName);
          }
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
  }
}

await main();
