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

describe('POST /api/auth: rate limiting', () => {
  let r: TTestApp;
  beforeAll(async () => {
    // Trusting X-Forwarded-For lets the test play several client addresses over loopback.
    r = await startTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => r?.close());

  it('locks an account after 5 failed attempts, even for the right password, with Retry-After', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await r.request('POST', '/api/auth', { headers: { authorization: r.basic('agency@demo.test', `Wrong${i}pass`), 'x-forwarded-for': `10.0.0.${i + 1}` } });
      expect(res.status).toBe(401);
    }
    const locked = await r.request('POST', '/api/auth', { headers: { authorization: r.basic('agency@demo.test', 'Demo1234'), 'x-forwarded-for': '10.0.0.99' } });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('RATE_LIMITED');
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Another account is not affected.
    expect((await r.request('POST', '/api/auth', { headers: { authorization: r.basic('lab@demo.test', 'Demo1234'), 'x-forwarded-for': '10.0.0.99' } })).status).toBe(200);
  });

  it('limits failed attempts per address across accounts', async () => {
    for (let i = 0; i < 30; i++) {
      const res = await r.request('POST', '/api/auth', { headers: { authorization: r.basic(`nobody${i}@demo.test`, 'Wrong1234'), 'x-forwarded-for': '10.9.9.9' } });
      expect(res.status).toBe(401);
    }
    const limited = await r.request('POST', '/api/auth', { headers: { authorization: r.basic('hotelier@demo.test', 'Demo1234'), 'x-forwarded-for': '10.9.9.9' } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Same account from another address still works.
    expect((await r.request('POST', '/api/auth', { headers: { authorization: r.basic('hotelier@demo.test', 'Demo1234'), 'x-forwarded-for': '10.9.9.10' } })).status).toBe(200);
  });

  it('a success clears the account counter', async () => {
    for (let i = 0; i < 4; i++) await r.request('POST', '/api/auth', { headers: { authorization: r.basic('city@demo.test', 'Wrong1234'), 'x-forwarded-for': '10.1.1.1' } });
    expect((await r.request('POST', '/api/auth', { headers: { authorization: r.basic('city@demo.test', 'Demo1234'), 'x-forwarded-for': '10.1.1.1' } })).status).toBe(200);
    for (let i = 0; i < 4; i++) {
      expect((await r.request('POST', '/api/auth', { headers: { authorization: r.basic('city@demo.test', 'Wrong1234'), 'x-forwarded-for': '10.1.1.1' } })).status).toBe(401);
    }
  });
});
