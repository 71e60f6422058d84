import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';

let t: TTestApp;
let admin: { token: string; user: Record<string, any> };
let city: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signedIn('admin');
  city = (await t.signedIn('city')).token;
});
afterAll(() => t?.close());

describe('audit log (read-only, admin) and mail outbox (read-only: admins all, others their own)', () => {
  it('lists audit entries written by collection writes, with actor, entity and time filters', async () => {
    const before = new Date(Date.now() - 1000).toISOString();
    const faq = await t.request('POST', '/api/faqs', { token: admin.token, body: { question: 'Q?', answer: 'A' } });
    expect(faq.status).toBe(201);
    await t.request('PUT', `/api/faqs/${faq.body._id}`, { token: admin.token, body: { answer: 'B' } });

    const list = await t.request('GET', `/api/audit-logs?entityType=faqs&entityId=${faq.body._id}&sort=createdAt&count=true`, { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.headers.get('x-total-count')).toBe('2');
    expect(list.body.map((e: any) => e.action)).toEqual(['create', 'update']);
    expect(list.body[1].changes).toEqual({ answer: { from: 'A', to: 'B' } });
    expect(list.body[0].actorId).toBe(admin.user._id);

    const byActor = await t.request('GET', `/api/audit-logs?actorId=${admin.user._id}&action=update&createdAt[gte]=${encodeURIComponent(before)}`, { token: admin.token });
    expect(byActor.body.map((e: any) => e.entityId)).toContain(faq.body._id);
    const future = await t.request('GET', `/api/audit-logs?createdAt[gte]=2999-01-01T00:00:00Z`, { token: admin.token });
    expect(future.body).toEqual([]);
    const one = await t.request('GET', `/api/audit-logs/${list.body[0]._id}`, { token: admin.token });
    expect(one.status).toBe(200);
  });

  it('refuses non-admins, writes, and unknown filters', async () => {
    expect((await t.request('GET', '/api/audit-logs', { token: city })).status).toBe(403);
    expect((await t.request('POST', '/api/audit-logs', { token: admin.token, body: {} })).status).toBe(404);
    const [entry] = (await t.request('GET', '/api/audit-logs?limit=1', { token: admin.token })).body;
    expect((await t.request('DELETE', `/api/audit-logs/${entry._id}`, { token: admin.token })).status).toBe(404);
    expect((await t.request('PUT', `/api/audit-logs/${entry._id}`, { token: admin.token, body: {} })).status).toBe(404);
    expect((await t.request('GET', '/api/audit-logs?ip=1', { token: admin.token })).status).toBe(400);
    expect((await t.request('GET', '/api/audit-logs?actorId=nope', { token: admin.token })).status).toBe(400);
  });

  it('lists the mail outbox with filters', async () => {
    await t.app.services.mailer.send('someone@example.test', 'notification', { title: 'Titolo', body: 'Testo', link: '' });
    const list = await t.request('GET', '/api/mail-outbox?to=someone@example.test&count=true', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.headers.get('x-total-count')).toBe('1');
    expect(list.body[0]).toMatchObject({ to: 'someone@example.test', subject: 'Titolo', template: 'notification', status: 'logged', sentAt: null });
    expect((await t.request('GET', '/api/mail-outbox?q=Titolo', { token: admin.token })).body).toHaveLength(1);
    expect((await t.request('POST', '/api/mail-outbox', { token: admin.token, body: {} })).status).toBe(404);
  });

  it('shows everyone else only the messages sent to their own address, whatever the case of the address', async () => {
    const hotelier = await t.signedIn('hotelier');
    const own = String(hotelier.user.email);
    await t.app.services.mailer.send(own.toUpperCase(), 'notification', { title: 'Per te', body: 'Testo', link: '' });
    await t.app.services.mailer.send('other@example.test', 'notification', { title: 'Per altri', body: 'Testo', link: '' });
    const mine = await t.request('GET', '/api/mail-outbox?limit=100', { token: hotelier.token });
    expect(mine.status).toBe(200);
    expect(mine.body.map((mail: any) => mail.subject)).toEqual(['Per te']);
    const others = await t.request('GET', '/api/mail-outbox?to=other@example.test', { token: admin.token });
    expect(others.body).toHaveLength(1);
    // Another address's message does not exist for the hotelier, by id or by filter.
    expect((await t.request('GET', `/api/mail-outbox/${others.body[0]._id}`, { token: hotelier.token })).status).toBe(404);
    expect((await t.request('GET', '/api/mail-outbox?to=other@example.test', { token: hotelier.token })).body).toEqual([]);
    expect((await t.request('GET', `/api/mail-outbox/${mine.body[0]._id}`, { token: hotelier.token })).status).toBe(200);
    expect((await t.request('GET', '/api/mail-outbox', { token: city })).body.every((mail: any) => mail.to.toLowerCase() !== own.toLowerCase())).toBe(true);
  });
});
