import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { refreshTokens, users } from '../../../db/schema/index.ts';
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
