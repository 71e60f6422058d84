import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '../../../db/schema/index.ts';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';
import { DEMO_PASSWORD } from '../../../seed/demo.ts';
import { notifyUser } from './notify-user.ts';
import { createSocketClients, nextEvent, receives } from './socket-test-client.ts';

let t: TTestApp;
let hotelier: { token: string; user: Record<string, any> };
let city: { token: string; user: Record<string, any> };
let agency: { token: string; user: Record<string, any> };
let sockets: ReturnType<typeof createSocketClients>;

beforeAll(async () => {
  t = await startTestApp();
  hotelier = await t.signedIn('hotelier');
  city = await t.signedIn('city');
  agency = await t.signedIn('agency');
  sockets = createSocketClients(t);
});
afterAll(async () => {
  sockets?.closeAll();
  await t?.close();
});

describe('notifications', () => {
  it('notifyUser stores the row and pushes { notification, count } only to that user', async () => {
    const mine = await sockets.connectAndJoin(hotelier.token, hotelier.user._id);
    const other = await sockets.connectAndJoin(city.token, city.user._id);
    const anonymous = await sockets.connect();
    const otherGot = receives(other, 'notifications');
    const anonymousGot = receives(anonymous, 'notifications');
    const base = (await t.request('GET', '/api/notifications/count', { token: hotelier.token })).body.count as number;
    const pushed = nextEvent(mine, 'notifications');

    const row = await notifyUser(t.app.services, hotelier.user._id, {
      title: 'Dichiarazione validata',
      event: 'declaration.validated',
      body: 'Il comune ha validato la dichiarazione',
      data: { declarationId: 'x' },
    });
    const payload = await pushed;
    expect(payload.count).toBe(base + 1);
    expect(payload.notification).toMatchObject({ _id: row.id, title: 'Dichiarazione validata', event: 'declaration.validated', hasBeenSeen: false, data: { declarationId: 'x' } });
    expect(await otherGot).toBe(false);
    expect(await anonymousGot).toBe(false);

    const second = nextEvent(mine, 'notifications');
    await notifyUser(t.app.services, hotelier.user._id, { title: 'Seconda', event: 'test' });
    expect((await second).count).toBe(base + 2);
  });

  it('lists own notifications newest first with paging and X-Total-Count; counts unseen; marks one and all read', async () => {
    await notifyUser(t.app.services, agency.user._id, { title: 'Prima', event: 'test' });
    await notifyUser(t.app.services, agency.user._id, { title: 'Seconda', event: 'test' });
    await notifyUser(t.app.services, city.user._id, { title: 'Per il comune', event: 'test' });
    const list = await t.request('GET', '/api/notifications?limit=1&count=true', { token: agency.token });
    expect(list.status).toBe(200);
    expect(list.headers.get('x-total-count')).toBe('2');
    expect(list.body).toHaveLength(1);
    expect(list.body[0].title).toBe('Seconda');
    const page2 = await t.request('GET', '/api/notifications?limit=1&skip=1', { token: agency.token });
    expect(page2.body.map((n: any) => n.title)).toEqual(['Prima']);

    expect((await t.request('GET', '/api/notifications/count', { token: agency.token })).body).toEqual({ count: 2 });
    const one = await t.request('PUT', `/api/notifications/${list.body[0]._id}`, { token: agency.token, body: { hasBeenSeen: true } });
    expect(one.status).toBe(200);
    expect(one.body.hasBeenSeen).toBe(true);
    expect((await t.request('GET', '/api/notifications/count', { token: agency.token })).body).toEqual({ count: 1 });
    const unseen = await t.request('GET', '/api/notifications?hasBeenSeen=false', { token: agency.token });
    expect(unseen.body.map((n: any) => n.title)).toEqual(['Prima']);

    const all = await t.request('PUT', '/api/notifications/read', { token: agency.token });
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ updated: 1, count: 0 });
    expect((await t.request('GET', '/api/notifications/count', { token: agency.token })).body).toEqual({ count: 0 });
    // The city's own notification is untouched by the agency user's "read all".
    expect((await t.request('GET', '/api/notifications?hasBeenSeen=false', { token: city.token })).body.map((n: any) => n.title)).toContain('Per il comune');
  });

  it("refuses other users' notifications (404), bad bodies and paging (400), and anonymous callers (401)", async () => {
    const cityNotification = await notifyUser(t.app.services, city.user._id, { title: 'Solo del comune', event: 'test' });
    const before = (await t.request('GET', '/api/notifications/count', { token: city.token })).body.count;
    const foreign = await t.request('PUT', `/api/notifications/${cityNotification.id}`, { token: hotelier.token, body: { hasBeenSeen: true } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('NOT_FOUND');
    expect((await t.request('GET', '/api/notifications/count', { token: city.token })).body).toEqual({ count: before });
    expect((await t.request('PUT', '/api/notifications/not-a-uuid', { token: hotelier.token, body: { hasBeenSeen: true } })).status).toBe(404);
    const badBody = await t.request('PUT', `/api/notifications/${cityNotification.id}`, { token: city.token, body: { hasBeenSeen: 'yes' } });
    expect(badBody.status).toBe(400);
    expect(badBody.body.code).toBe('VALIDATION_FAILED');
    for (const url of ['/api/notifications?limit=0', '/api/notifications?limit=501', '/api/notifications?skip=-1', '/api/notifications?limit=abc']) {
      const res = await t.request('GET', url, { token: hotelier.token });
      expect(res.status, url).toBe(400);
      expect(res.body.code, url).toBe('VALIDATION_FAILED');
    }
    expect((await t.request('GET', '/api/notifications')).status).toBe(401);
    expect((await t.request('GET', '/api/notifications/count')).status).toBe(401);
    expect((await t.request('PUT', '/api/notifications/read')).status).toBe(401);
  });

  it('sends an e-mail copy with the notification template when asked', async () => {
    await notifyUser(t.app.services, hotelier.user._id, { title: 'Scadenza vicina', event: 'deadline', body: 'Il pagamento scade il 16/07', email: true });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'hotelier@demo.test'));
    const copy = mails.find((m) => m.template === 'notification');
    expect(copy?.subject).toBe('Scadenza vicina');
    expect(copy?.text).toContain('Il pagamento scade il 16/07');
    expect(copy?.text).toContain('http://localhost:3000/notifications');
    const without = await t.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'notification'));
    expect(without).toHaveLength(1);
  });
});

describe('sockets of ended sessions', () => {
  it('logout disconnects the open socket of that session; other sessions keep theirs', async () => {
    const ending = await t.signedIn('hotelier');
    const staying = await t.signedIn('city');
    const endingSocket = await sockets.connectAndJoin(ending.token, ending.user._id);
    const stayingSocket = await sockets.connectAndJoin(staying.token, staying.user._id);
    const disconnected = nextEvent<string>(endingSocket, 'disconnect');

    const res = await t.request('POST', '/api/auth/logout', { token: ending.token, body: { refreshToken: ending.refreshToken } });
    expect(res.status).toBeLessThan(300);
    expect(await disconnected).toBe('io server disconnect');
    expect(stayingSocket.connected).toBe(true);
  });

  it('a password change disconnects the sockets of the sessions it ends', async () => {
    const session = await t.signedIn('hotelier2');
    const socket = await sockets.connectAndJoin(session.token, session.user._id);
    const disconnected = nextEvent<string>(socket, 'disconnect');
    const email = session.user.email as string;
    const res = await t.request('PUT', '/api/users/me/password', { headers: { authorization: t.basic(email, DEMO_PASSWORD), 'x-forwarded-for': '203.0.113.77' }, body: { password: 'Changed5678y' } });
    expect(res.status).toBe(200);
    expect(await disconnected).toBe('io server disconnect');
  });
});

describe('sockets of a disabled account', () => {
  it('an administrator disabling the account disconnects its open sockets', async () => {
    const admin = await t.signedIn('admin');
    const session = await t.signedIn('city2');
    const socket = await sockets.connectAndJoin(session.token, session.user._id);
    const disconnected = nextEvent<string>(socket, 'disconnect');
    const res = await t.request('PUT', `/api/users/${session.user._id}`, { token: admin.token, body: { isEnabled: false } });
    expect(res.status).toBe(200);
    expect(await disconnected).toBe('io server disconnect');
  });
});
