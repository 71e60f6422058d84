import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLogs, refreshTokens, users } from '../../../db/schema/index.ts';
import { hashPassword } from '../auth/passwords.ts';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(() => t?.close());

async function createUser(email: string, password: string, extra: Partial<typeof users.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(users)
    .values({ email, role: 'user', name: 'Test', surname: 'User', passwordHash: await hashPassword(password), ...extra })
    .returning();
  return row;
}

describe('GET /api/users/me', () => {
  it('returns the signed-in user without secrets', async () => {
    const session = await t.signedIn('hotelier');
    const res = await t.request('GET', '/api/users/me', { token: session.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: session.user._id, email: 'hotelier@demo.test', role: 'user' });
    expect(res.body.passwordHash).toBeUndefined();
    expect(res.body.impersonatedBy).toBeUndefined();
  });

  it('needs a valid token', async () => {
    expect((await t.request('GET', '/api/users/me')).status).toBe(401);
    const bad = await t.request('GET', '/api/users/me', { token: 'garbage' });
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe('UNAUTHORIZED');
  });
});

describe('PUT /api/users/me', () => {
  it('updates editable fields, normalises identifiers, clears with empty strings, and audits the change', async () => {
    const session = await t.signedIn('city');
    const res = await t.request('PUT', '/api/users/me', {
      token: session.token,
      body: { phone: '+39 06 1234567', taxCode: 'rssmra80a01h501u', vatNumber: '12345670215', address: 'Via Roma 1', birthDate: '1980-01-01' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ phone: '+39 06 1234567', taxCode: 'RSSMRA80A01H501U', vatNumber: '12345670215', address: 'Via Roma 1', birthDate: '1980-01-01', role: 'city' });
    const cleared = await t.request('PUT', '/api/users/me', { token: session.token, body: { address: '' } });
    expect(cleared.body.address).toBeNull();
    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, session.user._id), eq(auditLogs.action, 'update')));
    expect(audit.length).toBe(2);
    expect(audit[0].actorId).toBe(session.user._id);
    expect(audit[0].impersonatorId).toBeNull();
    expect(audit.map((a) => Object.keys(a.changes ?? {})).flat()).toEqual(expect.arrayContaining(['phone', 'taxCode', 'address']));
  });

  it('refuses role, email and isEnabled, and invalid identifiers, with VALIDATION_FAILED naming the field', async () => {
    const session = await t.signedIn('hotelier');
    for (const body of [{ role: 'admin' }, { email: 'x@example.com' }, { isEnabled: false }]) {
      const res = await t.request('PUT', '/api/users/me', { token: session.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, session.user._id));
    expect(row.role).toBe('user');
    expect(row.email).toBe('hotelier@demo.test');
    const bad = await t.request('PUT', '/api/users/me', { token: session.token, body: { taxCode: 'RSSMRA80A01H501X', vatNumber: '12345678901', phone: 'abc', birthDate: '2999-01-01' } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { path: string }) => d.path).sort()).toEqual(['birthDate', 'phone', 'taxCode', 'vatNumber']);
  });

  it('marking the profile complete clears needsPasswordChange', async () => {
    await createUser('complete@example.com', 'Start9Pass', { needsPasswordChange: true, isProfileComplete: false });
    const session = await t.login('complete@example.com', 'Start9Pass');
    expect(session.user.needsPasswordChange).toBe(true);
    const res = await t.request('PUT', '/api/users/me', { token: session.token, body: { isProfileComplete: true } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isProfileComplete: true, needsPasswordChange: false });
  });
});

describe('PUT /api/users/me/password', () => {
  it('changes the password of a temporary-password user, clears both flags, ends other sessions and returns a fresh one', async () => {
    await createUser('temp@example.com', 'Temp9Password', { hasTemporaryPassword: true, needsPasswordChange: true });
    const old = await t.login('temp@example.com', 'Temp9Password');
    expect(old.user).toMatchObject({ hasTemporaryPassword: true, needsPasswordChange: true });
    await new Promise((r) => setTimeout(r, 1100)); // access tokens carry whole seconds
    const res = await t.request('PUT', '/api/users/me/password', { headers: { authorization: t.basic('temp@example.com', 'Temp9Password') }, body: { password: 'Chosen9Pass' } });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ hasTemporaryPassword: false, needsPasswordChange: false });
    expect((await t.request('GET', '/api/users/me', { token: res.body.token })).status).toBe(200);
    expect((await t.request('GET', '/api/users/me', { token: old.token })).status).toBe(401);
    expect((await t.request('POST', '/api/auth/refresh', { headers: { authorization: `Bearer ${old.refreshToken}` } })).status).toBe(401);
    expect((await t.request('POST', '/api/auth/refresh', { headers: { authorization: `Bearer ${res.body.refreshToken}` } })).status).toBe(200);
    await t.login('temp@example.com', 'Chosen9Pass');
    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, res.body.user._id), eq(auditLogs.action, 'password_change')));
    expect(audit).toHaveLength(1);
  });

  it('refuses a wrong old password (401), a weak or unchanged new password (400 PASSWORD_POLICY), a missing Basic header (400)', async () => {
    await createUser('changer@example.com', 'Current9Pass');
    const wrong = await t.request('PUT', '/api/users/me/password', {
      headers: { authorization: t.basic('changer@example.com', 'Nope9Nope'), 'x-forwarded-for': '203.0.113.1' },
      body: { password: 'Chosen9Pass' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('INVALID_CREDENTIALS');
    const weak = await t.request('PUT', '/api/users/me/password', { headers: { authorization: t.basic('changer@example.com', 'Current9Pass') }, body: { password: 'weak' } });
    expect(weak.status).toBe(400);
    expect(weak.body.code).toBe('PASSWORD_POLICY');
    const same = await t.request('PUT', '/api/users/me/password', { headers: { authorization: t.basic('changer@example.com', 'Current9Pass') }, body: { password: 'Current9Pass' } });
    expect(same.body.code).toBe('PASSWORD_POLICY');
    const none = await t.request('PUT', '/api/users/me/password', { body: { password: 'Chosen9Pass' } });
    expect(none.status).toBe(400);
    // The password is unchanged after all of these.
    await t.login('changer@example.com', 'Current9Pass');
  });

  it('counts wrong old passwords against the sign-in limit: past it the change needs a solved bot check (429 BOT_CHECK_REQUIRED)', async () => {
    await createUser('guessed@example.com', 'Current9Pass');
    for (let i = 0; i < 5; i++) {
      const res = await t.request('PUT', '/api/users/me/password', {
        headers: { authorization: t.basic('guessed@example.com', `Guess${i}xyZ`), 'x-forwarded-for': `203.0.113.${10 + i}` },
        body: { password: 'Chosen9Pass' },
      });
      expect(res.status).toBe(401);
    }
    const limited = await t.request('PUT', '/api/users/me/password', {
      headers: { authorization: t.basic('guessed@example.com', 'Current9Pass'), 'x-forwarded-for': '203.0.113.50' },
      body: { password: 'Chosen9Pass' },
    });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('BOT_CHECK_REQUIRED');
    const { solveAltcha } = await import('../auth/testing.ts');
    const changed = await t.request('PUT', '/api/users/me/password', {
      headers: { authorization: t.basic('guessed@example.com', 'Current9Pass'), 'x-forwarded-for': '203.0.113.50', 'x-altcha': await solveAltcha(t) },
      body: { password: 'Chosen9Pass' },
    });
    expect(changed.status).toBe(200);
  });
});

describe('DELETE /api/users/me', () => {
  it('disables sign-in, anonymises personal fields, keeps the row, revokes sessions, audits', async () => {
    const user = await createUser('leaving@example.com', 'Leave9Now', {
      phone: '+39 06 111111',
      mobilephone: '+39 333 1111111',
      address: 'Via Lontana 2',
      taxCode: 'RSSMRA80A01H501U',
      vatNumber: '12345670215',
      commercialName: 'Hotel Lontano',
    });
    const session = await t.login('leaving@example.com', 'Leave9Now');
    const res = await t.request('DELETE', '/api/users/me', { token: session.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      email: `deleted-${user.id}@deleted.invalid`,
      name: null,
      surname: null,
      phone: null,
      mobilephone: null,
      address: null,
      taxCode: null,
      passwordHash: null,
      isEnabled: false,
      vatNumber: '12345670215',
      commercialName: 'Hotel Lontano',
    });
    expect(row.deletedAt).not.toBeNull();
    const tokens = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(tokens.every((tk) => tk.revokedAt !== null)).toBe(true);
    expect((await t.request('GET', '/api/users/me', { token: session.token })).status).toBe(401);
    expect((await t.request('POST', '/api/auth', { headers: { authorization: t.basic('leaving@example.com', 'Leave9Now') } })).status).toBe(401);
    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, user.id), eq(auditLogs.action, 'account_deleted')));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0].changes)).not.toContain('leaving');
    // The e-mail is free again.
    expect(
      (await t.request('POST', '/api/auth/register', { body: { email: 'leaving@example.com', password: 'Again9Pass', name: 'A', surname: 'B' }, headers: { 'x-forwarded-for': '203.0.113.200' } }))
        .status,
    ).toBe(201);
  });

  it('refuses administrators and anonymous callers', async () => {
    const admin = await t.signedIn('admin');
    const res = await t.request('DELETE', '/api/users/me', { token: admin.token });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
    expect((await t.request('DELETE', '/api/users/me')).status).toBe(401);
  });
});
