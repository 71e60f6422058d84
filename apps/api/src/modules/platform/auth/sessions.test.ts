import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { refreshTokens, sessions, users } from '../../../db/schema/index.ts';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const refresh = (token?: string) => t.request('POST', '/api/auth/refresh', token ? { headers: { authorization: `Bearer ${token}` } } : {});

describe('POST /api/auth/refresh', () => {
  it('rotates: returns a working access token and a new refresh token; the old one is spent', async () => {
    const session = await t.signedIn('hotelier');
    const res = await refresh(session.refreshToken);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['refreshToken', 'token']);
    expect(res.body.refreshToken).not.toBe(session.refreshToken);
    const me = await t.request('GET', '/api/notifications/count', { token: res.body.token });
    expect(me.status).not.toBe(401);
    const next = await refresh(res.body.refreshToken);
    expect(next.status).toBe(200);
  });

  it('reuse of a spent token revokes the whole family (the newest token dies too)', async () => {
    const session = await t.signedIn('hotelier');
    const first = await refresh(session.refreshToken);
    expect(first.status).toBe(200);
    const reuse = await refresh(session.refreshToken);
    expect(reuse.status).toBe(401);
    expect(reuse.body.code).toBe('UNAUTHORIZED');
    const newest = await refresh(first.body.refreshToken);
    expect(newest.status).toBe(401);
  });

  it('refuses a missing, unknown or access token, and a disabled account', async () => {
    expect((await refresh()).status).toBe(401);
    expect((await refresh('nonsense')).status).toBe(401);
    const session = await t.signedIn('lab');
    expect((await refresh(session.token)).status).toBe(401);
    await t.db.update(users).set({ isEnabled: false }).where(eq(users.email, 'lab@demo.test'));
    const disabled = await refresh(session.refreshToken);
    expect(disabled.status).toBe(403);
    expect(disabled.body.code).toBe('ACCOUNT_DISABLED');
    await t.db.update(users).set({ isEnabled: true }).where(eq(users.email, 'lab@demo.test'));
  });
});

describe('POST /api/auth/logout', () => {
  it('without a body revokes every refresh token of the user', async () => {
    const a = await t.signedIn('city');
    const b = await t.signedIn('city');
    const res = await t.request('POST', '/api/auth/logout', { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect((await refresh(a.refreshToken)).status).toBe(401);
    expect((await refresh(b.refreshToken)).status).toBe(401);
  });

  it('with a refresh token ends only that sign-in', async () => {
    const a = await t.signedIn('agency');
    const b = await t.signedIn('agency');
    const res = await t.request('POST', '/api/auth/logout', { token: a.token, body: { refreshToken: a.refreshToken } });
    expect(res.status).toBe(200);
    expect((await refresh(a.refreshToken)).status).toBe(401);
    expect((await refresh(b.refreshToken)).status).toBe(200);
  });

  it("does not revoke someone else's family and needs a signed-in user", async () => {
    const mine = await t.signedIn('admin');
    const other = await t.signedIn('hotelier');
    await t.request('POST', '/api/auth/logout', { token: mine.token, body: { refreshToken: other.refreshToken } });
    const [row] = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, other.user._id)).orderBy(refreshTokens.createdAt);
    expect(row).toBeDefined();
    expect((await refresh(other.refreshToken)).status).toBe(200);
    const anonymous = await t.request('POST', '/api/auth/logout');
    expect(anonymous.status).toBe(401);
  });
});

describe('sessions: an ended session refuses its access tokens at once', () => {
  const me = (token: string) => t.request('GET', '/api/users/me', { token });

  it('logout ends the access token used for it on the very next request', async () => {
    const a = await t.signedIn('hotelier2');
    expect((await me(a.token)).status).toBe(200);
    expect((await t.request('POST', '/api/auth/logout', { token: a.token, body: { refreshToken: a.refreshToken } })).status).toBe(200);
    const after = await me(a.token);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('UNAUTHORIZED');
  });

  it('logout without a body ends every other sign-in of the user too, access tokens included', async () => {
    const a = await t.signedIn('city2');
    const b = await t.signedIn('city2');
    await t.request('POST', '/api/auth/logout', { token: a.token });
    expect((await me(b.token)).status).toBe(401);
  });

  it('a password change ends every other session at once and the returned session works', async () => {
    const { users } = await import('../../../db/schema/index.ts');
    const { hashPassword } = await import('./passwords.ts');
    await t.db.insert(users).values({ email: 'changer@demo.test', role: 'user', name: 'C', passwordHash: await hashPassword('Start1234x') });
    const other = await t.login('changer@demo.test', 'Start1234x');
    const current = await t.login('changer@demo.test', 'Start1234x');
    const res = await t.request('PUT', '/api/users/me/password', { headers: { authorization: t.basic('changer@demo.test', 'Start1234x') }, body: { password: 'Changed5678y' } });
    expect(res.status).toBe(200);
    expect((await me(other.token)).status).toBe(401);
    expect((await me(current.token)).status).toBe(401);
    expect((await me(res.body.token)).status).toBe(200);
    expect((await refresh(other.refreshToken)).status).toBe(401);
  });

  it('disabling an account ends its sessions; enabling it again does not bring them back', async () => {
    const admin = await t.signedIn('admin');
    const agency = await t.login('agency2@demo.test');
    expect((await me(agency.token)).status).toBe(200);
    const disabled = await t.request('PUT', `/api/users/${agency.user._id}`, { token: admin.token, body: { isEnabled: false } });
    expect(disabled.status).toBe(200);
    expect((await me(agency.token)).status).toBe(403);
    const enabled = await t.request('PUT', `/api/users/${agency.user._id}`, { token: admin.token, body: { isEnabled: true } });
    expect(enabled.status).toBe(200);
    const stale = await me(agency.token);
    expect(stale.status).toBe(401);
    expect(stale.body.code).toBe('UNAUTHORIZED');
    expect((await refresh(agency.refreshToken)).status).toBe(401);
    expect((await me((await t.login('agency2@demo.test')).token)).status).toBe(200);
  });

  it('a token signed with the right secret but naming no session, or an unknown one, is refused', async () => {
    const { SignJWT } = await import('jose');
    const admin = await t.signedIn('admin');
    const secret = new TextEncoder().encode(t.config.jwtSecret);
    const sign = (claims: Record<string, unknown>) =>
      new SignJWT({ role: 'admin', ...claims }).setProtectedHeader({ alg: 'HS256' }).setSubject(admin.user._id).setIssuedAt().setExpirationTime('1h').setAudience('api').sign(secret);
    expect((await me(await sign({}))).status).toBe(401);
    expect((await me(await sign({ sid: '00000000-0000-4000-8000-000000000000' }))).status).toBe(401);
  });

  it('a refreshed access token belongs to the same session: logout ends both', async () => {
    const a = await t.signedIn('lab');
    const renewed = await refresh(a.refreshToken);
    expect(renewed.status).toBe(200);
    await t.request('POST', '/api/auth/logout', { token: renewed.body.token });
    expect((await me(a.token)).status).toBe(401);
    expect((await me(renewed.body.token)).status).toBe(401);
  });
});

describe('the development secret once written in the source', () => {
  it('signs nothing this API accepts: a forged admin token with a real session id is refused', async () => {
    const { SignJWT } = await import('jose');
    const admin = await t.signedIn('admin');
    const sid = JSON.parse(Buffer.from(admin.token.split('.')[1], 'base64url').toString()).sid as string;
    const published = new TextEncoder().encode('development-only-secret-change-me-0123456789');
    const forged = await new SignJWT({ role: 'admin', sid }).setProtectedHeader({ alg: 'HS256' }).setSubject(admin.user._id).setIssuedAt().setExpirationTime('1h').setAudience('api').sign(published);
    const res = await t.request('GET', '/api/users/me', { token: forged });
    expect(res.status).toBe(401);
    expect((await t.request('GET', '/api/users/me', { token: admin.token })).status).toBe(200);
  });
});

// The user and session behind a token are kept between requests (authenticate.ts): a write straight
// to the database, not through the API, must still end access on the very next request.
describe('a signed-in user changed in the database', () => {
  const dashboard = (token: string) => t.request('GET', '/api/dashboards/city?year=2025', { token });

  it('loses access at once when disabled, deleted, given another role, or when the session is revoked', async () => {
    const session = await t.signedIn('city');
    const id = session.user._id;
    expect((await dashboard(session.token)).status).toBe(200);
    expect((await dashboard(session.token)).status).toBe(200);

    await t.db.update(users).set({ isEnabled: false }).where(eq(users.id, id));
    expect((await dashboard(session.token)).body.code).toBe('ACCOUNT_DISABLED');
    await t.db.update(users).set({ isEnabled: true }).where(eq(users.id, id));
    expect((await dashboard(session.token)).status).toBe(200);

    await t.db.update(users).set({ role: 'user' }).where(eq(users.id, id));
    expect((await dashboard(session.token)).status).toBe(403);
    await t.db.update(users).set({ role: 'city' }).where(eq(users.id, id));
    expect((await dashboard(session.token)).status).toBe(200);

    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, id));
    expect((await dashboard(session.token)).status).toBe(401);
    await t.db.update(users).set({ deletedAt: null }).where(eq(users.id, id));
    expect((await dashboard(session.token)).status).toBe(200);

    await t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, id));
    expect((await dashboard(session.token)).status).toBe(401);
  });
});
