import { defineConfig } from '@playwright/test';
import { scaled } from './tests/time-scale';

/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser). run-e2e.mjs starts one API
 * server per worker, each serving the built web app with a fresh embedded database and demo data,
 * and lists their addresses in E2E_BASE_URLS. Playwright loads this file again in each worker
 * process, with TEST_PARALLEL_INDEX set (0 to workers - 1, kept by a worker that replaces a failed
 * one), so each worker's baseURL is its own server: workers never share mutable data.
 */
const baseURLs = (process.env.E2E_BASE_URLS ?? process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3210').split(',');
const baseURL = baseURLs[Number(process.env.TEST_PARALLEL_INDEX ?? 0)];
// More workers than servers (a --workers option over run-e2e.mjs's) would make two workers share a database.
if (!baseURL) throw new Error(`worker ${process.env.TEST_PARALLEL_INDEX} has no server: run-e2e.mjs started ${baseURLs.length} (set E2E_WORKERS instead of --workers)`);

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  // Stretched on a shared CI machine (tests/time-scale.ts).
  timeout: scaled(60_000),
  expect: { timeout: scaled(10_000) },
  // Files are spread over the workers; the tests of one file run in order, in one worker.
  fullyParallel: false,
  workers: baseURLs.length,
  // On CI one more try for a test that failed: a shared machine's stalls, not our code, failed single
  // steps there; a real fault fails twice, and the report lists every retried test as flaky.
  retries: process.env.CI ? 1 : 0,
  // results.json keeps each test's duration (and each retry's), to find what a run spends its time on.
  reporter: [['list'], ['html', { outputFolder: './artifacts/report', open: 'never' }], ['json', { outputFile: './artifacts/results.json' }]],
  use: {
    baseURL,
    viewport: { width: 1366, height: 768 },
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    // A trace only of a failed test's retry (CI), never of every test: recording one (screencast and
    // DOM snapshots) took some 40 % of the test side's CPU (browser and runner), for traces a passing test deletes.
    // For a trace of a local failure: node run-e2e.mjs --trace retain-on-failure tests/x.spec.ts.
    trace: 'on-first-retry',
    launchOptions: {
      // run-e2e.mjs sets the headless shell when it is installed (the same Chromium, less work per page).
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
});
