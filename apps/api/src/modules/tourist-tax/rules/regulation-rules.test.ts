import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stays } from '../../../db/schema/index.ts';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';
import { demoFixtures, VALID_CF } from '../registry/test-fixtures.ts';

let t: TTestApp;
let f: Awaited<ReturnType<typeof demoFixtures>>;
let under12: any;
beforeAll(async () => {
  t = await startTestApp();
  f = await demoFixtures(t);
  under12 = (await f.exemptions(f.gaeta._id)).find((e) => e.name.startsWith('Minori'));
});
afterAll(() => t?.close());

// Hotel Serapo (Albergo 4 stelle, Gaeta): 3.00 per night in the high season 2026 (June-September), cap 10 nights.
const lead = { name: 'Emanuele', surname: 'Ricci', taxCode: VALID_CF, birthDate: '1983-11-18', sex: 'M' };
const serapoStay = (extra: object = {}) => ({ structureId: f.structure('Hotel Serapo')._id, checkIn: '2026-07-01', checkOut: '2026-07-04', componentsNumber: 3, guest: lead, ...extra });

describe('age rules from the guests birth dates', () => {
  it('Gaeta: under-12s exempt by their birth date (2 adults x 3 nights x 3.00 = 18.00), with the breakdown per guest', async () => {
    const made = await t.request('PUT', `/api/exemptions/${under12._id}`, { token: f.tokens.city, body: { condition: 'age', ageTo: 11, ageOn: 'checkIn' } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({ condition: 'age', ageFrom: null, ageTo: 11, ageOn: 'checkIn' });

    const guests = [
      { name: 'Giulia', surname: 'Ricci', birthDate: '1986-02-10', sex: 'F' },
      { name: 'Tommaso', surname: 'Ricci', birthDate: '2018-05-01', sex: 'M' },
    ];
    const preview = await t.request('POST', '/api/stays/preview', { token: f.tokens.hotelier, body: { ...serapoStay(), guests } });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ tariffImport: 18, exemptGuests: 1, payingGuests: 2, presences: { paying: 6, reduced: 0, exempt: 3, beyondCap: 0 } });
    expect(preview.body.guestLines.map((l: any) => [l.name, l.age, l.kind, l.reason, l.toPay])).toEqual([
      ['Emanuele Ricci', 42, 'full', null, 9],
      ['Giulia Ricci', 40, 'full', null, 9],
      ['Tommaso Ricci', 8, 'exempt', 'age', 0],
    ]);

    const saved = await t.request('POST', '/api/stays', { token: f.tokens.hotelier, body: { ...serapoStay(), guests } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body).toMatchObject({ tariffImport: 18, exemptGuests: 1, exemptionIds: [under12._id], presences: { exempt: 3 } });
    expect(saved.body.guests).toHaveLength(2);
    // The exemption now prices a saved stay: it cannot be deleted.
    const del = await t.request('DELETE', `/api/exemptions/${under12._id}`, { token: f.tokens.city });
    expect([del.status, del.body.code]).toEqual([409, 'RULE_IN_USE']);
  });

  it('refuses more recorded guests than the stay has', async () => {
    const res = await t.request('POST', '/api/stays/preview', {
      token: f.tokens.hotelier,
      body: { ...serapoStay({ componentsNumber: 1 }), guests: [{ name: 'A', surname: 'B' }] },
    });
    expect([res.status, res.body.code]).toEqual([400, 'INVALID_COMPONENTS']);
  });
});

describe('dates', () => {
  it('impossible dates are 400 with the field named, never 500', async () => {
    for (const [url, body] of [
      ['/api/stays', serapoStay({ checkIn: '2025-02-30', checkOut: '2025-03-02' })],
      ['/api/stays/preview', serapoStay({ checkIn: '2025-02-30', checkOut: '2025-03-02' })],
      ['/api/stays', serapoStay({ guest: { ...lead, birthDate: '1983-02-29' } })],
    ] as const) {
      const res = await t.request('POST', url, { token: f.tokens.hotelier, body });
      expect(res.status, `${url} ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
  });

  it('refuses a stay longer than a year', async () => {
    const res = await t.request('POST', '/api/stays/preview', { token: f.tokens.hotelier, body: serapoStay({ checkIn: '2026-01-01', checkOut: '2126-01-01' }) });
    expect([res.status, res.body.code, res.body.details?.[0]?.path]).toEqual([400, 'INVALID_DATES', 'checkOut']);
  });
});

describe('percentage tariffs as the spec sends them', () => {
  it('takes the rate from nightlyPrice (or percentage) and stores it once, with a maximum per person per night', async () => {
    const [type] = (await f.registry('structure-types', f.gaeta._id)).filter((r) => r.name === 'Albergo');
    const [klass] = (await f.registry('structure-classes', f.gaeta._id)).filter((r) => r.name === '5 stelle');
    const [area] = (await f.registry('relevant-areas', f.gaeta._id)).filter((r) => r.name === 'Centro storico');
    const body = {
      name: 'Percentuale 2040',
      type: 'percentage',
      nightlyPrice: 5,
      maxPerPersonNight: 5,
      validFrom: '2040-01-01',
      structureTypeId: type._id,
      structureClassId: klass._id,
      relevantAreaId: area._id,
    };
    const res = await t.request('POST', '/api/tariffs', { token: f.tokens.city, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ type: 'percentage', nightlyPrice: 5, percentage: 5, maxPerPersonNight: 5 });
    const both = await t.request('PUT', `/api/tariffs/${res.body._id}`, { token: f.tokens.city, body: { percentage: 4, nightlyPrice: 6 } });
    expect([both.status, both.body.details?.[0]?.path]).toEqual([400, 'percentage']);
    const changed = await t.request('PUT', `/api/tariffs/${res.body._id}`, { token: f.tokens.city, body: { percentage: 4 } });
    expect(changed.body).toMatchObject({ nightlyPrice: 4, percentage: 4 });
  });
});

describe('reprice after a rule change', () => {
  it('previews the stays not yet declared that change, applies in one step, never touches declared stays', async () => {
    const created = await t.request('POST', '/api/stays', { token: f.tokens.hotelier, body: serapoStay({ componentsNumber: 1, checkIn: '2026-08-01', checkOut: '2026-08-03' }) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.toPayAmount).toBe(6); // 2 nights x 3.00
    const tariffId = created.body.tariffIds[0];
    // A declared stay priced with the same tariff.
    const declared = await t.request('POST', '/api/stays', {
      token: f.tokens.hotelier,
      body: serapoStay({ componentsNumber: 1, checkIn: '2026-08-10', checkOut: '2026-08-11', guest: { name: 'Dora', surname: 'Neri' } }),
    });
    await t.db.update(stays).set({ lockedAt: new Date() }).where(eq(stays.id, declared.body._id));

    const edit = await t.request('PUT', `/api/tariffs/${tariffId}`, { token: f.tokens.city, body: { nightlyPrice: 4 } });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    // Deleting a tariff used by saved stays is refused.
    expect((await t.request('DELETE', `/api/tariffs/${tariffId}`, { token: f.tokens.city })).status).toBe(409);

    const preview = await t.request('POST', '/api/stays/reprice', { token: f.tokens.city, body: { ruleId: tariffId } });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const mine = preview.body.changed.find((c: any) => c.stayId === created.body._id);
    expect(mine).toMatchObject({ before: { toPayAmount: 6 }, after: { toPayAmount: 8 } });
    expect(preview.body.changed.some((c: any) => c.stayId === declared.body._id)).toBe(false);
    expect(preview.body.declared).toBeGreaterThanOrEqual(1);
    expect(preview.body.applied).toBe(false);
    expect((await t.request('GET', `/api/stays/${created.body._id}`, { token: f.tokens.hotelier })).body.toPayAmount).toBe(6);

    const applied = await t.request('POST', '/api/stays/reprice', { token: f.tokens.city, body: { ruleId: tariffId, apply: true, stayIds: [created.body._id] } });
    expect(applied.body.applied).toBe(true);
    expect((await t.request('GET', `/api/stays/${created.body._id}`, { token: f.tokens.hotelier })).body.toPayAmount).toBe(8);
    expect((await t.request('GET', `/api/stays/${declared.body._id}`, { token: f.tokens.hotelier })).body.toPayAmount).toBe(3);
    // Another comune cannot reprice Gaeta; a hotelier cannot reprice at all.
    expect((await t.request('POST', '/api/stays/reprice', { token: f.tokens.city2, body: { cityId: f.gaeta._id } })).status).toBe(404);
    expect((await t.request('POST', '/api/stays/reprice', { token: f.tokens.hotelier, body: { cityId: f.gaeta._id } })).status).toBe(403);
  });
});

describe('cap across consecutive stays', () => {
  it('an extension filed as a new stay continues the count of the first (Gaeta cap: 10 nights)', async () => {
    const guest = { name: 'Lorenzo', surname: 'Bianchi', birthDate: '1970-03-03' };
    const first = await t.request('POST', '/api/stays', { token: f.tokens.hotelier, body: serapoStay({ componentsNumber: 1, guest, checkIn: '2026-06-01', checkOut: '2026-06-09' }) });
    expect(first.body.taxableNights).toBe(8);
    const extension = await t.request('POST', '/api/stays', { token: f.tokens.hotelier, body: serapoStay({ componentsNumber: 1, guest, checkIn: '2026-06-09', checkOut: '2026-06-14' }) });
    expect(extension.status, JSON.stringify(extension.body)).toBe(201);
    // 2 more taxable nights (10 in all), 3 beyond the cap
    expect(extension.body).toMatchObject({ nightsNumber: 5, taxableNights: 2, presences: { paying: 2, beyondCap: 3 } });
    expect(extension.body.toPayAmount).toBe(2 * extension.body.breakdown.nights[0].nightlyPrice);
    expect(extension.body.breakdown.nights.map((n: any) => n.taxable)).toEqual([true, true, false, false, false]);
  });
});
