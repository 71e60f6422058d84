import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { auditLogs, users } from '../../../db/schema/index.ts';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';

let t: TTestApp;
let admin: Awaited<ReturnType<TTestApp['login']>>;
let hotelierId: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signedIn('admin');
  [{ id: hotelierId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'hotelier@demo.test'));
});
afterAll(() => t?.close());

const personificate = (userId: string, token: string) => t.request('GET', `/api/users/personificate/${userId}`, { token });

describe('GET /api/users/personificate/:userId', () => {
  it('gives the admin a token for the user that carries imp = admin id, and audits it', async () => {
    const res = await personificate(hotelierId, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ _id: hotelierId, email: 'hotelier@demo.test', impersonatedBy: { _id: admin.user._id, email: 'admin@demo.test' } });
    const claims = decodeJwt(res.body.token);
    expect(claims.sub).toBe(hotelierId);
    expect(claims.imp).toBe(admin.user._id);
    expect(res.body.refreshToken).toBeUndefined();
    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'impersonate'), eq(auditLogs.entityId, hotelierId)));
    expect(audit).toHaveLength(1);
    expect(audit[0].actorId).toBe(admin.user._id);
  });

  it('GET /api/users/me under impersonation names the acting admin', async () => {
    const { body } = await personificate(hotelierId, admin.token);
    const me = await t.request('GET', '/api/users/me', { token: body.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ _id: hotelierId, role: 'user', impersonatedBy: { _id: admin.user._id, email: 'admin@demo.test' } });
  });

  it('a write under impersonation is audited with both users', async () => {
    const { body } = await personificate(hotelierId, admin.token);
    const res = await t.request('PUT', '/api/users/me', { token: body.token, body: { commercialName: 'Hotel Impersonato' } });
    expect(res.status).toBe(200);
    const [entry] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'update'), eq(auditLogs.entityId, hotelierId)));
    expect(entry).toMatchObject({ actorId: hotelierId, impersonatorId: admin.user._id });
    expect(entry.changes).toMatchObject({ commercialName: { to: 'Hotel Impersonato' } });
  });

  it('refuses to impersonate an administrator (403 CANNOT_IMPERSONATE_ADMIN)', async () => {
    const [other] = await t.db.insert(users).values({ email: 'admin2@demo.test', role: 'admin' }).returning();
    const res = await personificate(other.id, admin.token);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('CANNOT_IMPERSONATE_ADMIN');
    expect((await personificate(admin.user._id, admin.token)).body.code).toBe('CANNOT_IMPERSONATE_ADMIN');
  });

  it('is for administrators only, and not from an impersonated session', async () => {
    const city = await t.signedIn('city');
    const res = await personificate(hotelierId, city.token);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
    expect((await t.request('GET', `/api/users/personificate/${hotelierId}`)).status).toBe(401);
    const [{ id: cityId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'city@demo.test'));
    const acting = await personificate(cityId, admin.token);
    expect((await personificate(hotelierId, acting.body.token)).status).toBe(403);
  });

  it('answers 404 for unknown or malformed ids, 403 ACCOUNT_DISABLED for a disabled user', async () => {
    expect((await personificate('00000000-0000-4000-8000-000000000000', admin.token)).status).toBe(404);
    expect((await personificate('nope', admin.token)).status).toBe(404);
    const [disabled] = await t.db.insert(users).values({ email: 'off@demo.test', role: 'user', isEnabled: false }).returning();
    const res = await personificate(disabled.id, admin.token);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('ACCOUNT_DISABLED');
  });

  it('the acting session ends when the admin is disabled; account deletion is refused while acting', async () => {
    const [target] = await t.db.insert(users).values({ email: 'target@demo.test', role: 'user' }).returning();
    const [boss] = await t.db
      .insert(users)
      .values({ email: 'boss@demo.test', role: 'admin', passwordHash: (await t.db.select().from(users).where(eq(users.email, 'admin@demo.test')))[0].passwordHash })
      .returning();
    const bossSession = await t.login('boss@demo.test');
    const acting = await personificate(target.id, bossSession.token);
    const del = await t.request('DELETE', '/api/users/me', { token: acting.body.token });
    expect(del.status).toBe(403);
    expect((await t.request('GET', '/api/users/me', { token: acting.body.token })).status).toBe(200);
    await t.db.update(users).set({ isEnabled: false }).where(eq(users.id, boss.id));
    const ended = await t.request('GET', '/api/users/me', { token: acting.body.token });
    expect(ended.status).toBe(401);
    expect(ended.body.code).toBe('UNAUTHORIZED');
  });
});
