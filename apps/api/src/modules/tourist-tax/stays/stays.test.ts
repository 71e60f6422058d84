import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stays } from '../../../db/schema/index.ts';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';
import { demoFixtures, VALID_CF } from '../registry/test-fixtures.ts';

let t: TTestApp;
let f: Awaited<ReturnType<typeof demoFixtures>>;
let under12: string;
let schoolTrip: string;
beforeAll(async () => {
  t = await startTestApp();
  f = await demoFixtures(t);
  under12 = (await f.exemptions(f.gaeta._id)).find((e) => e.name.startsWith('Minori'))._id;
  schoolTrip = (await f.reductions(f.gaeta._id)).find((r) => r.name === 'Gite scolastiche')._id;
});
afterAll(() => t?.close());

const guest = { name: 'Emanuele', surname: 'Ricci', taxCode: VALID_CF };

describe('stays: server-side tax computation', () => {
  it('stores the amounts of a hand-computed example, ignoring amounts sent by the client', async () => {
    // Hotel Serapo (Albergo 4 stelle): 3.00 in high season 2026 (until 30/09), 2.00 after; cap 10 nights.
    // 13 nights from 25/09: taxable 6 x 3.00 + 4 x 2.00 = 26.00 per paying guest.
    // 4 guests, 1 exempt (under 12) -> 3 paying = 78.00; 1 on a school trip, 50% off = 13.00; to pay 65.00.
    const res = await t.request('POST', '/api/stays', {
      token: f.tokens.hotelier,
      body: {
        structureId: f.structure('Hotel Serapo')._id,
        checkIn: '2026-09-25',
        checkOut: '2026-10-08',
        componentsNumber: 4,
        guest,
        appliedExemptions: [{ exemptionId: under12, count: 1 }],
        appliedReductions: [{ reductionId: schoolTrip, count: 1 }],
        toPayAmount: 1,
        tariffImport: 999,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      nightsNumber: 13,
      taxableNights: 10,
      payingGuests: 3,
      exemptGuests: 1,
      reducedGuests: 1,
      tariffImport: 78,
      reductionImport: 13,
      toPayAmount: 65,
      year: 2026,
      paymentStatus: 'paid',
      isLocked: false,
    });
    expect(res.body.breakdown.nights).toHaveLength(13);
    expect(res.body.breakdown.nights.filter((n: any) => n.taxable)).toHaveLength(10);
    expect(res.body.breakdown.nights[0]).toMatchObject({ date: '2026-09-25', nightlyPrice: 3, tariff: 9 });
    expect(res.body.breakdown.nights[6]).toMatchObject({ date: '2026-10-01', nightlyPrice: 2, tariff: 6 });
    const [row] = await t.db.select().from(stays).where(eq(stays.id, res.body._id));
    expect([row.tariffImportCents, row.reductionImportCents, row.toPayAmountCents]).toEqual([7800, 1300, 6500]);
    // Stored in runs of nights priced alike (6 high season, 4 low, 3 beyond the cap), read back night by night.
    expect(row.breakdown!.nights.map((n) => [n.date, n.count ?? 1, n.taxable])).toEqual([
      ['2026-09-25', 6, true],
      ['2026-10-01', 4, true],
      ['2026-10-05', 3, false],
    ]);
    const dates = Array.from({ length: 13 }, (_, i) => new Date(Date.UTC(2026, 8, 25 + i)).toISOString().slice(0, 10));
    const read = await t.request('GET', `/api/stays/${res.body._id}`, { token: f.tokens.hotelier });
    expect(read.body.breakdown).toEqual(res.body.breakdown);
    expect(read.body.breakdown.nights.map((n: any) => n.date)).toEqual(dates);
    // A stay stored before runs (one entry per night) reads the same.
    const runOf = (i: number) => row.breakdown!.nights[i < 6 ? 0 : i < 10 ? 1 : 2];
    const perNight = dates.map((date, i) => {
      const { count: _count, ...night } = runOf(i);
      return { ...night, date };
    });
    await t.db
      .update(stays)
      .set({ breakdown: { ...row.breakdown!, nights: perNight } })
      .where(eq(stays.id, res.body._id));
    expect((await t.request('GET', `/api/stays/${res.body._id}`, { token: f.tokens.hotelier })).body.breakdown).toEqual(res.body.breakdown);

    // An update recomputes: one guest fewer pays 2 x 26.00 = 52.00, minus 13.00.
    const updated = await t.request('PUT', `/api/stays/${res.body._id}`, { token: f.tokens.hotelier, body: { componentsNumber: 3, toPayAmount: 0 } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ tariffImport: 52, reductionImport: 13, toPayAmount: 39, payingGuests: 2 });
  });

  it('gives a new stay a time-ordered id (version 7, the milliseconds of its creation), and compresses its breakdown with lz4 where the server has it', async () => {
    const msOf = (id: string) => parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    const body = { structureId: f.structure('Hotel Serapo')._id, checkIn: '2026-03-02', checkOut: '2026-03-04', componentsNumber: 1, guest };
    const before = Date.now();
    const first = await t.request('POST', '/api/stays', { token: f.tokens.hotelier, body });
    const second = await t.request('POST', '/api/stays', { token: f.tokens.hotelier, body });
    const after = Date.now();
    expect([first.status, second.status]).toEqual([201, 201]);
    for (const id of [first.body._id, second.body._id]) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      // The database's clock against the test's: same machine, a little slack.
      expect(msOf(id)).toBeGreaterThanOrEqual(before - 1_000);
      expect(msOf(id)).toBeLessThanOrEqual(after + 1_000);
    }
    expect(msOf(second.body._id)).toBeGreaterThanOrEqual(msOf(first.body._id));

    const { rows } = (await t.db.execute(sql`
      select (select 'lz4' = any(enumvals) from pg_settings where name = 'default_toast_compression') as lz4,
             (select attcompression::text from pg_attribute where attrelid = 'stays'::regclass and attname = 'breakdown') as compression`)) as {
      rows: { lz4: boolean; compression: string }[];
    };
    expect(rows[0].compression).toBe(rows[0].lz4 ? 'l' : '');
  });

  it('preview returns the same computation with its breakdown and saves nothing', async () => {
    const before = (await t.request('GET', '/api/stays?count=true&limit=1', { token: f.tokens.admin })).headers.get('x-total-count');
    const res = await t.request('POST', '/api/stays/preview', {
      token: f.tokens.hotelier,
      body: {
        structureId: f.structure('Hotel Serapo')._id,
        checkIn: '2026-09-25',
        checkOut: '2026-10-08',
        componentsNumber: 4,
        appliedExemptions: [{ exemptionId: under12, count: 1 }],
        appliedReductions: [{ reductionId: schoolTrip, count: 1 }],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ tariffImport: 78, reductionImport: 13, toPayAmount: 65, nightsNumber: 13, taxableNights: 10 });
    expect(res.body.categories.map((c: any) => [c.kind, c.guests, c.toPay])).toEqual([
      ['full', 2, 52],
      ['reduction', 1, 13],
      ['exempt', 1, 0],
    ]);
    const sum = res.body.nights.reduce((a: number, n: any) => a + Math.round(n.toPay * 100), 0);
    expect(sum).toBe(6500);
    const after = (await t.request('GET', '/api/stays?count=true&limit=1', { token: f.tokens.admin })).headers.get('x-total-count');
    expect(after).toBe(before);
  });

  it('answers NO_TARIFF_FOR_NIGHT with the date when the comune has no tariff for a night', async () => {
    const res = await t.request('POST', '/api/stays', {
      token: f.tokens.hotelier,
      body: { structureId: f.structure('Hotel Serapo')._id, checkIn: '2027-12-30', checkOut: '2028-01-02', componentsNumber: 2, guest },
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('NO_TARIFF_FOR_NIGHT');
    expect(res.body.details[0].value).toBe('2028-01-01');
    expect(res.body.message).toContain('2028-01-01');
  });

  it('validates dates, payment reason, guest codice fiscale, invoice and exempt counts with clear details', async () => {
    const base = { structureId: f.structure('Hotel Serapo')._id, checkIn: '2026-07-10', checkOut: '2026-07-12', componentsNumber: 2, guest };
    const post = (body: object) => t.request('POST', '/api/stays', { token: f.tokens.hotelier, body: { ...base, ...body } });

    const dates = await post({ checkOut: '2026-07-10' });
    expect(dates.status).toBe(400);
    expect(dates.body.details.map((d: any) => d.path)).toContain('checkOut');

    const unpaid = await post({ paymentStatus: 'not_paid' });
    expect(unpaid.status).toBe(400);
    expect(unpaid.body.details.map((d: any) => d.path)).toEqual(['noPaymentReason']);
    const unpaidOk = await post({ paymentStatus: 'not_paid', noPaymentReason: 'Rifiuto del pagamento' });
    expect(unpaidOk.status).toBe(201);
    expect(unpaidOk.body.noPaymentReason).toBe('Rifiuto del pagamento');

    const badCf = await post({ guest: { ...guest, taxCode: 'RCCMNL83S18D969X' } });
    expect(badCf.status).toBe(400);
    expect(badCf.body.code).toBe('VALIDATION_FAILED');
    expect(badCf.body.details.map((d: any) => d.path)).toEqual(['guest.taxCode']);

    const badEmail = await post({ guest: { ...guest, email: 'not-an-email', phone: 'abc' } });
    expect(badEmail.body.details.map((d: any) => d.path).sort()).toEqual(['guest.email', 'guest.phone']);

    const invoice = await post({ hasInvoice: true, invoice: { name: 'ACME srl', vatNumber: '00743110158' } });
    expect(invoice.status).toBe(400);
    expect(invoice.body.details.map((d: any) => d.path)).toEqual(['invoice.vatNumber']);
    const invoiceMissing = await post({ hasInvoice: true });
    expect(invoiceMissing.body.details.map((d: any) => d.path)).toEqual(['invoice']);
    const invoiceOk = await post({ hasInvoice: true, invoice: { name: 'ACME srl', vatNumber: '00743110157' } });
    expect(invoiceOk.status).toBe(201);

    const tooMany = await post({ appliedExemptions: [{ exemptionId: under12, count: 2 }], appliedReductions: [{ reductionId: schoolTrip, count: 1 }] });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.code).toBe('TOO_MANY_EXEMPT_OR_REDUCED');

    const foreignExemption = (await f.exemptions(f.formia._id))[0]._id;
    const unknown = await post({ appliedExemptions: [{ exemptionId: foreignExemption, count: 1 }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('UNKNOWN_EXEMPTION');
    expect(unknown.body.details[0].path).toBe('appliedExemptions.0');

    const noGuests = await post({ componentsNumber: 0 });
    expect(noGuests.status).toBe(400);
    expect(noGuests.body.details.map((d: any) => d.path)).toEqual(['componentsNumber']);
  });

  it('a stay counted in a submitted declaration is locked: edits and deletes answer 409 STAY_DECLARED', async () => {
    const created = await t.request('POST', '/api/stays', {
      token: f.tokens.hotelier,
      body: { structureId: f.structure('Albergo Villa Irlanda')._id, checkIn: '2026-03-01', checkOut: '2026-03-04', componentsNumber: 2, guest },
    });
    expect(created.status).toBe(201);
    await t.db.update(stays).set({ lockedAt: new Date() }).where(eq(stays.id, created.body._id));
    const put = await t.request('PUT', `/api/stays/${created.body._id}`, { token: f.tokens.hotelier, body: { componentsNumber: 3 } });
    expect(put.status).toBe(409);
    expect(put.body.code).toBe('STAY_DECLARED');
    const del = await t.request('DELETE', `/api/stays/${created.body._id}`, { token: f.tokens.hotelier });
    expect(del.status).toBe(409);
    expect(del.body.code).toBe('STAY_DECLARED');
    const read = await t.request('GET', `/api/stays/${created.body._id}`, { token: f.tokens.hotelier });
    expect(read.body.isLocked).toBe(true);
  });

  it('filters stays by the selected year (checkOut) and searches the lead guest', async () => {
    const y2025 = await t.request('GET', '/api/stays?year=2025&limit=500', { token: f.tokens.admin });
    expect(y2025.body.length).toBeGreaterThan(0);
    expect(y2025.body.every((s: any) => s.checkOut.startsWith('2025'))).toBe(true);
    const search = await t.request('GET', '/api/stays?q=emanuele&limit=500', { token: f.tokens.hotelier });
    expect(search.status).toBe(200);
    expect(search.body.length).toBeGreaterThan(0);
    expect(search.body.every((s: any) => s.guest.name === 'Emanuele')).toBe(true);
  });

  it('a city user reads its stays but cannot write them', async () => {
    const res = await t.request('POST', '/api/stays', {
      token: f.tokens.city,
      body: { structureId: f.structure('Hotel Serapo')._id, checkIn: '2026-07-10', checkOut: '2026-07-12', componentsNumber: 2, guest },
    });
    expect(res.status).toBe(403);
  });
});

describe('stay attachments and the hoteliers a city sees', () => {
  it('attaches own uploads only, and links them to the stay', async () => {
    const { makePdf } = await import('../../platform/index.ts');
    const upload = async (token: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await makePdf())]), 'ricevuta.pdf');
      form.append('data', JSON.stringify({ purpose: 'document' }));
      const res = await t.request('POST', '/api/uploads', { token, raw: form });
      if (res.status !== 201) throw new Error(JSON.stringify(res.body));
      return res.body._id as string;
    };
    const mine = await upload(f.tokens.hotelier);
    const theirs = await upload(f.tokens.hotelier2);
    const base = { structureId: f.structure('Hotel Serapo')._id, checkIn: '2026-06-10', checkOut: '2026-06-11', componentsNumber: 1, guest };
    const refused = await t.request('POST', '/api/stays', { token: f.tokens.hotelier, body: { ...base, attachments: [mine, theirs] } });
    expect(refused.status).toBe(400);
    expect(refused.body.details.map((d: any) => d.path)).toEqual(['attachments.1']);
    const ok = await t.request('POST', '/api/stays', { token: f.tokens.hotelier, body: { ...base, attachments: [mine] } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.attachments).toEqual([mine]);
    const meta = await t.request('GET', `/api/uploads/${mine}`, { token: f.tokens.city });
    expect(meta.status).toBe(200);
    expect(meta.body).toMatchObject({ linkedEntityType: 'stays', linkedEntityId: ok.body._id });
  });

  it('a city user reads the hoteliers of its structures, not those of another comune', async () => {
    const gaeta = await t.request('GET', '/api/users?role=user&limit=500', { token: f.tokens.city });
    expect(gaeta.status).toBe(200);
    expect(gaeta.body.map((u: any) => u.email).sort()).toEqual(['hotelier2@demo.test', 'hotelier@demo.test']);
    const formia = await t.request('GET', '/api/users?role=user&limit=500', { token: f.tokens.city2 });
    expect(formia.body.map((u: any) => u.email)).toEqual(['hotelier2@demo.test']);
  });
});
