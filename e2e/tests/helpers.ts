import AxeBuilder from '@axe-core/playwright';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { scaled } from './time-scale';

/** Shared steps of the end-to-end suites: demo accounts, sign-in, API calls, mail outbox, screenshots. */

export const DEMO_PASSWORD = 'Demo1234';
export const DEMO = {
  admin: 'admin@demo.test',
  city: 'city@demo.test',
  hotelier: 'hotelier@demo.test',
  agency: 'agency@demo.test',
  lab: 'lab@demo.test',
  consortium: 'consortium@demo.test',
} as const;

const artifactsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');

/** Saves the page as e2e/artifacts/<name>.png (kept as evidence of each flow). */
export async function saveScreenshot(page: Page, name: string) {
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });
}

/** A unique suffix so flows can create accounts on a database shared by the whole run. */
export function uniqueSuffix() {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export const basicAuth = (email: string, password: string) => `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

export type TSessionResponse = { token: string; refreshToken: string | null; user: Record<string, any> & { _id: string; role: string } };

/** Signs in through the API (no browser), for set-up steps. */
export async function apiSignIn(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<TSessionResponse> {
  const response = await request.post('/api/auth', { headers: { authorization: basicAuth(email, password) } });
  expect(response.status(), `sign-in of ${email}`).toBe(200);
  return response.json();
}

/** A JSON API call with a bearer token; fails the test on a non-2xx answer unless `expectStatus` says otherwise. */
export async function api<T = any>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { token?: string; body?: unknown; expectStatus?: number } = {},
): Promise<T> {
  const response = await request.fetch(url, {
    method,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    data: options.body,
  });
  const text = await response.text();
  if (options.expectStatus !== undefined) expect(response.status(), `${method} ${url}: ${text}`).toBe(options.expectStatus);
  else expect(response.ok(), `${method} ${url} answered ${response.status()}: ${text}`).toBeTruthy();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The newest e-mail to `to` with the given template, read from the demo mail outbox as admin. */
export async function latestMail(request: APIRequestContext, to: string, template: string) {
  const { token } = await apiSignIn(request, DEMO.admin);
  let mails: { to: string; template: string; text: string; subject: string }[] = [];
  // The mail is written after the request that triggers it commits; give it a moment.
  for (let attempt = 0; attempt < 20; attempt++) {
    mails = await api(request, 'GET', `/api/mail-outbox?to=${encodeURIComponent(to)}&template=${encodeURIComponent(template)}&sort=-createdAt&limit=1`, { token });
    if (mails.length > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(mails, `a ${template} e-mail to ${to}`).toHaveLength(1);
  return mails[0];
}

/** The first http(s) link in a mail text. */
export function linkIn(text: string): string {
  const match = text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in the e-mail: ${text}`);
  return match[0];
}

/** Signs in through the sign-in page (Italian labels, the default language). */
export async function signInThroughPage(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/on-boarding/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page).not.toHaveURL(/\/on-boarding\//);
}

/**
 * Starts a signed-in browser session without the sign-in page: the session is stored where the
 * app keeps it (local storage) before the app boots.
 */
export async function signInWithStoredSession(page: Page, email: string, password = DEMO_PASSWORD) {
  const session = await apiSignIn(page.request, email, password);
  await page.addInitScript(
    (value) => {
      if (!window.sessionStorage.getItem('e2e.sessionPlanted')) {
        window.localStorage.setItem('backoffice.session', value);
        window.sessionStorage.setItem('e2e.sessionPlanted', '1');
      }
    },
    JSON.stringify({ token: session.token, refreshToken: session.refreshToken ?? null, user: session.user, temporaryPassword: null, realSession: null }),
  );
  return session;
}

/** The user menu button of the app bar (labelled "Profilo"), showing the signed-in user's name. */
export function userMenuButton(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: /(Profilo|Profile)$/ });
}

export async function signOutThroughMenu(page: Page) {
  await userMenuButton(page).click();
  await page.getByRole('menuitem', { name: /^(Esci|Logout)$/ }).click();
  await expect(page).toHaveURL(/\/on-boarding\/login$/);
}

/**
 * A new account with a chosen password, created by the admin through the users API (flows that change
 * a password use their own account; public registration is rate limited per address).
 */
export async function createAccount(request: APIRequestContext, prefix: string, options: { role?: string; password?: string; name?: string } = {}) {
  const email = `e2e.${prefix}.${uniqueSuffix()}@example.com`;
  const password = options.password ?? 'Primo2025x';
  const { token } = await apiSignIn(request, DEMO.admin);
  const user = await api(request, 'POST', '/api/users', { token, body: { email, password, name: options.name ?? 'Prova', surname: prefix, role: options.role ?? 'user' }, expectStatus: 201 });
  return { email, password, user: user as { _id: string } & Record<string, any> };
}

/**
 * Types a calendar date ('YYYY-MM-DD') into the app's date input (MUI X date picker, Italian order
 * gg/mm/aaaa): its day, month and year are sections of a group named by the label, not a plain input.
 */
/** Types a month ('YYYY-MM') into the month picker labelled `label` (its month, then its year). */
export async function fillMonth(page: Page, label: string, isoMonth: string) {
  const [year, month] = isoMonth.split('-');
  await page.getByRole('group', { name: label, exact: true }).getByRole('spinbutton').first().click();
  await page.keyboard.type(`${month}${year}`);
}

export async function fillDate(page: Page, label: string, isoDate: string) {
  const [year, month, day] = isoDate.split('-');
  await page.getByRole('group', { name: label, exact: true }).getByRole('spinbutton').first().click();
  await page.keyboard.type(`${day}${month}${year}`);
}

/** Requests of each page still waiting for their answer (the socket's long-lived connection aside), and when that last changed. */
const trafficOf = new WeakMap<Page, { pending: Set<unknown>; changedAt: number }>();

/** Starts following the page's requests (once per page): call it before what `waitForQuiet` is to wait for. */
export function watchTraffic(page: Page) {
  let traffic = trafficOf.get(page);
  if (traffic) return traffic;
  const watched = { pending: new Set<unknown>(), changedAt: Date.now() };
  const done = (request: { url(): string }) => {
    if (watched.pending.delete(request)) watched.changedAt = Date.now();
  };
  page.on('request', (request) => {
    if (request.url().includes('/socket.io/')) return;
    watched.pending.add(request);
    watched.changedAt = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  trafficOf.set(page, (traffic = watched));
  return traffic;
}

/**
 * Waits until no request of the page has been pending for `quietMs`: the page and its late queries have
 * their data. Requests sent before the page's traffic was first watched (`watchTraffic`) are not waited for.
 */
export async function waitForQuiet(page: Page, quietMs = 300) {
  const traffic = watchTraffic(page);
  const deadline = Date.now() + scaled(15_000);
  // The route renders and fires its queries in the next frames: give it one before reading the traffic.
  await page.waitForTimeout(50);
  while (Date.now() < deadline && (traffic.pending.size > 0 || Date.now() - traffic.changedAt < quietMs)) await page.waitForTimeout(50);
}

/**
 * Opens a page of the app as its menu link does, without loading the app again: the router hears a
 * history change (what react-router's links do), so a walk over every menu page starts the app once,
 * not once per page (each reload parsed and ran the whole bundle again). Then waits until no request
 * of the page has been pending for `quietMs` (the page and its late queries have their data).
 */
export async function openInApp(page: Page, path: string, quietMs = 300) {
  watchTraffic(page);
  const shown = () => page.evaluate(() => document.documentElement.dataset.path);
  const before = await shown();
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  // The router must have taken the change (the layout marks the path it shows), else the walk would check the last page again.
  if (before !== path) await expect.poll(shown, { message: `the app did not open ${path}`, timeout: scaled(15_000) }).not.toBe(before);
  await waitForQuiet(page, quietMs);
}

/**
 * axe-core on the page as it is, with the WCAG 2.0/2.1 A and AA rules and best practices. In legacy mode axe runs in
 * the page itself (axe.run): the default mode injects axe-core into every frame, then opens a new blank page to
 * inject it once more and finish the run there, for each scan. Legacy mode only leaves out cross-origin frames, and
 * the app has none. Only violations are processed to the end (`resultTypes`): axe otherwise builds a selector for every
 * node of every rule that passed, which no test reads (the menu walks' axe work fell from 85 to 54 CPU s).
 */
function axeScan(page: Page) {
  return new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode()
    .analyze();
}

/** axe's serious and critical violations on the page as it is: the ones a test fails on. */
export async function seriousViolations(page: Page) {
  return (await axeScan(page)).violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}
