import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';

let t: TTestApp;
const tokens: Record<string, string> = {};
let hotelierId: string;
beforeAll(async () => {
  t = await startTestApp();
  for (const who of ['admin', 'city', 'hotelier', 'agency', 'lab'] as const) {
    const session = await t.signedIn(who);
    tokens[who] = session.token;
    if (who === 'hotelier') hotelierId = session.user._id;
  }
});
afterAll(() => t?.close());

const paths = (res: { body: any }) => (res.body.details ?? []).map((d: any) => d.path).sort();

describe('categories', () => {
  it('are managed by admins and read by all five roles, inactive ones by admins only', async () => {
    const active = await t.request('POST', '/api/categories', { token: tokens.admin, body: { name: 'Concerti', order: 1 } });
    expect(active.status).toBe(201);
    expect(active.body).toMatchObject({ name: 'Concerti', entityType: 'event', isActive: true, order: 1, description: null });
    const inactive = await t.request('POST', '/api/categories', { token: tokens.admin, body: { name: 'Affittacamere', entityType: 'tenant', isActive: false } });
    expect(inactive.status).toBe(201);
    for (const who of ['city', 'hotelier', 'agency', 'lab']) {
      const list = await t.request('GET', '/api/categories', { token: tokens[who] });
      expect(list.status, who).toBe(200);
      const names = list.body.map((c: any) => c.name);
      expect(names, who).toContain('Concerti');
      expect(names, who).not.toContain('Affittacamere');
      expect((await t.request('GET', `/api/categories/${inactive.body._id}`, { token: tokens[who] })).status, who).toBe(404);
      expect((await t.request('POST', '/api/categories', { token: tokens[who], body: { name: 'X' } })).status, who).toBe(403);
    }
    expect((await t.request('GET', '/api/categories?entityType=tenant', { token: tokens.admin })).body.map((c: any) => c.name)).toContain('Affittacamere');
    expect((await t.request('GET', '/api/categories?entityType=event', { token: tokens.admin })).body.map((c: any) => c.name)).not.toContain('Affittacamere');
  });

  it('keep untouched fields on a partial update and validate input', async () => {
    const created = (await t.request('POST', '/api/categories', { token: tokens.admin, body: { name: 'Mostre', order: 5, isActive: false, entityType: 'tenant' } })).body;
    const updated = await t.request('PUT', `/api/categories/${created._id}`, { token: tokens.admin, body: { name: "Mostre d'arte" } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: "Mostre d'arte", order: 5, isActive: false, entityType: 'tenant' });
    const invalid = await t.request('POST', '/api/categories', { token: tokens.admin, body: { name: ' ', entityType: 'hotel', order: -1 } });
    expect(invalid.status).toBe(400);
    expect(paths(invalid)).toEqual(['entityType', 'name', 'order']);
  });
});

describe('events', () => {
  it('users propose events, see their own and confirmed ones, and cannot confirm; admins confirm', async () => {
    const category = (await t.request('POST', '/api/categories', { token: tokens.admin, body: { name: 'Sagre' } })).body;
    const tenantCategory = (await t.request('POST', '/api/categories', { token: tokens.admin, body: { name: 'B&B', entityType: 'tenant' } })).body;
    const proposed = await t.request('POST', '/api/events', { token: tokens.hotelier, body: { name: 'Sagra del pesce', categoryId: category._id, galleryImages: ['https://example.test/a.jpg'] } });
    expect(proposed.status).toBe(201);
    expect(proposed.body).toMatchObject({ status: 'waitingConfirmation', createdById: hotelierId, categoryId: category._id });
    const selfConfirm = await t.request('POST', '/api/events', { token: tokens.hotelier, body: { name: 'Furbo', status: 'confirmed' } });
    expect(selfConfirm.status).toBe(403);
    expect((await t.request('PUT', `/api/events/${proposed.body._id}`, { token: tokens.hotelier, body: { status: 'confirmed' } })).status).toBe(403);

    const byAdmin = (await t.request('POST', '/api/events', { token: tokens.admin, body: { name: 'Festa patronale' } })).body;
    const draftByAdmin = (await t.request('POST', '/api/events', { token: tokens.admin, body: { name: 'Bozza' } })).body;
    await t.request('PUT', `/api/events/${byAdmin._id}`, { token: tokens.admin, body: { status: 'confirmed' } });
    const seen = await t.request('GET', '/api/events?sort=name', { token: tokens.hotelier });
    const seenIds = seen.body.map((e: any) => e._id);
    expect(seenIds).toEqual(expect.arrayContaining([byAdmin._id, proposed.body._id]));
    expect(seenIds).not.toContain(draftByAdmin._id);
    expect((await t.request('GET', `/api/events/${draftByAdmin._id}`, { token: tokens.hotelier })).status).toBe(404);
    // A confirmed event of someone else is readable but not writable.
    expect((await t.request('PUT', `/api/events/${byAdmin._id}`, { token: tokens.hotelier, body: { name: 'Mio' } })).status).toBe(404);

    const canceled = await t.request('PUT', `/api/events/${proposed.body._id}`, { token: tokens.hotelier, body: { status: 'canceled' } });
    expect(canceled.status).toBe(200);
    expect(canceled.body.galleryImages).toEqual(['https://example.test/a.jpg']);
    const confirmed = await t.request('PUT', `/api/events/${proposed.body._id}`, { token: tokens.admin, body: { status: 'confirmed' } });
    expect(confirmed.body.status).toBe('confirmed');

    const wrongCategory = await t.request('POST', '/api/events', { token: tokens.admin, body: { name: 'X', categoryId: tenantCategory._id } });
    expect(wrongCategory.status).toBe(400);
    expect(paths(wrongCategory)).toEqual(['categoryId']);
    expect((await t.request('GET', '/api/events', { token: tokens.city })).status).toBe(403);
    // A category in use cannot be deleted.
    const inUse = await t.request('DELETE', `/api/categories/${category._id}`, { token: tokens.admin });
    expect(inUse.status).toBe(409);
    expect(inUse.body.code).toBe('CONFLICT');
  });
});

describe('events: a status change is a workflow action', () => {
  it('runs each change through the runner: its audit entry, its refusal, and nothing half-written', async () => {
    const event = (await t.request('POST', '/api/events', { token: tokens.hotelier, body: { name: 'Mercatino' } })).body;
    // Confirming is not the proposer's: the whole PUT is refused, the name change with it.
    const refused = await t.request('PUT', `/api/events/${event._id}`, { token: tokens.hotelier, body: { name: 'Mercatino di Natale', status: 'confirmed' } });
    expect(refused.status).toBe(403);
    expect((await t.request('GET', `/api/events/${event._id}`, { token: tokens.hotelier })).body.name).toBe('Mercatino');

    const confirmed = await t.request('PUT', `/api/events/${event._id}`, { token: tokens.admin, body: { name: 'Mercatino di Natale', status: 'confirmed' } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ name: 'Mercatino di Natale', status: 'confirmed' });
    // The proposer may cancel their own confirmed event; only an administrator puts it back to be confirmed.
    expect((await t.request('PUT', `/api/events/${event._id}`, { token: tokens.hotelier, body: { status: 'canceled' } })).body.status).toBe('canceled');
    expect((await t.request('PUT', `/api/events/${event._id}`, { token: tokens.hotelier, body: { status: 'waitingConfirmation' } })).status).toBe(403);
    const reopened = await t.request('PUT', `/api/events/${event._id}`, { token: tokens.admin, body: { status: 'waitingConfirmation' } });
    expect(reopened.body.status).toBe('waitingConfirmation');

    const audit = await t.request('GET', `/api/audit-logs?entityId=${event._id}&sort=createdAt`, { token: tokens.admin });
    const transitions = audit.body.filter((entry: any) => entry.action.startsWith('event.')).map((entry: any) => [entry.action, entry.changes.status]);
    expect(transitions).toEqual([
      ['event.confirm', { from: 'waitingConfirmation', to: 'confirmed' }],
      ['event.cancel', { from: 'confirmed', to: 'canceled' }],
      ['event.reopen', { from: 'canceled', to: 'waitingConfirmation' }],
    ]);
  });
});

describe('customers', () => {
  const address = { streetName: 'Via Roma 1', zipCode: '00100', city: 'Roma', province: 'RM', region: 'Lazio', country: 'IT' };

  it('stores billing info and validated addresses (admin only)', async () => {
    const res = await t.request('POST', '/api/customers', {
      token: tokens.admin,
      body: {
        businessName: 'Hotel Miramare srl',
        vat: '12345678901',
        defaultMarginPercentage: 12.5,
        paymentDays: 30,
        currencyId: 'EUR',
        billingInfo: { taxCode: '12345678901', vatNumber: '12345678901', pec: 'miramare@pec.it' },
        address,
        shippingAddress: { streetName: 'Via Po 2', city: 'Torino' },
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ businessName: 'Hotel Miramare srl', language: 'it', defaultMarginPercentage: 12.5, billingInfo: { pec: 'miramare@pec.it' }, address, billingAddress: null });
    const updated = await t.request('PUT', `/api/customers/${res.body._id}`, { token: tokens.admin, body: { language: 'en' } });
    expect(updated.body).toMatchObject({ language: 'en', paymentDays: 30, address });
    expect((await t.request('GET', '/api/customers?q=miramare', { token: tokens.admin })).body).toHaveLength(1);
    expect((await t.request('GET', '/api/customers', { token: tokens.city })).status).toBe(403);
  });

  it('refuses invalid addresses, tax data and unknown agents with field paths', async () => {
    const invalid = await t.request('POST', '/api/customers', {
      token: tokens.admin,
      body: { businessName: 'X', vat: '123', billingInfo: { pec: 'nope', taxCode: 'ABC' }, address: { streetName: '', zipCode: '!', city: 'Roma' }, paymentDays: 400, language: 'fr' },
    });
    expect(invalid.status).toBe(400);
    expect(paths(invalid)).toEqual(['address.streetName', 'address.zipCode', 'billingInfo.pec', 'billingInfo.taxCode', 'language', 'paymentDays', 'vat']);
    const agent = await t.request('POST', '/api/customers', { token: tokens.admin, body: { businessName: 'Y', agentId: '00000000-0000-4000-8000-000000000000' } });
    expect(agent.status).toBe(400);
    expect(paths(agent)).toEqual(['agentId']);
    expect((await t.request('POST', '/api/customers', { token: tokens.admin, body: { businessName: 'Z', agentId: hotelierId } })).status).toBe(201);
  });
});

describe('projects', () => {
  it('validate store identifiers and fingerprints (admin only)', async () => {
    const fingerprint = Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, '0')).join(':');
    const ok = await t.request('POST', '/api/projects', {
      token: tokens.admin,
      body: {
        name: 'App Comune',
        domain: 'App.Comune.it',
        iosTeamId: 'ABCDE12345',
        iosAppId: '123456789',
        iosBundleId: 'it.comune.app',
        androidPackageName: 'it.comune.app',
        androidShaFingerprints: [fingerprint],
        shortLink: 'https://l.comune.it',
      },
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ domain: 'app.comune.it', androidShaFingerprints: [fingerprint.toUpperCase()] });
    const bad = await t.request('POST', '/api/projects', {
      token: tokens.admin,
      body: { name: 'B', domain: 'not a domain', androidPackageName: '1abc', androidShaFingerprints: ['AA:BB'], shortLink: 'javascript:alert(1)' },
    });
    expect(bad.status).toBe(400);
    expect(paths(bad)).toEqual(['androidPackageName', 'androidShaFingerprints.0', 'domain', 'shortLink']);
    expect((await t.request('POST', '/api/projects', { token: tokens.hotelier, body: { name: 'C' } })).status).toBe(403);
  });
});

describe('links', () => {
  it('generate a short code when absent and refuse a duplicate with 409 DUPLICATE', async () => {
    const generated = await t.request('POST', '/api/links', { token: tokens.admin, body: { longLink: 'https://comune.example.test/imposta' } });
    expect(generated.status).toBe(201);
    expect(generated.body.shortCode).toMatch(/^[A-Za-z0-9]{7}$/);
    const chosen = await t.request('POST', '/api/links', {
      token: tokens.admin,
      body: { longLink: 'https://comune.example.test/a', shortCode: 'tassa-2025', socialTitle: 'Tassa', data: { campaign: 'estate' } },
    });
    expect(chosen.status).toBe(201);
    const duplicate = await t.request('POST', '/api/links', { token: tokens.admin, body: { longLink: 'https://comune.example.test/b', shortCode: 'tassa-2025' } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.code).toBe('DUPLICATE');
    expect(paths(duplicate)).toEqual(['shortCode']);
    const clash = await t.request('PUT', `/api/links/${generated.body._id}`, { token: tokens.admin, body: { shortCode: 'tassa-2025' } });
    expect(clash.status).toBe(409);
    const same = await t.request('PUT', `/api/links/${chosen.body._id}`, { token: tokens.admin, body: { shortCode: 'tassa-2025', socialTitle: 'Tassa 2025' } });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ socialTitle: 'Tassa 2025', data: { campaign: 'estate' } });
    const bad = await t.request('POST', '/api/links', { token: tokens.admin, body: { longLink: 'ftp://x', shortCode: 'a b' } });
    expect(bad.status).toBe(400);
    expect(paths(bad)).toEqual(['longLink', 'shortCode']);
    expect((await t.request('GET', '/api/links', { token: tokens.city })).status).toBe(403);
  });
});
