import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';
import { demoFixtures, VALID_CF } from '../registry/test-fixtures.ts';

let t: TTestApp;
let f: Awaited<ReturnType<typeof demoFixtures>>;
beforeAll(async () => {
  t = await startTestApp();
  f = await demoFixtures(t);
});
afterAll(() => t?.close());

const LIST_FIELDS = '_id,guest,structureId,checkIn,checkOut,nightsNumber,componentsNumber,toPayAmount,paymentStatus,noPaymentReason,source,isLocked';

describe('stays list: ?fields= projection', () => {
  it('answers only the fields asked for (plus _id); without fields every field, breakdown included, as GET one', async () => {
    const all = await t.request('GET', '/api/stays?year=2026&sort=-checkOut&limit=5', { token: f.tokens.hotelier });
    expect(all.status).toBe(200);
    expect(all.body.length).toBeGreaterThan(0);
    expect(all.body[0].breakdown.nights.length).toBeGreaterThan(0);
    expect(all.body[0]).toHaveProperty('guests');

    const light = await t.request('GET', `/api/stays?year=2026&sort=-checkOut&limit=5&fields=${LIST_FIELDS}`, { token: f.tokens.hotelier });
    expect(light.status, JSON.stringify(light.body)).toBe(200);
    expect(light.body.map((s: any) => s._id)).toEqual(all.body.map((s: any) => s._id));
    for (const [i, stay] of light.body.entries()) {
      expect(Object.keys(stay).sort()).toEqual(LIST_FIELDS.split(',').sort());
      for (const field of LIST_FIELDS.split(',')) expect(stay[field]).toEqual(all.body[i][field]);
    }

    // A heavy field asked for by name comes, read from its column.
    const withBreakdown = await t.request('GET', `/api/stays?year=2026&sort=-checkOut&limit=5&fields=checkOut,breakdown,guests`, { token: f.tokens.hotelier });
    expect(withBreakdown.body.map((s: any) => s.breakdown)).toEqual(all.body.map((s: any) => s.breakdown));
    expect(withBreakdown.body.map((s: any) => s.guests)).toEqual(all.body.map((s: any) => s.guests));

    const one = await t.request('GET', `/api/stays/${all.body[0]._id}`, { token: f.tokens.hotelier });
    expect(one.body.breakdown).toEqual(all.body[0].breakdown);
  });

  it('refuses an unknown field with 400 UNKNOWN_FIELD naming it', async () => {
    const res = await t.request('GET', '/api/stays?fields=checkOut,passwordHash', { token: f.tokens.hotelier });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('UNKNOWN_FIELD');
    expect(res.body.details).toEqual([expect.objectContaining({ path: 'fields', value: 'passwordHash' })]);
    const empty = await t.request('GET', '/api/stays?fields=,', { token: f.tokens.hotelier });
    expect(empty.status).toBe(400);
  });
});

describe('stays list: cached counts stay exact after writes', () => {
  const total = async (query: string, token = f.tokens.hotelier) => {
    const res = await t.request('GET', `/api/stays?${query}&count=true&limit=1`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return Number(res.headers.get('x-total-count'));
  };

  it('a stay created, edited or deleted through the API shows in the next count at once', async () => {
    const structureId = f.structure('Hotel Serapo')._id;
    const query = `year=2026&structureId=${structureId}`;
    const before = await total(query);
    expect(await total(query)).toBe(before);
    const created = await t.request('POST', '/api/stays', {
      token: f.tokens.hotelier,
      body: { structureId, checkIn: '2026-10-20', checkOut: '2026-10-22', componentsNumber: 2, guest: { name: 'Lista', surname: 'Conteggio', taxCode: VALID_CF } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await total(query)).toBe(before + 1);

    const notPaid = `${query}&paymentStatus=not_paid`;
    const unpaidBefore = await total(notPaid);
    const edited = await t.request('PUT', `/api/stays/${created.body._id}`, { token: f.tokens.hotelier, body: { paymentStatus: 'not_paid', noPaymentReason: 'Rifiutato' } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await total(notPaid)).toBe(unpaidBefore + 1);

    expect((await t.request('DELETE', `/api/stays/${created.body._id}`, { token: f.tokens.hotelier })).status).toBe(200);
    expect(await total(query)).toBe(before);
    expect(await total(notPaid)).toBe(unpaidBefore);
  });

  it('counts are cached, and a write outside the API (an import, another process) reaches them through the database trigger', async () => {
    const query = 'year=2026&paymentStatus=not_paid';
    const before = await total(query, f.tokens.city);
    // The database's own result (node-postgres and PGlite both answer { rows }).
    const [victim] = (
      (await t.db.execute(sql`select s.id from stays s join cities c on c.id = s.city_id where c.name = 'Comune di Gaeta' and s.payment_status = 'paid' and s.check_out >= '2026-01-01' limit 1`)) as {
        rows: { id: string }[];
      }
    ).rows;
    expect(victim).toBeDefined();

    // With triggers off (replica mode) nothing notifies: the cached count stays as it was, which shows it is cached.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update stays set payment_status = 'not_paid', no_payment_reason = 'x' where id = ${victim.id}`);
    });
    expect(await total(query, f.tokens.city)).toBe(before);

    // An ordinary write by SQL fires the trigger: the count is exact again (the notification may take a moment on PostgreSQL).
    await t.db.execute(sql`update stays set notes = coalesce(notes, '') where id = ${victim.id}`);
    await vi.waitFor(async () => expect(await total(query, f.tokens.city)).toBe(before + 1), { timeout: 5000, interval: 50 });

    await t.db.execute(sql`update stays set payment_status = 'paid', no_payment_reason = null where id = ${victim.id}`);
    await vi.waitFor(async () => expect(await total(query, f.tokens.city)).toBe(before), { timeout: 5000, interval: 50 });
  });
});

describe('stays list: the check-in bound derived from the year', () => {
  it('lists the longest stay ending on the first day of the year and the shortest ending on its last, sorted by check-in either way', async () => {
    const structureId = f.structure('Hotel Serapo')._id;
    // Two copies of a stay at the bounds the engine allows (1 to 366 nights), written by SQL as an import writes them.
    const bounds = [
      { checkIn: '2024-12-31', checkOut: '2025-12-31', nights: 365 },
      { checkIn: '2023-12-31', checkOut: '2024-12-31', nights: 366 },
      { checkIn: '2025-12-30', checkOut: '2025-12-31', nights: 1 },
      { checkIn: '2024-12-31', checkOut: '2026-01-01', nights: 366 },
    ];
    const ids: string[] = [];
    for (const b of bounds) {
      const { rows } = (await t.db.execute(sql`insert into stays (structure_id, city_id, check_in, check_out, components_number, guest, nights_number, taxable_nights, paying_guests,
          tariff_import_cents, reduction_import_cents, to_pay_amount_cents, breakdown, payment_status, source)
        select structure_id, city_id, ${b.checkIn}::date, ${b.checkOut}::date, components_number, guest, ${b.nights}, taxable_nights, paying_guests,
          tariff_import_cents, reduction_import_cents, to_pay_amount_cents, breakdown, payment_status, source
        from stays where structure_id = ${structureId} limit 1 returning id`)) as unknown as { rows: { id: string }[] };
      ids.push(rows[0].id);
    }
    try {
      const listed = async (year: number, sort: string) => {
        const res = await t.request('GET', `/api/stays?year=${year}&structureId=${structureId}&sort=${sort}&limit=500&fields=checkIn,checkOut`, { token: f.tokens.hotelier });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return (res.body as { _id: string }[]).map((s) => s._id).filter((id) => ids.includes(id));
      };
      for (const sort of ['checkIn', '-checkIn']) {
        expect((await listed(2025, sort)).sort()).toEqual([ids[0], ids[2]].sort());
        expect(await listed(2024, sort)).toEqual([ids[1]]);
        expect(await listed(2026, sort)).toEqual([ids[3]]);
      }
    } finally {
      await t.db.execute(sql`delete from stays where id in ${ids}`);
    }
  });
});
