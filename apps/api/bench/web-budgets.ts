import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';

/*
 * The JavaScript budgets of issue 24, measured the way a user meets them: the compiled server
 * (apps/api/dist/main.js, demo data, the built web app) over HTTP, a new browser profile (cold
 * cache), every JavaScript response summed brotli-compressed until the page is idle. Runs without
 * network: Chromium and the server are local.
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ROOT = path.resolve(import.meta.dirname, '../../..');
const SERVER = path.join(ROOT, 'apps/api/dist/main.js');
const WEB_DIST = path.join(ROOT, 'apps/web/dist');
const PORT = Number(process.env.BENCH_WEB_PORT ?? 3410);
const DEMO_PASSWORD = 'Demo1234';

type TScript = { name: string; brotli: number };

/** The dashboard charts' chunk (the chart library), fetched once the figures are shown. */
const CHART_CHUNK = /^BarChartView-/;

/** The value the app keeps in local storage after signing in (through the API). */
async function signIn(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${email}:${DEMO_PASSWORD}`).toString('base64')}` } });
  if (!response.ok) throw new Error(`${email} sign-in failed: ${response.status}`);
  const session = (await response.json()) as Record<string, unknown>;
  return JSON.stringify({ ...session, temporaryPassword: null, realSession: null });
}

/** Every JavaScript response of the page: its brotli size (the server's brotli body, or the body compressed at quality 11). */
function collectScripts(page: Page) {
  const bodies: Promise<TScript | null>[] = [];
  const seen = new Set<string>();
  page.on('response', (response) => {
    const contentType = response.headers()['content-type'] ?? '';
    if (response.request().resourceType() !== 'script' && !contentType.includes('javascript')) return;
    if (seen.has(response.url())) return;
    seen.add(response.url());
    const name = new URL(response.url()).pathname.split('/').pop() ?? response.url();
    bodies.push(
      Promise.all([response.body(), response.finished().then(() => response.request().sizes())]).then(
        ([body, sizes]) => ({
          name,
          brotli:
            response.headers()['content-encoding'] === 'br'
              ? sizes.responseBodySize
              : brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }).length,
        }),
        () => null,
      ),
    );
  });
  return async () => (await Promise.all(bodies)).filter((script): script is TScript => script !== null);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
function print(label: string, scripts: TScript[], targetKb: number) {
  const total = scripts.reduce((sum, script) => sum + script.brotli, 0);
  const verdict = total <= targetKb * 1024 ? 'met' : 'NOT MET';
  console.log(`  ${label.padEnd(66)} ${String(scripts.length).padStart(3)} files  ${kb(total).padStart(9)} brotli   (target <= ${targetKb} KB: ${verdict})`);
  const largest = [...scripts].sort((a, b) => b.brotli - a.brotli).slice(0, Number(process.env.BENCH_WEB_LIST ?? 8));
  console.log(`    largest: ${largest.map((script) => `${script.name} ${kb(script.brotli)}`).join(', ')}`);
}

async function waitForServer(baseUrl: string, server: ChildProcess) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the compiled server exited (${server.exitCode})`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the compiled server did not answer /api/health in 180 s');
}

/** The sign-in page from the site's address, and the consortium's dashboard after signing in, each with an empty cache. */
export async function benchWebBudgets() {
  for (const [file, hint] of [
    [SERVER, 'npm run build'],
    [path.join(WEB_DIST, 'index.html'), 'npm run build'],
    [CHROMIUM, 'apt-get install chromium, or set CHROMIUM_PATH'],
  ])
    if (!fs.existsSync(file)) throw new Error(`web budgets need ${file} (${hint})`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-budgets-'));
  const server = spawn(process.execPath, [SERVER], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${PORT}`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    await waitForServer(baseUrl, server);
    console.log(`\nJavaScript budgets (compiled server on ${baseUrl}, new profile each, brotli)`);
    {
      const context = await browser.newContext({ locale: 'it-IT', viewport: { width: 1366, height: 768 } });
      const page = await context.newPage();
      const scripts = collectScripts(page);
      await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Accedi' }).waitFor();
      print("sign-in page from the site's address (/)", await scripts(), 200);
      await context.close();
    }
    // Cold cache: the consortium types the address and signs in, or comes back with its session stored; the
    // dashboard is interactive when its figures are in (the charts' chunk follows them: counted apart).
    for (const storedSession of [false, true]) {
      const context = await browser.newContext({ locale: 'it-IT', viewport: { width: 1366, height: 768 } });
      if (storedSession) {
        const session = await signIn(baseUrl, 'consortium@demo.test');
        await context.addInitScript((value) => window.localStorage.setItem('backoffice.session', value), session);
      }
      const page = await context.newPage();
      const scripts = collectScripts(page);
      await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
      if (!storedSession) {
        await page.getByLabel('Email').fill('consortium@demo.test');
        await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
        await page.getByRole('button', { name: 'Accedi' }).click();
      }
      await page.getByTestId('env-count-lots').filter({ hasNotText: '—' }).waitFor({ timeout: 60_000 });
      await page.getByTestId('nca-by-status').locator('svg').first().waitFor({ timeout: 60_000 });
      await page.waitForLoadState('networkidle');
      const loaded = await scripts();
      const how = storedSession ? 'session stored, /' : 'signs in from /';
      print(
        `consortium (${how}), dashboard figures interactive`,
        loaded.filter((script) => !CHART_CHUNK.test(script.name)),
        300,
      );
      print(`consortium (${how}), with the charts drawn`, loaded, 300);
      await context.close();
    }
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    if (server.exitCode === null) await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// Run directly: npx tsx apps/api/bench/web-budgets.ts
if (import.meta.url === `file://${process.argv[1]}`) await benchWebBudgets();
