import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { auditLogs, users } from '../../../db/schema/index.ts';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';

/** A minimal OpenID provider on loopback: discovery document and JWKS, keys made by the test. */
async function startIssuer() {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  let issuer = '';
  const server = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/.well-known/openid-configuration') {
      res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks`, id_token_signing_alg_values_supported: ['RS256'] }));
    } else if (req.url === '/jwks') {
      res.end(JSON.stringify({ keys: [jwk] }));
    } else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { issuer, privateKey, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const CLIENT_ID = 'backoffice-web';

async function idToken(key: CryptoKey, issuer: string, claims: Record<string, unknown>, options: { audience?: string; expiresIn?: string | number } = {}) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
    .setIssuer(issuer)
    .setAudience(options.audience ?? CLIENT_ID)
    .setSubject(String(claims.sub ?? 'subject-1'))
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '5m')
    .sign(key);
}

describe('POST /api/auth/socialLogin with the feature off (shipped)', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('answers 403 SOCIAL_LOGIN_DISABLED', async () => {
    const res = await t.request('POST', '/api/auth/socialLogin', { body: { token: 'x.y.z', provider: 'google' } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('SOCIAL_LOGIN_DISABLED');
  });
});

describe('POST /api/auth/socialLogin with an OpenID provider', () => {
  let t: TTestApp;
  let idp: Awaited<ReturnType<typeof startIssuer>>;
  beforeAll(async () => {
    idp = await startIssuer();
    t = await startTestApp({ env: { OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: CLIENT_ID }, features: { socialLogin: true } });
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  it('signs in the existing account with the verified e-mail', async () => {
    const token = await idToken(idp.privateKey, idp.issuer, { email: 'Hotelier@Demo.test', email_verified: true });
    const res = await t.request('POST', '/api/auth/socialLogin', { body: { token, provider: 'google' } });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: 'hotelier@demo.test', role: 'user' });
    expect(typeof res.body.token).toBe('string');
    expect(typeof res.body.refreshToken).toBe('string');
    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, res.body.user._id), eq(auditLogs.action, 'login')));
    expect(audit.some((a) => (a.changes as { method?: string })?.method === 'oidc')).toBe(true);
  });

  it('refuses to sign in an administrator through the provider', async () => {
    const token = await idToken(idp.privateKey, idp.issuer, { email: 'admin@demo.test', email_verified: true });
    const res = await t.request('POST', '/api/auth/socialLogin', { body: { token, provider: 'google' } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
    expect(res.body.token).toBeUndefined();
  });

  it('creates a confirmed hotelier account for a new verified e-mail', async () => {
    const token = await idToken(idp.privateKey, idp.issuer, { email: 'fresh@example.org', email_verified: true, given_name: 'Franca', family_name: 'Fresca' });
    const res = await t.request('POST', '/api/auth/socialLogin', { body: { token, provider: 'google' } });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: 'fresh@example.org', role: 'user', name: 'Franca', surname: 'Fresca', isConfirmed: true });
    const [row] = await t.db.select().from(users).where(eq(users.email, 'fresh@example.org'));
    expect(row.passwordHash).toBeNull();
    // The same person again gets the same account.
    const again = await t.request('POST', '/api/auth/socialLogin', {
      body: { token: await idToken(idp.privateKey, idp.issuer, { email: 'fresh@example.org', email_verified: true }), provider: 'google' },
    });
    expect(again.body.user._id).toBe(res.body.user._id);
  });

  it('refuses unverified e-mails, other audiences, expired tokens and tokens signed by another key', async () => {
    const unverified = await idToken(idp.privateKey, idp.issuer, { email: 'hotelier@demo.test', email_verified: false });
    const wrongAudience = await idToken(idp.privateKey, idp.issuer, { email: 'hotelier@demo.test', email_verified: true }, { audience: 'someone-else' });
    // Expired a minute ago (an absolute time, so the test does not depend on how fast it runs).
    const expired = await idToken(idp.privateKey, idp.issuer, { email: 'hotelier@demo.test', email_verified: true }, { expiresIn: Math.floor(Date.now() / 1000) - 60 });
    const { privateKey: stranger } = await generateKeyPair('RS256');
    const forged = await idToken(stranger, idp.issuer, { email: 'admin@demo.test', email_verified: true });
    for (const token of [unverified, wrongAudience, expired, forged, 'not-a-jwt']) {
      const res = await t.request('POST', '/api/auth/socialLogin', { body: { token, provider: 'google' } });
      expect(res.status, token.slice(0, 20)).toBe(401);
      expect(res.body.code).toBe('INVALID_CREDENTIALS');
    }
  });

  it('validates the body', async () => {
    const res = await t.request('POST', '/api/auth/socialLogin', { body: { provider: 'google' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });
});

describe('POST /api/auth/socialLogin when the provider is unreachable', () => {
  let t: TTestApp;
  beforeAll(async () => {
    // A loopback port nobody listens on.
    const idle = http.createServer();
    await new Promise<void>((resolve) => idle.listen(0, '127.0.0.1', resolve));
    const port = (idle.address() as AddressInfo).port;
    await new Promise<void>((resolve) => idle.close(() => resolve()));
    t = await startTestApp({ env: { OIDC_ISSUER: `http://127.0.0.1:${port}`, OIDC_CLIENT_ID: CLIENT_ID }, features: { socialLogin: true } });
  });
  afterAll(() => t?.close());

  it('answers 503 SERVICE_UNAVAILABLE, not a credentials error', async () => {
    const res = await t.request('POST', '/api/auth/socialLogin', { body: { token: 'a.b.c', provider: 'google' } });
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('SERVICE_UNAVAILABLE');
  });
});
