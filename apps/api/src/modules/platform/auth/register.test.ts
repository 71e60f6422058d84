import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLogs, oneTimeTokens, users } from '../../../db/schema/index.ts';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';
import { lastMailTo, solveAltcha } from './testing.ts';
import { sha256 } from './tokens.ts';

let t: TTestApp;
let ip = 0;
// Each test registers from its own address so the per-address limit only bites where tested.
const from = () => ({ 'x-forwarded-for': `192.0.2.${++ip}` });

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(() => t?.close());

const valid = { email: 'New.Hotelier@Example.com', password: 'Secret123', name: 'Nora', surname: 'Nuova' };

describe('POST /api/auth/register', () => {
  it('creates a confirmed-pending hotelier, signs it in and mails a single-use confirmation link', async () => {
    const res = await t.request('POST', '/api/auth/register', { body: { ...valid, phone: '+39 0471 123456' }, headers: from() });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ email: 'new.hotelier@example.com', role: 'user', name: 'Nora', isConfirmed: false, phone: '+39 0471 123456' });
    expect(res.body.user.passwordHash).toBeUndefined();
    expect(typeof res.body.token).toBe('string');
    expect(typeof res.body.refreshToken).toBe('string');
    // The token works at once.
    const me = await t.request('GET', '/api/users/me', { token: res.body.token });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('new.hotelier@example.com');

    const mail = await lastMailTo(t, 'new.hotelier@example.com');
    expect(mail?.template).toBe('confirmEmail');
    expect(mail?.link).toMatch(/^http:\/\/localhost:3000\/api\/auth\/confirm\/[\w-]+$/);
    const token = mail!.link!.split('/').pop()!;
    // Stored hashed only.
    const stored = await t.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, res.body.user._id));
    expect(stored).toHaveLength(1);
    expect(stored[0].tokenHash).toBe(sha256(token));
    expect(stored[0].tokenHash).not.toBe(token);

    const confirm = await fetch(`${t.baseUrl}/api/auth/confirm/${token}`, { redirect: 'manual' });
    expect(confirm.status).toBe(302);
    expect(confirm.headers.get('location')).toBe('/on-boarding/login?confirmed=1');
    const [row] = await t.db.select().from(users).where(eq(users.id, res.body.user._id));
    expect(row.isConfirmed).toBe(true);

    const again = await fetch(`${t.baseUrl}/api/auth/confirm/${token}`, { redirect: 'manual' });
    expect(again.headers.get('location')).toBe('/on-boarding/login?confirmed=0');
    const unknown = await fetch(`${t.baseUrl}/api/auth/confirm/not-a-token`, { redirect: 'manual' });
    expect(unknown.headers.get('location')).toBe('/on-boarding/login?confirmed=0');

    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.entityId, res.body.user._id));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['register', 'confirm_email']));
  });

  it('answers 409 EMAIL_TAKEN for an e-mail already registered, whatever its case', async () => {
    const res = await t.request('POST', '/api/auth/register', { body: { ...valid, email: 'HOTELIER@demo.test' }, headers: from() });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('EMAIL_TAKEN');
    expect(JSON.stringify(res.body)).not.toMatch(/Giulia|role/);
  });

  it('enforces the password policy with PASSWORD_POLICY and the failing rules', async () => {
    const res = await t.request('POST', '/api/auth/register', { body: { ...valid, email: 'weak@example.com', password: 'short' }, headers: from() });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('PASSWORD_POLICY');
    expect(res.body.details.map((d: { message: string }) => d.message)).toEqual(['validation.minLength', 'validation.withNumber', 'validation.withUpperChar']);
  });

  it('validates fields and refuses unknown ones such as role', async () => {
    const bad = await t.request('POST', '/api/auth/register', { body: { ...valid, email: 'not-an-email', name: '' }, headers: from() });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    expect(bad.body.details.map((d: { path: string }) => d.path)).toEqual(expect.arrayContaining(['email', 'name']));
    const role = await t.request('POST', '/api/auth/register', { body: { ...valid, email: 'sneaky@example.com', role: 'admin' }, headers: from() });
    expect(role.status).toBe(400);
    expect(role.body.code).toBe('VALIDATION_FAILED');
    const taxCode = await t.request('POST', '/api/auth/register', { body: { ...valid, email: 'tc@example.com', taxCode: 'RSSMRA80A01H501X' }, headers: from() });
    expect(taxCode.status).toBe(400);
    expect(taxCode.body.details[0]).toMatchObject({ path: 'taxCode' });
    const goodTaxCode = await t.request('POST', '/api/auth/register', { body: { ...valid, email: 'tc@example.com', taxCode: 'rssmra80a01h501u' }, headers: from() });
    expect(goodTaxCode.status).toBe(201);
    expect(goodTaxCode.body.user.taxCode).toBe('RSSMRA80A01H501U');
  });

  it('limits registrations per address with 429 and Retry-After', async () => {
    const headers = from();
    for (let i = 0; i < 5; i++) {
      const res = await t.request('POST', '/api/auth/register', { body: { ...valid, email: `burst${i}@example.com` }, headers });
      expect(res.status).toBe(201);
    }
    const limited = await t.request('POST', '/api/auth/register', { body: { ...valid, email: 'burst9@example.com' }, headers });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('POST /api/auth/register with botCheckOnRegister on', () => {
  let b: TTestApp;
  beforeAll(async () => {
    b = await startTestApp({ features: { botCheckOnRegister: true } });
  });
  afterAll(() => b?.close());

  it('requires a solved challenge', async () => {
    const missing = await b.request('POST', '/api/auth/register', { body: valid });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('BOT_CHECK_FAILED');
    const ok = await b.request('POST', '/api/auth/register', { body: valid, headers: { 'x-altcha': await solveAltcha(b) } });
    expect(ok.status).toBe(201);
  });
});
