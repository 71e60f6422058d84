import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, mailOutbox, users } from '../../../db/schema/index.ts';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';
import { linkIds } from './link-ids.test-helper.ts';

let t: TTestApp;
let admin: string;
let adminId: string;
let city: string;
let cityUserId: string;
let hotelier: string;
let hotelierId: string;

const PASSWORD = 'Welcome123';

async function lastMailTo(email: string) {
  const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt));
  return mail;
}

/** Opens an invitation link the way its page does: choose a password once, then sign in with it; the link is spent. */
async function acceptInviteLink(text: string, email: string) {
  const token = /\/on-boarding\/reset-password\/(\S+)/.exec(text)?.[1];
  expect(token).toBeDefined();
  await expect(t.login(email, 'Chosen9Password')).rejects.toThrow();
  const set = await t.request('POST', '/api/auth/reset-password', { body: { token, password: 'Chosen9Password' } });
  expect(set.status).toBe(200);
  const session = await t.login(email, 'Chosen9Password');
  expect(session.user.needsPasswordChange).toBe(false);
  const again = await t.request('POST', '/api/auth/reset-password', { body: { token, password: 'Other9Password' } });
  expect(again.status).toBe(400);
  expect(again.body.code).toBe('TOKEN_INVALID');
}

beforeAll(async () => {
  t = await startTestApp();
  const a = await t.signedIn('admin');
  admin = a.token;
  adminId = a.user._id;
  const c = await t.signedIn('city');
  city = c.token;
  cityUserId = c.user._id;
  const h = await t.signedIn('hotelier');
  hotelier = h.token;
  hotelierId = h.user._id;
});
afterAll(() => t?.close());

describe('users collection', () => {
  it('creates an account with a chosen password; the record never carries the password hash', async () => {
    const res = await t.request('POST', '/api/users', {
      token: admin,
      body: { email: 'Mario.Rossi@Example.test', name: 'Mario', surname: 'Rossi', role: 'user', password: PASSWORD, commercialName: 'Hotel Sole' },
    });
    expect(res.status).toBe(201);
    expect(res.body.email).toBe('mario.rossi@example.test');
    expect(res.body.hasTemporaryPassword).toBe(false);
    expect(res.body.needsPasswordChange).toBe(false);
    for (const secret of ['passwordHash', 'permissionGrants', 'deletedAt', 'password']) expect(res.body).not.toHaveProperty(secret);
    const session = await t.login('mario.rossi@example.test', PASSWORD);
    expect(session.user._id).toBe(res.body._id);
    const [audit] = await t.db.select().from(auditLogs).where(eq(auditLogs.entityId, res.body._id));
    expect(JSON.stringify(audit.changes)).not.toContain('argon2');
  });

  it('without a password creates no password and e-mails a single-use link that sets one', async () => {
    const res = await t.request('POST', '/api/users', { token: admin, body: { email: 'invited@example.test', name: 'Ida', surname: 'Invitata', role: 'user' } });
    expect(res.status).toBe(201);
    expect(res.body.hasTemporaryPassword).toBe(false);
    const mail = await lastMailTo('invited@example.test');
    expect(mail.template).toBe('invite');
    expect(mail.text).not.toMatch(/password temporanea|temporary password/i);
    const [row] = await t.db.select().from(users).where(eq(users.email, 'invited@example.test'));
    expect(row.passwordHash).toBeNull();
    await acceptInviteLink(mail.text, 'invited@example.test');
  });

  it('refuses a registered e-mail whatever its case (409 EMAIL_TAKEN), on create and update', async () => {
    const res = await t.request('POST', '/api/users', { token: admin, body: { email: 'HOTELIER@demo.test', name: 'X', surname: 'Y', role: 'user' } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('EMAIL_TAKEN');
    expect(res.body.details[0].path).toBe('email');
    const upd = await t.request('PUT', `/api/users/${cityUserId}`, { token: admin, body: { email: 'Hotelier@Demo.test' } });
    expect(upd.status).toBe(409);
    expect(upd.body.code).toBe('EMAIL_TAKEN');
  });

  it('checks phone numbers with the same rule as the profile', async () => {
    const bad = await t.request('POST', '/api/users', { token: admin, body: { email: 'phone@example.test', name: 'P', surname: 'Q', role: 'user', phone: 'call me maybe' } });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'phone', message: 'validation.invalidPhone' })]));
    const good = await t.request('POST', '/api/users', { token: admin, body: { email: 'phone@example.test', name: 'P', surname: 'Q', role: 'user', phone: '+39 0771 123456' } });
    expect(good.status).toBe(201);
  });

  it('validates input and role links with field paths', async () => {
    const bad = await t.request('POST', '/api/users', { token: admin, body: { email: 'nope', name: '', role: 'emperor', password: 'short' } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    const paths = bad.body.details.map((d: any) => d.path);
    for (const p of ['email', 'name', 'surname', 'role', 'password']) expect(paths).toContain(p);
    const noCity = await t.request('POST', '/api/users', { token: admin, body: { email: 'c2@example.test', name: 'C', surname: 'C', role: 'city' } });
    expect(noCity.status).toBe(400);
    expect(noCity.body.details).toEqual([{ path: 'cityId', message: 'validation.required' }]);
  });

  it('lets only admins create, update and delete', async () => {
    const body = { email: 'x1@example.test', name: 'X', surname: 'Y', role: 'user' };
    expect((await t.request('POST', '/api/users', { token: city, body })).status).toBe(403);
    expect((await t.request('POST', '/api/users/bulk', { token: hotelier, body: { users: [body] } })).status).toBe(403);
    expect((await t.request('PUT', `/api/users/${hotelierId}`, { token: hotelier, body: { name: 'Me' } })).status).toBe(403);
    expect((await t.request('DELETE', `/api/users/${cityUserId}`, { token: city })).status).toBe(403);
    expect((await t.request('GET', '/api/users')).status).toBe(401);
  });

  it('filters, searches and counts', async () => {
    const byRole = await t.request('GET', '/api/users?role=city&count=true', { token: admin });
    expect(byRole.status).toBe(200);
    // Other modules' demo data may add accounts: assert on what the filter must guarantee.
    expect(byRole.body.map((u: any) => u.email)).toContain('city@demo.test');
    expect(new Set(byRole.body.map((u: any) => u.role))).toEqual(new Set(['city']));
    expect(byRole.headers.get('x-total-count')).toBe(String(byRole.body.length));
    const search = await t.request('GET', '/api/users?q=hotel%20sole', { token: admin });
    expect(search.body.map((u: any) => u.email)).toEqual(['mario.rossi@example.test']);
    const multi = await t.request('GET', '/api/users?role[in]=agency_user,laboratory_user&sort=email', { token: admin });
    expect(multi.body.map((u: any) => u.email)).toEqual(expect.arrayContaining(['agency@demo.test', 'lab@demo.test']));
    expect(new Set(multi.body.map((u: any) => u.role))).toEqual(new Set(['agency_user', 'laboratory_user']));
    expect(multi.body.map((u: any) => u.email)).toEqual([...multi.body.map((u: any) => u.email)].sort());
    const enabled = await t.request('GET', '/api/users?isEnabled=false', { token: admin });
    expect(enabled.body).toEqual([]);
    expect((await t.request('GET', '/api/users?passwordHash=x', { token: admin })).status).toBe(400);
    expect((await t.request('GET', '/api/users?sort=passwordHash', { token: admin })).status).toBe(400);
  });

  it('scopes reads: a comune sees its accounts and itself, others only themselves', async () => {
    const [cityId, otherCityId] = await linkIds(t.db, 'cityId', 2);
    const linked = await t.request('PUT', `/api/users/${cityUserId}`, { token: admin, body: { cityId } });
    expect(linked.status).toBe(200);
    const sameCity = await t.request('POST', '/api/users', { token: admin, body: { email: 'same-city@example.test', name: 'S', surname: 'C', role: 'user', cityId } });
    const otherCity = await t.request('POST', '/api/users', { token: admin, body: { email: 'other-city@example.test', name: 'O', surname: 'C', role: 'user', cityId: otherCityId } });
    const citySession = await t.signedIn('city');
    const list = await t.request('GET', '/api/users?sort=email&limit=500', { token: citySession.token });
    const emails = list.body.map((u: any) => u.email);
    expect(emails).toEqual(expect.arrayContaining(['city@demo.test', 'same-city@example.test']));
    expect(emails).not.toContain('other-city@example.test');
    expect(emails).not.toContain('admin@demo.test');
    expect((await t.request('GET', `/api/users/${sameCity.body._id}`, { token: citySession.token })).status).toBe(200);
    expect((await t.request('GET', `/api/users/${otherCity.body._id}`, { token: citySession.token })).status).toBe(404);
    const own = await t.request('GET', '/api/users?count=true', { token: hotelier });
    expect(own.body.map((u: any) => u._id)).toEqual([hotelierId]);
    expect((await t.request('GET', `/api/users/${adminId}`, { token: hotelier })).status).toBe(404);
  });

  it('updates role and enabled flag; a disabled account can no longer sign in or use its token', async () => {
    const created = await t.request('POST', '/api/users', { token: admin, body: { email: 'to-disable@example.test', name: 'D', surname: 'D', role: 'user', password: PASSWORD } });
    const session = await t.login('to-disable@example.test', PASSWORD);
    const promoted = await t.request('PUT', `/api/users/${created.body._id}`, {
      token: admin,
      body: { role: 'agency_user', agencyId: (await linkIds(t.db, 'agencyId', 1))[0], updatedAt: created.body.updatedAt },
    });
    expect(promoted.status).toBe(200);
    expect(promoted.body.role).toBe('agency_user');
    const missingLink = await t.request('PUT', `/api/users/${created.body._id}`, { token: admin, body: { role: 'laboratory_user' } });
    expect(missingLink.status).toBe(400);
    expect(missingLink.body.details[0].path).toBe('laboratoryId');
    const disabled = await t.request('PUT', `/api/users/${created.body._id}`, { token: admin, body: { isEnabled: false } });
    expect(disabled.body.isEnabled).toBe(false);
    expect((await t.request('GET', '/api/users', { token: session.token })).status).toBe(403);
    const relogin = await t.request('POST', '/api/auth', { headers: { authorization: t.basic('to-disable@example.test', PASSWORD) } });
    expect(relogin.status).toBe(403);
    expect(relogin.body.code).toBe('ACCOUNT_DISABLED');
    const self = await t.request('PUT', `/api/users/${adminId}`, { token: admin, body: { isEnabled: false } });
    expect(self.status).toBe(409);
    const selfRole = await t.request('PUT', `/api/users/${adminId}`, { token: admin, body: { role: 'user' } });
    expect(selfRole.status).toBe(409);
  });

  it('deletes by anonymising: gone from the API, row kept without personal data, e-mail reusable', async () => {
    const self = await t.request('DELETE', `/api/users/${adminId}`, { token: admin });
    expect(self.status).toBe(409);
    expect(self.body.code).toBe('CANNOT_DELETE_YOURSELF');

    const created = await t.request('POST', '/api/users', {
      token: admin,
      body: { email: 'leaving@example.test', name: 'Lea', surname: 'Ving', role: 'user', password: PASSWORD, taxCode: 'VNGLEA80A41H501X' },
    });
    const session = await t.login('leaving@example.test', PASSWORD);
    const removed = await t.request('DELETE', `/api/users/${created.body._id}`, { token: admin });
    expect(removed.status).toBe(200);
    expect((await t.request('GET', `/api/users/${created.body._id}`, { token: admin })).status).toBe(404);
    expect((await t.request('DELETE', `/api/users/${created.body._id}`, { token: admin })).status).toBe(404);
    expect((await t.request('PUT', `/api/users/${created.body._id}`, { token: admin, body: { name: 'Back' } })).status).toBe(404);
    const listed = await t.request('GET', `/api/users?_id=${created.body._id}&count=true`, { token: admin });
    expect(listed.headers.get('x-total-count')).toBe('0');
    expect((await t.request('GET', '/api/users', { token: session.token })).status).toBe(401);
    expect((await t.request('POST', '/api/auth', { headers: { authorization: t.basic('leaving@example.test', PASSWORD) } })).status).toBe(401);

    const [row] = await t.db.select().from(users).where(eq(users.id, created.body._id));
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(row.isEnabled).toBe(false);
    expect([row.name, row.surname, row.taxCode, row.passwordHash]).toEqual([null, null, null, null]);
    expect(row.email).not.toContain('leaving');
    const audits = await t.db.select().from(auditLogs).where(eq(auditLogs.entityId, created.body._id));
    expect(JSON.stringify(audits.find((a) => a.action === 'delete'))).not.toContain('VNGLEA');

    const again = await t.request('POST', '/api/users', { token: admin, body: { email: 'leaving@example.test', name: 'Lea', surname: 'Again', role: 'user' } });
    expect(again.status).toBe(201);
  });
});

describe('bulk invite', () => {
  it('creates every account in one go and e-mails each a single-use link to choose a password; the outbox holds no password', async () => {
    const res = await t.request('POST', '/api/users/bulk', {
      token: admin,
      body: {
        users: [
          { email: 'bulk1@example.test', name: 'B1', surname: 'One', role: 'user' },
          { email: 'bulk2@example.test', name: 'B2', surname: 'Two', role: 'city', cityId: (await linkIds(t.db, 'cityId', 1))[0] },
        ],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.map((u: any) => [u.email, u.hasTemporaryPassword, u.needsPasswordChange])).toEqual([
      ['bulk1@example.test', false, false],
      ['bulk2@example.test', false, false],
    ]);
    for (const email of ['bulk1@example.test', 'bulk2@example.test']) {
      const mail = await lastMailTo(email);
      expect(mail.text).not.toMatch(/password temporanea|temporary password/i);
      await acceptInviteLink(mail.text, email);
    }
  });

  it('refuses the whole list, listing every bad row with path, row and value', async () => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);
    const res = await t.request('POST', '/api/users/bulk', {
      token: admin,
      body: {
        users: [
          { email: 'fine@example.test', name: 'F', surname: 'Ine', role: 'user' },
          { email: 'not-an-email', name: 'N', surname: 'E', role: 'user' },
          { email: 'Admin@Demo.test', name: 'A', surname: 'D', role: 'user' },
          { email: 'FINE@example.test', name: 'F', surname: 'Two', role: 'user' },
          { email: 'c@example.test', name: 'C', surname: 'Ity', role: 'city' },
          { email: 'r@example.test', name: 'R', surname: 'R', role: 'king' },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    const summary = res.body.details.map((d: any) => [d.path, d.row, d.value]);
    expect(summary).toEqual([
      ['users.1.email', 2, 'not-an-email'],
      ['users.2.email', 3, 'Admin@Demo.test'],
      ['users.3.email', 4, 'FINE@example.test'],
      ['users.4.cityId', 5, undefined],
      ['users.5.role', 6, 'king'],
    ]);
    expect(res.body.details[2].message).toContain('row 1');
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(after[0].n).toBe(before[0].n);
    expect(await lastMailTo('fine@example.test')).toBeUndefined();
    const empty = await t.request('POST', '/api/users/bulk', { token: admin, body: { users: [] } });
    expect(empty.status).toBe(400);
  });
});

describe('invitations delivered by SMTP', () => {
  it('keep no usable link in the outbox: the mail is delivered whole, the outbox copy is masked', async () => {
    // Nothing listens on port 9: delivery fails fast, which is enough to see what the outbox kept.
    const s = await startTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
    try {
      const { token } = await s.signedIn('admin');
      const res = await s.request('POST', '/api/users/bulk', { token, body: { users: [{ email: 'smtp-invite@example.test', name: 'S', surname: 'Mtp', role: 'user' }] } });
      expect(res.status).toBe(201);
      const [mail] = await s.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'smtp-invite@example.test'));
      expect(mail.text).toContain('[link sent by e-mail, not kept]');
      expect(mail.text).not.toMatch(/reset-password\/\S+/);
      expect(mail.html).not.toMatch(/reset-password\//);
    } finally {
      await s.close();
    }
  });
});
