import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { startCompiledServer, type TCompiledServer } from './compiled-server.ts';

/** The demo accounts' password (apps/api/src/seed/demo.ts). */
const DEMO_PASSWORD = 'Demo1234';
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

/** A page Lighthouse scores: its address (a function of the demo data for a record page) and who is signed in. */
type TScoredPage = { name: string; path: (baseUrl: string) => Promise<string>; email?: string };

const fixed = (address: string) => () => Promise.resolve(address);

/**
 * The consortium's NCA report in phase 3 with actions under way (its page: the report, its workflow, its corrective
 * actions). Always the same one: the first report of the list was another one per seed (ids are random), and the
 * figures moved with its status.
 */
async function firstNcaReport(baseUrl: string): Promise<string> {
  const session = JSON.parse(await storedSession(baseUrl, 'consortium@demo.test')) as { token: string };
  const response = await fetch(`${baseUrl}/api/nca-reports?status=waiting_operations&sort=code&limit=1`, { headers: { authorization: `Bearer ${session.token}` } });
  const reports = (await response.json()) as { _id: string }[];
  if (!response.ok || !reports[0]) throw new Error(`no NCA report in the demo data (${response.status})`);
  return `/nca-reports/${reports[0]._id}`;
}

/** The pages issue 28 §7 scores, each signed in as the role that works there (demo accounts). */
const SCORED_PAGES: TScoredPage[] = [
  { name: 'sign-in', path: fixed('/on-boarding/login') },
  { name: "hotelier's stays", path: fixed('/stays'), email: 'hotelier@demo.test' },
  { name: "comune's declarations", path: fixed('/declarations'), email: 'city@demo.test' },
  { name: "consortium's dashboard", path: fixed('/dashboard'), email: 'consortium@demo.test' },
  { name: 'NCA list', path: fixed('/nca-reports'), email: 'consortium@demo.test' },
  { name: 'NCA report', path: firstNcaReport, email: 'consortium@demo.test' },
  { name: "laboratory's RDP list", path: fixed('/rdps'), email: 'lab@demo.test' },
];

/** Issue 28 §7's targets: performance score on each form factor, and layout shift. */
const TARGET = { mobile: 90, desktop: 95, cls: 0.05 };
const RUNS = Number(process.env.BENCH_WEB_LIGHTHOUSE_RUNS ?? 3);

type TLighthouseRun = { score: number; cls: number; tbt: number; fcp: number; lcp: number };
type TLighthouseFigures = { mobile: TLighthouseRun; desktop: TLighthouseRun; runs: number };

/** The median of each figure over the runs (each figure on its own). */
function medianRun(runs: TLighthouseRun[]): TLighthouseRun {
  const of = (key: keyof TLighthouseRun) => median(runs.map((run) => run[key]));
  return { score: of('score'), cls: of('cls'), tbt: of('tbt'), fcp: of('fcp'), lcp: of('lcp') };
}

/**
 * Lighthouse's performance score with Debian's Chromium, mobile (its default: simulated slow 4G and
 * a 4x slower CPU) and desktop, the median of RUNS each. Every run starts with an empty HTTP cache
 * (Lighthouse clears it); local storage is kept (Lighthouse leaves it by default), so a signed-in
 * page finds the session planted there once, as after a sign-in. BENCH_WEB_LHR_DIR keeps each
 * run's report (JSON) for its diagnostics.
 */
async function lighthouseFigures(baseUrl: string, target: TScoredPage, address: string): Promise<TLighthouseFigures | { error: string }> {
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  try {
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    if (target.email) {
      const page = await browser.newPage();
      const session = await storedSession(baseUrl, target.email);
      await page.goto(`${baseUrl}/on-boarding/login`);
      await page.evaluate((value) => window.localStorage.setItem('backoffice.session', value), session);
      await page.close();
    }
    const flags = { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error' as const, output: 'json' as const };
    const figures = (result: Awaited<ReturnType<typeof lighthouse>>, form: string, run: number): TLighthouseRun => {
      if (!result) throw new Error('Lighthouse returned no result');
      const lhr = result.lhr;
      if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
      if (process.env.BENCH_WEB_LHR_DIR) {
        fs.mkdirSync(process.env.BENCH_WEB_LHR_DIR, { recursive: true });
        fs.writeFileSync(path.join(process.env.BENCH_WEB_LHR_DIR, `${target.name.replace(/[^a-z0-9]+/gi, '-')}-${form}-${run}.json`), JSON.stringify(lhr));
      }
      const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      return {
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        cls: value('cumulative-layout-shift'),
        tbt: value('total-blocking-time'),
        fcp: value('first-contentful-paint'),
        lcp: value('largest-contentful-paint'),
      };
    };
    // The machine is shared and noisy: the median of RUNS runs of each form factor.
    const mobile: TLighthouseRun[] = [];
    const desktop: TLighthouseRun[] = [];
    // Each run in a new tab (the profile's local storage stays); a run whose trace failed under load (NO_NAVSTART) is run once more.
    const measure = async (config: typeof desktopConfig | undefined, form: string, run: number): Promise<TLighthouseRun> => {
      for (let attempt = 1; ; attempt++) {
        const page = await browser.newPage();
        try {
          return figures(await lighthouse(`${baseUrl}${address}`, flags, config, page), form, run);
        } catch (error) {
          if (attempt >= 2) throw error;
        } finally {
          await page.close();
        }
      }
    };
    for (let run = 0; run < RUNS; run++) {
      mobile.push(await measure(undefined, 'mobile', run));
      desktop.push(await measure(desktopConfig, 'desktop', run));
    }
    await browser.disconnect();
    return { mobile: medianRun(mobile), desktop: medianRun(desktop), runs: RUNS };
  } catch (error) {
    return { error: (error as Error).message.split('\n')[0] };
  } finally {
    chrome?.kill();
  }
}

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/**
 * Issue 28 §7's table: each page's Lighthouse score, layout shift and blocking time, mobile and
 * desktop, next to its target; the machine's load average beside each line (Lighthouse scores
 * lower under load). BENCH_WEB_PAGES=stays,dashboard scores only the pages whose names contain one of the words.
 */
async function printLighthouse(baseUrl: string) {
  const only = process.env.BENCH_WEB_PAGES?.split(',').map((word) => word.trim().toLowerCase());
  const pages = only ? SCORED_PAGES.filter((target) => only.some((word) => target.name.toLowerCase().includes(word))) : SCORED_PAGES;
  console.log(
    `\nLighthouse performance (compiled server over HTTP, empty HTTP cache each run, median of ${RUNS}; mobile: simulated slow 4G, 4x CPU slowdown)` +
      `\n  targets: score >= ${TARGET.mobile} mobile, >= ${TARGET.desktop} desktop; layout shift (CLS) < ${TARGET.cls}`,
  );
  console.log(`  ${'page'.padEnd(24)} ${'mobile'.padStart(6)} ${'desktop'.padStart(7)}   ${'CLS m / d'.padEnd(13)}   ${'TBT m / d'.padEnd(15)}   ${'LCP m / d'.padEnd(15)}   verdict   load average`);
  let failures = 0;
  for (const target of pages) {
    const address = await target.path(baseUrl);
    const figures = await lighthouseFigures(baseUrl, target, address);
    if ('error' in figures) {
      console.log(`  ${target.name.padEnd(24)} did not run here: ${figures.error}`);
      continue;
    }
    const { mobile, desktop } = figures;
    const met = mobile.score >= TARGET.mobile && desktop.score >= TARGET.desktop && mobile.cls < TARGET.cls && desktop.cls < TARGET.cls;
    if (!met) failures++;
    const ms = (value: number) => value.toFixed(0);
    console.log(
      `  ${target.name.padEnd(24)} ${String(mobile.score).padStart(6)} ${String(desktop.score).padStart(7)}   ${`${mobile.cls.toFixed(3)} / ${desktop.cls.toFixed(3)}`.padEnd(13)}   ${`${ms(mobile.tbt)} / ${ms(desktop.tbt)} ms`.padEnd(15)}   ${`${ms(mobile.lcp)} / ${ms(desktop.lcp)} ms`.padEnd(15)}   ${met ? 'met    ' : 'NOT MET'}   ${loadAverage()}   (${address})`,
    );
  }
  console.log(`  ${failures === 0 ? 'every page meets its targets' : `${failures} of ${pages.length} pages miss a target`}`);
}

/** Milliseconds from navigation start to the 100th row of the users list being in the DOM. */
async function timeToHundredRows(page: Page, baseUrl: string): Promise<number> {
  const started = performance.now();
  await page.goto(`${baseUrl}/users?perPage=100&page=1`, { waitUntil: 'commit' });
  await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length >= 100, undefined, { timeout: 60_000, polling: 'raf' });
  return performance.now() - started;
}

/** The compiled product with the demo data, serving the built web app (WEB_DIST_DIR, default apps/web/dist). */
async function startWebServer(): Promise<TCompiledServer> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`the web bench needs Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`);
  const port = process.env.BENCH_WEB_LIGHTHOUSE_PORT ? Number(process.env.BENCH_WEB_LIGHTHOUSE_PORT) : undefined;
  const server = await startCompiledServer({ demo: true, port, env: { WEB_DIST_DIR: WEB_DIST } });
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
    await server.stop();
    throw new Error(`the web bench needs the built web app in ${WEB_DIST}: run npm run build first`);
  }
  return server;
}

/** EXTRA_USERS more accounts (invited by the admin through the API), so the users list has 100 rows to show. */
async function inviteBenchUsers(baseUrl: string) {
  const session = JSON.parse(await storedSession(baseUrl, 'admin@demo.test')) as { token: string };
  const users = Array.from({ length: EXTRA_USERS }, (_, i) => ({ email: `bench.user.${i}@bench.test`, role: 'user', name: 'Bench', surname: `User ${String(i).padStart(3, '0')}` }));
  const response = await fetch(`${baseUrl}/api/users/bulk`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ users }),
  });
  if (!response.ok) throw new Error(`inviting the bench users failed: ${response.status} ${await response.text()}`);
}

/**
 * The web app as a browser gets it, from the compiled product over HTTP (demo data, 100+ extra
 * users): gzipped JavaScript loaded by the sign-in page and by the users list, issue 28's Lighthouse
 * table, and the time from navigation to a rendered 100-row users list (cold: new browser profile,
 * nothing cached; warm: same profile, second visit).
 */
export async function benchWeb() {
  const server = await startWebServer();
  const baseUrl = server.base;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    await inviteBenchUsers(baseUrl);
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
    await printLighthouse(baseUrl);
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
    console.log(`\nNavigation to a rendered 100-row users list (/users?perPage=100, demo users + ${EXTRA_USERS})   load average ${loadAverage()}`);
    console.log(`  cold (new profile, empty cache)             ${fmt(cold)}`);
    console.log(`  warm (same profile, second visit)           ${fmt(warm)}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** Issue 28 §7's Lighthouse table alone (BENCH_ONLY=web-lighthouse). */
export async function benchWebLighthouse() {
  const server = await startWebServer();
  try {
    await printLighthouse(server.base);
  } finally {
    await server.stop();
  }
}

// Run directly: npx tsx apps/api/bench/web.ts
if (import.meta.url === `file://${process.argv[1]}`) await benchWeb();
