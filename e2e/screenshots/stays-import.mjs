// Screenshots of the stays import dialog, for a person to look at: the row progress bar while the server
// checks and imports an 8,000-row CSV (socket event stays-import-progress, so the websocket feature is
// switched on first), and the refusal listing each bad row with its row, field, value and message; in
// Italian and English, at 1366x768 and 390x844.
//
//   SHOTS_BASE_URL=http://127.0.0.1:3301 node e2e/screenshots/stays-import.mjs [outDir]      (default /tmp/shots)
//
// Needs the product running with the demo data (npm start, or the built app on a fresh DATA_DIR) and
// Debian's Chromium (CHROMIUM_PATH). The hotelier's imports go to Hotel Serapo; the good file is
// imported once and skipped afterwards (same fingerprints), which still shows the progress.
/* global window */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const outDir = path.resolve(process.argv[2] ?? '/tmp/shots');
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const baseUrl = process.env.SHOTS_BASE_URL ?? 'http://127.0.0.1:3301';
const ROWS = 8_000;

async function signIn(email) {
  const response = await fetch(`${baseUrl}/api/auth`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${email}:Demo1234`).toString('base64')}` } });
  if (!response.ok) throw new Error(`sign-in of ${email}: ${response.status}`);
  return response.json();
}

async function call(method, url, token, body) {
  const response = await fetch(baseUrl + url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

function csv(rows, bad) {
  const lines = ['Data arrivo;Data partenza;Numero ospiti;Cognome;Nome;Stato pagamento;Esenti;Tipo esenzione'];
  for (let i = 1; i <= rows; i++) {
    if (bad && i === 3) lines.push('31/02/2026;12/11/2026;2;Rossi;Mario;Pagato;;');
    else if (bad && i === 5) lines.push('10/11/2026;12/11/2026;3;Bianchi;Anna;Pagato;1;Neonati');
    else if (bad && i === 8) lines.push('10/11/2026;12/11/2026;2;Verdi;Luca;Forse;;');
    else lines.push(`10/11/2026;12/11/2026;2;Progress${i};Ospite;Pagato;;`);
  }
  return Buffer.from(lines.join('\r\n'));
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const admin = await signIn('admin@demo.test');
  const [websocket] = await call('GET', '/api/settings?settingType=feature&code=websocket', admin.token);
  if (!websocket.isActive) await call('PUT', `/api/settings/${websocket._id}`, admin.token, { isActive: true, updatedAt: websocket.updatedAt });
  const hotelier = await signIn('hotelier@demo.test');
  const good = csv(ROWS, false);
  const bad = csv(12, true);
  const browser = await chromium.launch({ executablePath, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  try {
    for (const language of ['it', 'en']) {
      for (const viewport of [
        { name: 'desktop', width: 1366, height: 768 },
        { name: 'phone', width: 390, height: 844 },
      ]) {
        const context = await browser.newContext({ viewport, locale: language === 'it' ? 'it-IT' : 'en-GB', timezoneId: 'Europe/Rome' });
        await context.addInitScript(
          ({ session, language }) => {
            window.localStorage.setItem('backoffice.locale', JSON.stringify(language));
            window.localStorage.setItem(
              'backoffice.session',
              JSON.stringify({ token: session.token, refreshToken: session.refreshToken ?? null, user: session.user, temporaryPassword: null, realSession: null }),
            );
          },
          { session: hotelier, language },
        );
        const page = await context.newPage();
        await page.goto(`${baseUrl}/stays`);
        await page.getByTestId('stays-import').click();
        await page.getByTestId('import-structure').click();
        await page.getByRole('option', { name: 'Hotel Serapo' }).click();
        const shot = async (name) => {
          const file = path.join(outDir, `${language}-${viewport.name}-stays-import-${name}.png`);
          await page.screenshot({ path: file });
          console.log(file);
        };

        await page.getByTestId('import-file').setInputFiles({ name: 'soggiorni.csv', mimeType: 'text/csv', buffer: good });
        await page.getByTestId('import-start').click();
        // The server's rows: "n di N righe" / "n of N rows" once the first batch is checked.
        await page
          .getByTestId('import-progress-text')
          .filter({ hasText: /\d+ (di|of) / })
          .waitFor({ timeout: 120_000 });
        await shot('progress');
        await page.getByTestId('import-result').waitFor({ timeout: 300_000 });
        await shot('done');

        await page.getByTestId('import-file').setInputFiles({ name: 'soggiorni-errati.csv', mimeType: 'text/csv', buffer: bad });
        await page.getByTestId('import-start').click();
        await page.getByTestId('import-errors').waitFor({ timeout: 120_000 });
        await shot('errors');
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
}

await main();
