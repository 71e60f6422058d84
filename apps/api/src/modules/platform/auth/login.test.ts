import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';
import { solveAltcha } from './testing.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('POST /api/auth', () => {
  it('signs in a demo account and returns the session shape without secrets', async () => {
    const res = await t.request('POST', '/api/auth', { headers: { authorization: t.basic('admin@demo.test', 'Demo1234') } });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: 'admin@demo.test', role: 'admin' });
    expect(res.body.user.passwordHash).toBeUndefined();
    expect(typeof res.body.token).toBe('string');
    expect(typeof res.body.refreshToken).toBe('string');
  });

  it('answers the same generic error for an unknown e-mail and a wrong password', async () => {
    const unknown = await t.request('POST', '/api/auth', { headers: { authorization: t.basic('nobody@demo.test', 'Demo1234') } });
    const wrong = await t.request('POST', '/api/auth', { headers: { authorization: t.basic('admin@demo.test', 'Wrong1234') } });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body.code).toBe('INVALID_CREDENTIALS');
  });

  it('rejects a request without Basic authorization with a 400 naming the field', async () => {
    const res = await t.request('POST', '/api/auth');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BAD_REQUEST');
  });

  it('serves health, readiness, the public config with the demo marker, and the OpenAPI document', async () => {
    expect((await t.request('GET', '/api/health')).body).toEqual({ status: 'ok' });
    expect((await t.request('GET', '/api/ready')).body).toEqual({ status: 'ready' });
    const config = await t.request('GET', '/api/config');
    expect(config.body.demo).toBe(true);
    expect(config.body.features.websocket).toBe(false);
    expect(config.body.features.appVersionUpdateControl).toBe(true);
    const doc = await t.request('GET', '/api/docs/json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\.1/);
    expect(doc.body.paths['/api/auth']).toBeDefined();
  });
});

describe('POST /api/auth: audit, temporary password', () => {
  it('audits successful and failed sign-ins', async () => {
    const { auditLogs, users } = await import('../../../db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    await t.request('POST', '/api/auth', { headers: { authorization: t.basic('city@demo.test', 'Wrong1234') } });
    await t.signedIn('city');
    const [city] = await t.db.select().from(users).where(eq(users.email, 'city@demo.test'));
    const rows = await t.db.select().from(auditLogs).where(eq(auditLogs.entityId, city.id));
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['login_failed', 'login']));
    expect(rows.find((r) => r.action === 'login')?.actorId).toBe(city.id);
    expect(city.lastLoginAt).not.toBeNull();
  });

  it('signs in an invited user with a temporary password and flags needsPasswordChange', async () => {
    const { users } = await import('../../../db/schema/index.ts');
    const { hashPassword } = await import('./passwords.ts');
    await t.db.insert(users).values({
      email: 'invited@demo.test',
      role: 'user',
      name: 'Ivo',
      passwordHash: await hashPassword('TempPass9xyz'),
      hasTemporaryPassword: true,
      needsPasswordChange: true,
    });
    const session = await t.login('invited@demo.test', 'TempPass9xyz');
    expect(session.user).toMatchObject({ needsPasswordChange: true, hasTemporaryPassword: true });
  });
});

describe('POST /api/auth: bot check when botCheckOnLogin is on', () => {
  let b: TTestApp;
  beforeAll(async () => {
    b = await startTestApp({ features: { botCheckOnLogin: true } });
  });
  afterAll(() => b?.close());

  it('refuses a sign-in without, or with a forged, x-altcha payload', async () => {
    const authorization = b.basic('admin@demo.test', 'Demo1234');
    const missing = await b.request('POST', '/api/auth', { headers: { authorization } });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('BOT_CHECK_FAILED');
    const garbage = await b.request('POST', '/api/auth', { headers: { authorization, 'x-altcha': 'bm90LWpzb24' } });
    expect(garbage.body.code).toBe('BOT_CHECK_FAILED');
    // A real solution whose challenge was tampered with (signature no longer matches).
    const payload = JSON.parse(Buffer.from(await solveAltcha(b), 'base64').toString());
    payload.challenge.parameters.cost = 1;
    const forged = await b.request('POST', '/api/auth', { headers: { authorization, 'x-altcha': Buffer.from(JSON.stringify(payload)).toString('base64') } });
    expect(forged.body.code).toBe('BOT_CHECK_FAILED');
  });

  it('accepts a solved challenge once; replaying it is refused', async () => {
    const authorization = b.basic('admin@demo.test', 'Demo1234');
    const altcha = await solveAltcha(b);
    const ok = await b.request('POST', '/api/auth', { headers: { authorization, 'x-altcha': altcha } });
    expect(ok.status).toBe(200);
    const replay = await b.request('POST', '/api/auth', { headers: { authorization, 'x-altcha': altcha } });
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe('BOT_CHECK_FAILED');
  });

  it('refuses a solved challenge that has expired', async () => {
    const { createAltchaChallenge } = await import('./altcha.ts');
    const { solveChallenge } = await import('altcha-lib');
    const { deriveKey } = await import('altcha-lib/algorithms/pbkdf2');
    const challenge = await createAltchaChallenge(b.config, Date.now() - 11 * 60_000);
    const solution = await solveChallenge({ challenge, deriveKey });
    const payload = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    const res = await b.request('POST', '/api/auth', { headers: { authorization: b.basic('admin@demo.test', 'Demo1234'), 'x-altcha': payload } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BOT_CHECK_FAILED');
  });

  it('applies to social login too', async () => {
    const res = await b.request('POST', '/api/auth/socialLogin', { body: { token: 'a.b.c', provider: 'google' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BOT_CHECK_FAILED');
  });

  it('serves challenges that are signed and not cached', async () => {
    const res = await b.request('GET', '/api/auth/altcha-challenge');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256' });
    expect(typeof res.body.signature).toBe('string');
    expect(res.body.parameters.expiresAt * 1000).toBeGreaterThan(Date.now());
  });
});

describe('POST /api/auth: failed attempts ask for a bot check, never lock the right password out', () => {
  let r: TTestApp;
  beforeAll(async () => {
    // Trusting X-Forwarded-For lets the test play several client addresses over loopback.
    r = await startTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => r?.close());
  const signIn = (email: string, password: string, address: string, altcha?: string) =>
    r.request('POST', '/api/auth', { headers: { authorization: r.basic(email, password), 'x-forwarded-for': address, ...(altcha ? { 'x-altcha': altcha } : {}) } });

  it('after 5 failures on an account the right password signs in with a solved bot check; without one it is BOT_CHECK_REQUIRED', async () => {
    for (let i = 0; i < 5; i++) expect((await signIn('agency@demo.test', `Wrong${i}pass`, `10.0.0.${i + 1}`)).status).toBe(401);
    const asked = await signIn('agency@demo.test', 'Demo1234', '10.0.0.99');
    expect(asked.status).toBe(429);
    expect(asked.body.code).toBe('BOT_CHECK_REQUIRED');
    // The password is not looked at without the check: a wrong one gets the same answer.
    expect((await signIn('agency@demo.test', 'Wrong9pass', '10.0.0.99')).body.code).toBe('BOT_CHECK_REQUIRED');
    const ok = await signIn('agency@demo.test', 'Demo1234', '10.0.0.99', await solveAltcha(r));
    expect(ok.status).toBe(200);
    // The success cleared the account's counter: the next sign-in needs no check.
    expect((await signIn('agency@demo.test', 'Demo1234', '10.0.0.99')).status).toBe(200);
    // Another account was never affected.
    expect((await signIn('lab@demo.test', 'Demo1234', '10.0.0.99')).status).toBe(200);
  });

  it('with a bot check a wrong password is still refused and a forged or replayed check is BOT_CHECK_FAILED', async () => {
    for (let i = 0; i < 5; i++) await signIn('agency3@demo.test', 'Wrong1234', '10.0.1.1');
    const altcha = await solveAltcha(r);
    const wrong = await signIn('agency3@demo.test', 'Wrong1234', '10.0.1.1', altcha);
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('INVALID_CREDENTIALS');
    const replayed = await signIn('agency3@demo.test', 'Demo1234', '10.0.1.1', altcha);
    expect(replayed.status).toBe(400);
    expect(replayed.body.code).toBe('BOT_CHECK_FAILED');
    expect((await signIn('agency3@demo.test', 'Demo1234', '10.0.1.1', 'bm90LWpzb24')).body.code).toBe('BOT_CHECK_FAILED');
    expect((await signIn('agency3@demo.test', 'Demo1234', '10.0.1.1', await solveAltcha(r))).status).toBe(200);
  });

  it('30 failures from one address across accounts ask that address for a bot check; correct sign-ins still pass with it, other addresses are untouched', async () => {
    for (let i = 0; i < 30; i++) expect((await signIn(`nobody${i}@demo.test`, 'Wrong1234', '10.9.9.9')).status).toBe(401);
    const asked = await signIn('hotelier@demo.test', 'Demo1234', '10.9.9.9');
    expect(asked.status).toBe(429);
    expect(asked.body.code).toBe('BOT_CHECK_REQUIRED');
    expect((await signIn('hotelier@demo.test', 'Demo1234', '10.9.9.9', await solveAltcha(r))).status).toBe(200);
    // A success does not clear the address: the guesses spread over accounts still count.
    expect((await signIn('city@demo.test', 'Demo1234', '10.9.9.9')).body.code).toBe('BOT_CHECK_REQUIRED');
    expect((await signIn('hotelier@demo.test', 'Demo1234', '10.9.9.10')).status).toBe(200);
  });

  it('a success clears the account counter', async () => {
    for (let i = 0; i < 4; i++) await signIn('city@demo.test', 'Wrong1234', '10.1.1.1');
    expect((await signIn('city@demo.test', 'Demo1234', '10.1.1.1')).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await signIn('city@demo.test', 'Wrong1234', '10.1.1.1')).status).toBe(401);
  });

  it('with botCheckOnLogin on, the one solved check of the request also covers the limits', async () => {
    const b = await startTestApp({ env: { TRUST_PROXY: 'true' }, features: { botCheckOnLogin: true } });
    try {
      for (let i = 0; i < 5; i++) {
        const res = await b.request('POST', '/api/auth', { headers: { authorization: b.basic('city2@demo.test', 'Wrong1234'), 'x-forwarded-for': '10.2.2.2', 'x-altcha': await solveAltcha(b) } });
        expect(res.status).toBe(401);
      }
      const ok = await b.request('POST', '/api/auth', { headers: { authorization: b.basic('city2@demo.test', 'Demo1234'), 'x-forwarded-for': '10.2.2.2', 'x-altcha': await solveAltcha(b) } });
      expect(ok.status).toBe(200);
    } finally {
      await b.close();
    }
  });
});
