/* global window -- addInitScript callbacks run in the browser */
// The two API calls every screenshot script makes of the product it shoots: sign in as a demo account and
// call a route with its token. The base address is read at each call (a script may start its own product
// after this module is loaded).

export const DEMO_PASSWORD = 'Demo1234';

/** `call` and `signIn` against the product at `baseUrlOf()`. */
export function productApi(baseUrlOf) {
  async function call(method, url, { token, body } = {}) {
    const response = await fetch(baseUrlOf() + url, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
    return text ? JSON.parse(text) : undefined;
  }

  async function signIn(email) {
    const response = await fetch(`${baseUrlOf()}/api/auth`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${email}:${DEMO_PASSWORD}`).toString('base64')}` } });
    if (!response.ok) throw new Error(`sign-in of ${email}: ${response.status}`);
    return response.json();
  }

  return { call, signIn };
}

/**
 * A browser context at a viewport, in a language, signed in as `session` (or signed out when null): the app's
 * language and session are written to its local storage before any page loads, as the app keeps them.
 */
export async function openShotContext(browser, { viewport, language, session }) {
  const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height }, locale: language === 'it' ? 'it-IT' : 'en-GB', timezoneId: 'Europe/Rome' });
  await context.addInitScript(
    ({ session, language }) => {
      window.localStorage.setItem('backoffice.locale', JSON.stringify(language));
      if (session) {
        window.localStorage.setItem(
          'backoffice.session',
          JSON.stringify({ token: session.token, refreshToken: session.refreshToken ?? null, user: session.user, temporaryPassword: null, realSession: null }),
        );
      }
    },
    { session: session ?? null, language },
  );
  return context;
}
