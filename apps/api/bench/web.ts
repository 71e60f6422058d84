import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, runMigrations } from '../src/db/client.ts';
import { users } from '../src/db/schema/index.ts';
import { ensureFeatureFlags } from '../src/modules/platform/settings/features.ts';
import { ensurePermissions } from '../src/modules/platform/permissions/permissions.ts';
import { DEMO_PASSWORD, seedDemoOnce } from '../src/seed/demo.ts';
import { createLocalStorage } from '../src/modules/platform/uploads/storage.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const WEB_DIST = path.resolve(process.env.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist'));
const EXTRA_USERS = 120;
const LIST_RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);

type TScriptLoad = { files: number; rawBytes: number; gzipBytes: number; wireBytes: number; encodings: string[]; largest: { name: string; gzipBytes: number }[] };

/**
 * Every JavaScript response the page receives, summed raw, gzipped (zlib default level) and as it
 * travelled (the encoded body the browser received: brotli or gzip as the server chose).
 */
function collectScripts(page: Page) {
  const bodies: Promise<{ url: string; body: Buffer; wire: number; encoding: string } | null>[] = [];
  const urls = new Set<string>();
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const contentType = response.headers()['content-type'] ?? '';
    if ((type === 'script' || contentType.includes('javascript')) && !urls.has(response.url())) {
      urls.add(response.url());
      bodies.push(
        Promise.all([response.body(), response.finished().then(() => response.request().sizes())]).then(
          ([body, sizes]) => ({ url: response.url(), body, wire: sizes.responseBodySize, encoding: response.headers()['content-encoding'] ?? 'identity' }),
          () => null,
        ),
      );
    }
  });
  return async (): Promise<TScriptLoad> => {
    const loaded = (await Promise.all(bodies))
      .filter((item): item is { url: string; body: Buffer; wire: number; encoding: string } => item !== null)
      .map(({ url, body, wire, encoding }) => ({ name: new URL(url).pathname.split('/').pop() ?? url, rawBytes: body.length, gzipBytes: gzipSync(body).length, wire, encoding }));
    return {
      files: loaded.length,
      rawBytes: loaded.reduce((sum, file) => sum + file.rawBytes, 0),
      gzipBytes: loaded.reduce((sum, file) => sum + file.gzipBytes, 0),
      wireBytes: loaded.reduce((sum, file) => sum + file.wire, 0),
      encodings: [...new Set(loaded.map((file) => file.encoding))],
      largest: [...loaded].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 5),
    };
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
function printScripts(label: string, load: TScriptLoad, target?: string) {
  console.log(
    `  ${label.padEnd(44)} ${String(load.files).padStart(3)} files  ${kb(load.rawBytes).padStart(10)} raw  ${kb(load.gzipBytes).padStart(10)} gzip  ${kb(load.wireBytes).padStart(10)} on the wire (${load.encodings.join(', ')})${target ? `   (target ${target})` : ''}`,
  );
  console.log(`    largest: ${load.largest.map((file) => `${file.name} ${kb(file.gzipBytes)}`).join(', ')}`);
}

/** The value the app keeps in local storage after signing in as `email` (signed in through the API). */
async function storedSession(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${email}:${DEMO_PASSWORD}`).toString('base64')}` } });
  if (!response.ok) throw new Error(`${email} sign-in failed: ${response.status} ${await response.text()}`);
  const session = (await response.json()) as { token: string; refreshToken: string | null; user: unknown };
  return JSON.stringify({ ...session, temporaryPassword: null, realSession: null });
}

async function signedInContext(browser: Browser, baseUrl: string, email = 'admin@demo.test', viewport = { width: 1366, height: 900 }): Promise<BrowserContext> {
  const session = await storedSession(baseUrl, email);
  const context = await browser.newContext({ viewport, locale: 'it-IT' });
  // The app keeps its session in local storage: plant it before the app boots, as after a sign-in.
  await context.addInitScript((value) => window.localStorage.setItem('backoffice.session', value), session);
  return context;
}

type TPageLoad = { name: string; path: string; ready: (page: Page) => Promise<unknown>; email?: string };

/** The two pages issue 13 scores: the sign-in page (signed out) and the hotelier's stays list. */
const SCORED_PAGES: TPageLoad[] = [
  { name: 'sign-in', path: '/on-boarding/login', ready: (page) => page.getByRole('button', { name: 'Accedi' }).waitFor() },
  { name: 'stays list', path: '/stays', email: 'hotelier@demo.test', ready: (page) => page.locator('table tbody tr, .MuiList-root li').first().waitFor({ timeout: 60_000 }) },
];

const FORM_FACTORS = [
  { name: 'mobile', viewport: { width: 412, height: 823 } },
  { name: 'desktop', viewport: { width: 1350, height: 940 } },
] as const;

/**
 * Lighthouse-equivalent timings from the browser's Performance API: first and largest contentful
 * paint, and total blocking time (the part over 50 ms of each long task up to the page being ready).
 * No network or CPU throttling (Lighthouse's mobile run throttles both), so these are lower bounds.
 */
async function paintTimings(browser: Browser, baseUrl: string, target: TPageLoad, viewport: { width: number; height: number }) {
  const context = target.email ? await signedInContext(browser, baseUrl, target.email, viewport) : await browser.newContext({ viewport, locale: 'it-IT' });
  await context.addInitScript(() => {
    const w = window as unknown as { __lcp: number; __tbt: number };
    w.__lcp = 0;
    w.__tbt = 0;
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => (w.__lcp = Math.max(w.__lcp, entry.startTime)))).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => (w.__tbt += Math.max(0, entry.duration - 50)))).observe({ type: 'longtask', buffered: true });
  });
  const page = await context.newPage();
  await page.goto(`${baseUrl}${target.path}`);
  await target.ready(page);
  await page.waitForTimeout(500);
  const timings = await page.evaluate(() => {
    const w = window as unknown as { __lcp: number; __tbt: number };
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
    return { fcp, lcp: w.__lcp, tbt: w.__tbt };
  });
  await context.close();
  return timings;
}

/**
 * Lighthouse's performance score with Debian's Chromium, mobile (its default throttling) and
 * desktop; a signed-in page gets the session planted in local storage first (storage is not reset).
 * Returns null with the reason when Lighthouse cannot run here.
 */
async function lighthouseScores(baseUrl: string, target: TPageLoad): Promise<{ mobile: number; desktop: number; lcpMobile: number; runs: number } | { error: string }> {
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  try {
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    if (target.email) {
      const session = await storedSession(baseUrl, target.email);
      await page.goto(`${baseUrl}/on-boarding/login`);
      await page.evaluate((value) => window.localStorage.setItem('backoffice.session', value), session);
    }
    const flags = { port: chrome.port, onlyCategories: ['performance'], disableStorageReset: true, logLevel: 'error' as const, output: 'json' as const };
    // The machine is shared and noisy: the median of three runs of each form factor.
    const mobile: number[] = [];
    const desktop: number[] = [];
    const lcp: number[] = [];
    for (let run = 0; run < 3; run++) {
      const onMobile = await lighthouse(`${baseUrl}${target.path}`, flags, undefined, page);
      const onDesktop = await lighthouse(`${baseUrl}${target.path}`, flags, desktopConfig, page);
      mobile.push(Math.round((onMobile?.lhr.categories.performance.score ?? 0) * 100));
      desktop.push(Math.round((onDesktop?.lhr.categories.performance.score ?? 0) * 100));
      lcp.push(onMobile?.lhr.audits['largest-contentful-paint']?.numericValue ?? NaN);
    }
    await browser.disconnect();
    return { mobile: median(mobile), desktop: median(desktop), lcpMobile: median(lcp), runs: mobile.length };
  } catch (error) {
    return { error: (error as Error).message.split('\n')[0] };
  } finally {
    chrome?.kill();
  }
}

async function printPageSpeed(browser: Browser, baseUrl: string) {
  console.log('\nPage speed (Performance API in Chromium, no throttling; Lighthouse performance score, target >= 90)');
  for (const target of SCORED_PAGES) {
    for (const form of FORM_FACTORS) {
      const runs: { fcp: number; lcp: number; tbt: number }[] = [];
      for (let run = 0; run < 3; run++) runs.push(await paintTimings(browser, baseUrl, target, form.viewport));
      const med = (key: 'fcp' | 'lcp' | 'tbt') => median(runs.map((timing) => timing[key])).toFixed(0);
      console.log(
        `  ${`${target.name}, ${form.name} viewport`.padEnd(34)} FCP ${med('fcp').padStart(5)} ms   LCP ${med('lcp').padStart(5)} ms   TBT ${med('tbt').padStart(5)} ms   (median of ${runs.length})`,
      );
    }
    const scores = await lighthouseScores(baseUrl, target);
    if ('error' in scores) console.log(`  ${`${target.name}, Lighthouse`.padEnd(34)} did not run here: ${scores.error}`);
    else
      console.log(
        `  ${`${target.name}, Lighthouse`.padEnd(34)} mobile ${scores.mobile}   desktop ${scores.desktop}   (target >= 90; median of ${scores.runs}; mobile LCP ${scores.lcpMobile.toFixed(0)} ms, simulated slow 4G and 4x CPU)`,
      );
  }
}

/** Milliseconds from navigation start to the 100th row of the users list being in the DOM. */
async function timeToHundredRows(page: Page, baseUrl: string): Promise<number> {
  const started = performance.now();
  await page.goto(`${baseUrl}/users?perPage=100&page=1`, { waitUntil: 'commit' });
  await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length >= 100, undefined, { timeout: 60_000, polling: 'raf' });
  return performance.now() - started;
}

/**
 * The web app as a browser gets it: gzipped JavaScript loaded by the sign-in page and by the users
 * list, and the time from navigation to a rendered 100-row users list (cold: new browser profile,
 * nothing cached; warm: same profile, second visit). Serves the built app (apps/web/dist) from the
 * real API on an in-memory database with the demo data and 100+ extra users.
 */
export async function benchWeb() {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('benchWeb needs the built web app: run npm run build first');
  if (!fs.existsSync(CHROMIUM)) throw new Error(`benchWeb needs Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-web-secret-bench-web-secret-0123',
    ALTCHA_HMAC_KEY: 'bench-web-altcha-key',
    PUBLIC_URL: 'http://127.0.0.1',
    WEB_DIST_DIR: WEB_DIST,
  });
  const database = await openDatabase({ dataDir: null });
  await runMigrations(database);
  await ensureFeatureFlags(database.db);
  await ensurePermissions(database.db);
  await seedDemoOnce(database.db, createLocalStorage(config.uploadDir));
  await database.db
    .insert(users)
    .values(Array.from({ length: EXTRA_USERS }, (_, i) => ({ email: `bench.user.${i}@bench.test`, role: 'user', name: 'Bench', surname: `User ${String(i).padStart(3, '0')}`, isConfirmed: true })));

  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    console.log(`\nJavaScript loaded (built app from ${path.relative(process.cwd(), WEB_DIST) || WEB_DIST})`);
    {
      const context = await browser.newContext({ locale: 'it-IT' });
      const page = await context.newPage();
      const scripts = collectScripts(page);
      await page.goto(`${baseUrl}/on-boarding/login`, { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Accedi' }).waitFor();
      printScripts('sign-in page (/on-boarding/login)', await scripts(), '<= 200 KB compressed on the wire');
      await context.close();
    }
    await printPageSpeed(browser, baseUrl);
    {
      const context = await signedInContext(browser, baseUrl);
      const page = await context.newPage();
      const scripts = collectScripts(page);
      await page.goto(`${baseUrl}/users`, { waitUntil: 'networkidle' });
      await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length > 0, undefined, { timeout: 60_000 });
      printScripts('users list (/users, signed in as admin)', await scripts());
      await context.close();
    }

    const cold: number[] = [];
    const warm: number[] = [];
    for (let run = 0; run < LIST_RUNS; run++) {
      const context = await signedInContext(browser, baseUrl);
      const page = await context.newPage();
      cold.push(await timeToHundredRows(page, baseUrl));
      await page.goto('about:blank');
      warm.push(await timeToHundredRows(page, baseUrl));
      await context.close();
    }
    const fmt = (values: number[]) => `median ${median(values).toFixed(0)} ms  (min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)}; ${values.length} runs)`;
    console.log(`\nNavigation to a rendered 100-row users list (/users?perPage=100, ${EXTRA_USERS + 7} users)`);
    console.log(`  cold (new profile, empty cache)             ${fmt(cold)}`);
    console.log(`  warm (same profile, second visit)           ${fmt(warm)}`);
  } finally {
    await browser.close();
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// Run directly: npx tsx apps/api/bench/web.ts
if (import.meta.url === `file://${process.argv[1]}`) await benchWeb();
