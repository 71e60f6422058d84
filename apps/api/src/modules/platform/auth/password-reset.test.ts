import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLogs, mailOutbox, oneTimeTokens, users } from '../../../db/schema/index.ts';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';
import { lastMailTo, solveAltcha } from './testing.ts';

let t: TTestApp;
let ip = 0;
const from = () => ({ 'x-forwarded-for': `198.51.100.${++ip}` });

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(() => t?.close());

async function forgot(email: string, headers: Record<string, string> = from()) {
  return t.request('POST', '/api/auth/forgot-password', { body: { email }, headers: { ...headers, 'x-altcha': await solveAltcha(t) } });
}

async function resetLinkFor(email: string) {
  expect((await forgot(email)).status).toBe(200);
  const mail = await lastMailTo(t, email);
  expect(mail?.template).toBe('resetPassword');
  expect(mail?.link).toMatch(/^http:\/\/localhost:3000\/on-boarding\/reset-password\/[\w-]+$/);
  return mail!.link!.split('/').pop()!;
}

describe('POST /api/auth/forgot-password', () => {
  it('answers the same for a registered and an unknown e-mail, and mails only the registered one', async () => {
    const known = await forgot('city@demo.test');
    const unknown = await forgot('nobody@demo.test');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ ok: true });
    expect(unknown.body).toEqual(known.body);
    expect(await lastMailTo(t, 'city@demo.test')).toBeDefined();
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'nobody@demo.test'))).toHaveLength(0);
  });

  it('always requires the bot check', async () => {
    const res = await t.request('POST', '/api/auth/forgot-password', { body: { email: 'city@demo.test' }, headers: from() });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BOT_CHECK_FAILED');
  });

  it('limits requests per e-mail (3 an hour) with 429 and Retry-After, for unknown e-mails too', async () => {
    for (let i = 0; i < 3; i++) expect((await forgot('ghost@demo.test')).status).toBe(200);
    const limited = await forgot('ghost@demo.test');
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3000);
  });

  it('limits requests per address (10 an hour)', async () => {
    const headers = from();
    for (let i = 0; i < 10; i++) expect((await forgot(`someone${i}@demo.test`, headers)).status).toBe(200);
    const limited = await forgot('someone-else@demo.test', headers);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password, spends the token, signs out every session and kills older access tokens', async () => {
    const old = await t.signedIn('agency');
    // Access tokens carry whole seconds: wait so the old one is strictly older than the change.
    await new Promise((r) => setTimeout(r, 1100));
    const token = await resetLinkFor('agency@demo.test');
    const res = await t.request('POST', '/api/auth/reset-password', { body: { token, password: 'Brand9New' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });

    expect((await t.request('GET', '/api/notifications/count', { token: old.token })).status).toBe(401);
    expect((await t.request('POST', '/api/auth/refresh', { headers: { authorization: `Bearer ${old.refreshToken}` } })).status).toBe(401);
    expect((await t.request('POST', '/api/auth', { headers: { authorization: t.basic('agency@demo.test', 'Demo1234') } })).status).toBe(401);
    const fresh = await t.login('agency@demo.test', 'Brand9New');
    expect(fresh.user.needsPasswordChange).toBe(false);

    const again = await t.request('POST', '/api/auth/reset-password', { body: { token, password: 'Another9Pass' } });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('TOKEN_INVALID');
    const [user] = await t.db.select().from(users).where(eq(users.email, 'agency@demo.test'));
    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, user.id), eq(auditLogs.action, 'password_reset')));
    expect(audit).toHaveLength(1);
  });

  it('enforces the policy without spending the token', async () => {
    const token = await resetLinkFor('lab@demo.test');
    const weak = await t.request('POST', '/api/auth/reset-password', { body: { token, password: 'weakpass' } });
    expect(weak.status).toBe(400);
    expect(weak.body.code).toBe('PASSWORD_POLICY');
    expect(weak.body.details).toEqual([
      { path: 'password', message: 'validation.withNumber' },
      { path: 'password', message: 'validation.withUpperChar' },
    ]);
    expect((await t.request('POST', '/api/auth/reset-password', { body: { token, password: 'Strong9Pass' } })).status).toBe(200);
  });

  it('refuses an expired token, an unknown token, and an older link once a new one was sent', async () => {
    const expired = await resetLinkFor('hotelier@demo.test');
    const [user] = await t.db.select().from(users).where(eq(users.email, 'hotelier@demo.test'));
    await t.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.userId, user.id));
    const res = await t.request('POST', '/api/auth/reset-password', { body: { token: expired, password: 'Strong9Pass' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('TOKEN_INVALID');
    expect((await t.request('POST', '/api/auth/reset-password', { body: { token: 'made-up', password: 'Strong9Pass' } })).body.code).toBe('TOKEN_INVALID');

    const first = await resetLinkFor('hotelier@demo.test');
    const second = await resetLinkFor('hotelier@demo.test');
    expect((await t.request('POST', '/api/auth/reset-password', { body: { token: first, password: 'Strong9Pass' } })).body.code).toBe('TOKEN_INVALID');
    expect((await t.request('POST', '/api/auth/reset-password', { body: { token: second, password: 'Strong9Pass' } })).status).toBe(200);
  });
});
