import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';
import { demoFixtures, VALID_CF, VALID_PIVA } from '../registry/test-fixtures.ts';

let t: TTestApp;
let f: Awaited<ReturnType<typeof demoFixtures>>;
beforeAll(async () => {
  t = await startTestApp();
  f = await demoFixtures(t);
});
afterAll(() => t?.close());

const paths = (body: any) => (body.details ?? []).map((d: any) => d.path).sort();

describe('tariffs, reductions, registries', () => {
  it('refuses a tariff that overlaps another of equal specificity with 409 TARIFF_CONFLICT naming it', async () => {
    const types = await f.registry('structure-types', f.gaeta._id);
    const classes = await f.registry('structure-classes', f.gaeta._id);
    const albergo = types.find((x) => x.name === 'Albergo')._id;
    const four = classes.find((x) => x.name === '4 stelle')._id;
    const body = { name: 'Ferragosto 4 stelle', type: 'flat', structureTypeId: albergo, structureClassId: four, nightlyPrice: 4.5, maxNights: 10, validFrom: '2026-08-10', validTo: '2026-08-20' };
    const clash = await t.request('POST', '/api/tariffs', { token: f.tokens.city, body });
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe('TARIFF_CONFLICT');
    expect(clash.body.details[0].message).toContain('Albergo 4 stelle - alta stagione 2026');
    expect(clash.body.message).toContain('Albergo 4 stelle - alta stagione 2026');

    // More specific (area too): no clash, and it prices the nights it covers.
    const areas = await f.registry('relevant-areas', f.gaeta._id);
    const serapo = areas.find((x) => x.name === 'Serapo e litorale')._id;
    const ok = await t.request('POST', '/api/tariffs', { token: f.tokens.city, body: { ...body, relevantAreaId: serapo } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body).toMatchObject({ nightlyPrice: 4.5, cityId: f.gaeta._id, maxNights: 10 });
    const preview = await t.request('POST', '/api/stays/preview', {
      token: f.tokens.hotelier,
      body: { structureId: f.structure('Hotel Serapo')._id, checkIn: '2026-08-20', checkOut: '2026-08-22', componentsNumber: 2 },
    });
    expect(preview.body.nights.map((n: any) => n.nightlyPrice)).toEqual([4.5, 3]);
    expect(preview.body.toPayAmount).toBe(15);

    // Editing a tariff into a clash is refused too.
    const moved = await t.request('PUT', `/api/tariffs/${ok.body._id}`, { token: f.tokens.city, body: { relevantAreaId: null } });
    expect(moved.status).toBe(409);

    const badMoney = await t.request('POST', '/api/tariffs', { token: f.tokens.city, body: { ...body, nightlyPrice: 1.234, validFrom: '2030-01-01', validTo: null } });
    expect(badMoney.status).toBe(400);
    expect(paths(badMoney.body)).toEqual(['nightlyPrice']);
    const noPrice = await t.request('POST', '/api/tariffs', { token: f.tokens.city, body: { ...body, nightlyPrice: undefined, validFrom: '2030-01-01', validTo: null } });
    expect(paths(noPrice.body)).toEqual(['nightlyPrice']);
    const foreignType = await t.request('POST', '/api/tariffs', { token: f.tokens.city2, body: { ...body, validFrom: '2030-01-01' } });
    expect(foreignType.status).toBe(400);
    expect(paths(foreignType.body)).toEqual(['structureClassId', 'structureTypeId']);
  });

  it('a tariff or registry row in use cannot be deleted; a hotelier cannot write rules', async () => {
    const [stay] = (await t.request('GET', `/api/stays?cityId=${f.gaeta._id}&limit=1`, { token: f.tokens.city })).body;
    const res = await t.request('DELETE', `/api/tariffs/${stay.tariffIds[0]}`, { token: f.tokens.city });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('RULE_IN_USE');
    const unused = (await f.tariffs(f.gaeta._id)).find((x) => x.name === 'Tariffa base - bassa stagione 2025');
    expect((await t.request('DELETE', `/api/tariffs/${unused._id}`, { token: f.tokens.city })).status).toBe(200);
    const types = await f.registry('structure-types', f.gaeta._id);
    const inUse = await t.request('DELETE', `/api/structure-types/${types[0]._id}`, { token: f.tokens.city });
    expect(inUse.status).toBe(409);
    const created = await t.request('POST', '/api/structure-types', { token: f.tokens.city, body: { name: 'Agriturismo' } });
    expect(created.status).toBe(201);
    expect(created.body.cityId).toBe(f.gaeta._id);
    expect((await t.request('DELETE', `/api/structure-types/${created.body._id}`, { token: f.tokens.city })).status).toBe(200);
    expect((await t.request('POST', '/api/exemptions', { token: f.tokens.hotelier, body: { cityId: f.gaeta._id, name: 'x' } })).status).toBe(403);
    const noCity = await t.request('POST', '/api/exemptions', { token: f.tokens.admin, body: { name: 'x' } });
    expect(paths(noCity.body)).toEqual(['cityId']);
  });

  it('prices a percentage tariff on the accommodation amount, which it then requires', async () => {
    const type = await t.request('POST', '/api/structure-types', { token: f.tokens.city2, body: { name: 'Affittacamere' } });
    const tariff = await t.request('POST', '/api/tariffs', {
      token: f.tokens.city2,
      body: { name: 'Affittacamere 5%', type: 'percentage', percentage: 5, structureTypeId: type.body._id, validFrom: '2026-01-01' },
    });
    expect(tariff.status, JSON.stringify(tariff.body)).toBe(201);
    // The spec's tariff has only nightlyPrice: for a percentage tariff it carries the rate too.
    expect(tariff.body).toMatchObject({ type: 'percentage', percentage: 5, nightlyPrice: 5 });
    const hotelier2 = f.structure('Hotel Summit').userIds[0];
    const structure = await t.request('POST', '/api/structures', { token: f.tokens.city2, body: { name: 'Camere del Porto', structureTypeId: type.body._id, userIds: [hotelier2] } });
    expect(structure.status, JSON.stringify(structure.body)).toBe(201);
    const body = { structureId: structure.body._id, checkIn: '2026-05-01', checkOut: '2026-05-03', componentsNumber: 2 };
    const missing = await t.request('POST', '/api/stays/preview', { token: f.tokens.hotelier2, body });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('MISSING_ACCOMMODATION_AMOUNT');
    expect(missing.body.details[0].path).toBe('accommodationAmount');
    const priced = await t.request('POST', '/api/stays/preview', { token: f.tokens.hotelier2, body: { ...body, accommodationAmount: 199.9 } });
    expect(priced.status).toBe(200);
    expect(priced.body.toPayAmount).toBe(10); // 5% of 199.90 = 9.995 -> 10.00 (half up)
    expect(priced.body.nights[0]).toMatchObject({ tariffType: 'percentage', percentage: 5, nightlyPrice: null });
    const typeSwitch = await t.request('PUT', `/api/tariffs/${tariff.body._id}`, { token: f.tokens.city2, body: { type: 'flat' } });
    expect(typeSwitch.status).toBe(400);
    expect(typeSwitch.body.details.map((d: any) => d.path)).toEqual(['nightlyPrice']);
  });

  it('refuses a duplicate reduction with 409 REDUCTION_CONFLICT', async () => {
    const dup = await t.request('POST', '/api/reductions', { token: f.tokens.city, body: { name: ' gite  SCOLASTICHE', reductionType: 'percentage', percentage: 30, validFrom: '2026-01-01' } });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('REDUCTION_CONFLICT');
    const flat = await t.request('POST', '/api/reductions', { token: f.tokens.city, body: { name: 'Under 16', reductionType: 'flat', amount: 0.5, validFrom: '2026-01-01' } });
    expect(flat.status).toBe(201);
    expect(flat.body).toMatchObject({ amount: 0.5, reductionType: 'flat' });
  });
});

describe('structures and comuni: identifier validation', () => {
  it('checks CIN, codice fiscale, partita IVA, e-mail, PEC and phone, and warns on a CIN of another comune', async () => {
    const bad = await t.request('POST', '/api/structures', {
      token: f.tokens.city,
      body: { name: 'Hotel Errato', cin: 'IT05900', taxCode: 'RCCMNL83S18D969X', vatNumber: '00743110158', email: 'a@b', emailPec: 'pec@', phone: '12', contactEmail: 'x' },
    });
    expect(bad.status).toBe(400);
    expect(paths(bad.body)).toEqual(['cin', 'contactEmail', 'email', 'emailPec', 'phone', 'taxCode', 'vatNumber']);
    expect(bad.body.details.find((d: any) => d.path === 'cin').message).toMatch(/CIN/);

    const ok = await t.request('POST', '/api/structures', {
      token: f.tokens.city,
      body: { name: 'Hotel Giusto', cin: 'it058091c27g5ffzdz', taxCode: VALID_CF, vatNumber: VALID_PIVA, email: 'info@giusto.it', emailPec: 'giusto@pec.it', phone: '+39 0771 123456' },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.cin).toBe('IT058091C27G5FFZDZ');
    expect(ok.body.cityId).toBe(f.gaeta._id);
    expect(ok.body.warnings).toEqual([expect.objectContaining({ path: 'cin', message: expect.stringContaining('CIN_COMUNE_MISMATCH') })]);
    const fixed = await t.request('PUT', `/api/structures/${ok.body._id}`, { token: f.tokens.city, body: { cin: 'IT059009C27G5FFZDZ' } });
    expect(fixed.body.warnings).toEqual([]);

    const badUser = await t.request('PUT', `/api/structures/${ok.body._id}`, { token: f.tokens.city, body: { userIds: [f.gaeta._id] } });
    expect(paths(badUser.body)).toEqual(['userIds.0']);
  });

  it('a hotelier edits its structure but not the fields the comune owns', async () => {
    const own = f.structure("B&B Sant'Erasmo");
    const ok = await t.request('PUT', `/api/structures/${own._id}`, { token: f.tokens.hotelier, body: { phone: '+39 333 1234567' } });
    expect(ok.status).toBe(200);
    const cls = await t.request('PUT', `/api/structures/${own._id}`, { token: f.tokens.hotelier, body: { cityId: f.formia._id } });
    expect(cls.status).toBe(403);
    const drop = await t.request('PUT', `/api/structures/${own._id}`, { token: f.tokens.hotelier, body: { userIds: [] } });
    expect(drop.status).toBe(403);
    const move = await t.request('PUT', `/api/structures/${own._id}`, { token: f.tokens.admin, body: { cityId: f.formia._id, structureTypeId: null, relevantAreaId: null } });
    expect(move.status).toBe(409);
    expect(move.body.details[0].path).toBe('cityId');
    // Removing a structure is the comune's; the comune cannot remove one with stays either.
    expect((await t.request('DELETE', `/api/structures/${own._id}`, { token: f.tokens.hotelier })).status).toBe(403);
    const hasStays = await t.request('DELETE', `/api/structures/${own._id}`, { token: f.tokens.city });
    expect(hasStays.status).toBe(409);
    expect(hasStays.body.code).toBe('STRUCTURE_HAS_STAYS');
  });

  it('validates the comune IBAN checksum, ISTAT code and contacts', async () => {
    const bad = await t.request('PUT', `/api/cities/${f.gaeta._id}`, { token: f.tokens.city, body: { iban: 'IT61X0542811101000000123456', istatCode: '59009', emailPec: 'nope', phone: 'x' } });
    expect(bad.status).toBe(400);
    expect(paths(bad.body)).toEqual(['emailPec', 'iban', 'istatCode', 'phone']);
    const ok = await t.request('PUT', `/api/cities/${f.gaeta._id}`, { token: f.tokens.city, body: { iban: 'it60 x054 2811 1010 0000 0123 456' } });
    expect(ok.status).toBe(200);
    expect(ok.body.iban).toBe('IT60X0542811101000000123456');
    const hotelierView = await t.request('GET', `/api/cities/${f.gaeta._id}`, { token: f.tokens.hotelier });
    expect(hotelierView.status).toBe(200);
    expect(hotelierView.body.notes).toBeUndefined();
  });
});
