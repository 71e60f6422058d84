import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { ROOT, startCompiledServer } from './compiled-server.ts';

/*
 * The JavaScript budgets of issue 24, measured the way a user meets them: the compiled server
 * (apps/api/dist/main.js, demo data, the built web app) over HTTP, a new browser profile (cold
 * cache), every JavaScript response summed brotli-compressed until the page is idle. Runs without
 * network: Chromium and the server are local.
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const WEB_DIST = path.resolve(process.env.WEB_DIST_DIR ?? path.join(ROOT, 'apps/web/dist'));
const DEMO_PASSWORD = 'Demo1234';

type TScript = { name: string; brotli: number; order: number; imports: string[] };

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
  // The order in which the page asked for each script (responses can arrive in another order).
  const requested = new Map<string, number>();
  page.on('request', (request) => {
    if (!requested.has(request.url())) requested.set(request.url(), requested.size);
  });
  page.on('response', (response) => {
    const contentType = response.headers()['content-type'] ?? '';
    if (response.request().resourceType() !== 'script' && !contentType.includes('javascript')) return;
    if (seen.has(response.url())) return;
    seen.add(response.url());
    const name = new URL(response.url()).pathname.split('/').pop() ?? response.url();
    const order = requested.get(response.url()) ?? Number.MAX_SAFE_INTEGER;
    bodies.push(
      Promise.all([response.body(), response.finished().then(() => response.request().sizes())]).then(
        ([body, sizes]) => ({
          name,
          order,
          // The chunks this one imports statically (`from"./x.js"`, `import"./x.js"`): the charts' own libraries.
          imports: CHART_CHUNK.test(name) ? [...body.toString('utf8').matchAll(/(?:from|import)\s*["']\.\/([\w.-]+\.js)["']/g)].map((match) => match[1]) : [],
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

/** The sign-in page from the site's address, and the consortium's dashboard after signing in, each with an empty cache. */
export async function benchWebBudgets() {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`web budgets need Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`);
  const server = await startCompiledServer({ demo: true, port: process.env.BENCH_WEB_PORT ? Number(process.env.BENCH_WEB_PORT) : undefined, env: { WEB_DIST_DIR: WEB_DIST } });
  const baseUrl = server.base;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
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
      // The charts: their chunk and the chunks it imports that the page had not fetched before it (vendor-mui-x, which only
      // the charts and the date pickers use).
      const chart = loaded.find((script) => CHART_CHUNK.test(script.name));
      const ofTheCharts = (script: TScript) => script === chart || (chart !== undefined && script.order > chart.order && chart.imports.includes(script.name));
      const how = storedSession ? 'session stored, /' : 'signs in from /';
      print(
        `consortium (${how}), dashboard figures interactive`,
        loaded.filter((script) => !ofTheCharts(script)),
        300,
      );
      print(`consortium (${how}), with the charts drawn`, loaded, 300);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

// Run directly: npx tsx apps/api/bench/web-budgets.ts
if (import.meta.url === `file://${process.argv[1]}`) await benchWebBudgets();
