import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeDeclarationFigures } from '@app/domain/tourist-tax/filings/declaration-figures';
import { reductions, stays } from '../../../db/schema/index.ts';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';
import { demoFixtures } from '../registry/test-fixtures.ts';
import { computeComuneFigures, computeStructureFigures, loadStaysForFigures } from './declaration-figures.ts';
import { insertStay } from './test-fixtures.ts';

/*
 * The declarations' figures come from one grouped aggregate in SQL; the domain's
 * computeDeclarationFigures is their definition. Both run here over the same stays, priced by the
 * API's own engine (Gaeta's demo rules: seasonal tariffs with a 10-night cap, children under 12
 * exempt, a school-trip reduction), plus a reduction capped at 3 nights, unpaid stays, stays on
 * and just outside the edges of the period, rows from before presences were stored, and a stay
 * already counted by a declaration.
 */
let t: TTestApp;
let f: Awaited<ReturnType<typeof demoFixtures>>;
const Q2 = { dateFrom: '2027-04-01', dateTo: '2027-06-30' };

beforeAll(async () => {
  t = await startTestApp();
  f = await demoFixtures(t);
  const under12 = (await f.exemptions(f.gaeta._id)).find((e) => e.name.startsWith('Minori'))._id;
  const schoolTrip = (await f.reductions(f.gaeta._id)).find((r) => r.name === 'Gite scolastiche')._id;
  const [threeNights] = await t.db
    .insert(reductions)
    .values({ cityId: f.gaeta._id, name: 'Over 70, prime 3 notti', reductionType: 'flat', amountCents: 50, maxNights: 3, validFrom: '2027-01-01' })
    .returning();
  const structures = ['Hotel Serapo', 'Albergo Villa Irlanda', "B&B Sant'Erasmo"].map((name) => f.structure(name)._id);
  // [checkIn, checkOut, guests, exempt (typed), school trip, over 70 (3 nights), not paid]
  const cases: [string, string, number, number, number, number, boolean][] = [
    ['2027-03-28', '2027-04-01', 2, 0, 0, 0, false], // checks out on the first day: in
    ['2027-03-25', '2027-03-31', 3, 1, 0, 0, false], // the day before: out
    ['2027-06-25', '2027-06-30', 4, 1, 1, 0, true], // on the last day, not paid: in
    ['2027-06-28', '2027-07-01', 2, 0, 0, 1, false], // the day after: out
    ['2027-04-02', '2027-04-16', 3, 0, 0, 2, false], // 14 nights: 4 beyond the cap; the reduction on 3 of them
    ['2027-05-01', '2027-05-21', 5, 2, 2, 1, false], // 20 nights, everything at once
    ['2027-05-20', '2027-05-22', 1, 0, 0, 1, true], // 2 nights, under the reduction's maxNights
    ['2027-05-25', '2027-06-08', 6, 0, 3, 0, false], // across the seasons, beyond the cap
    ['2027-06-10', '2027-06-11', 2, 2, 0, 0, false], // everybody exempt
  ];
  let n = 0;
  for (const structureId of structures) {
    for (const [checkIn, checkOut, componentsNumber, exempt, trip, over70, notPaid] of cases) {
      n++;
      const res = await t.request('POST', '/api/stays', {
        token: f.tokens.hotelier,
        body: {
          structureId,
          checkIn,
          checkOut,
          componentsNumber,
          guest: { name: `Ospite${n}`, surname: `Aggregato${n}` },
          appliedExemptions: exempt ? [{ exemptionId: under12, count: exempt }] : [],
          appliedReductions: [...(trip ? [{ reductionId: schoolTrip, count: trip }] : []), ...(over70 ? [{ reductionId: threeNights.id, count: over70 }] : [])],
          ...(notPaid ? { paymentStatus: 'not_paid', noPaymentReason: 'rifiutato' } : {}),
        },
      });
      if (res.status !== 201) throw new Error(`stay not created: ${res.status} ${JSON.stringify(res.body)}`);
    }
  }
  // Rows priced before presences were stored (no presences: the fallback counts), one not paid.
  const legacy = await insertStay(t.db, { structureId: structures[0], cityId: f.gaeta._id, checkIn: '2027-04-10', checkOut: '2027-04-13', guests: 3 });
  // 4 guests, 1 exempt, 3 paying of whom 1 reduced, 2 of the 3 nights taxable.
  await t.db.update(stays).set({ componentsNumber: 4, exemptGuests: 1, reducedGuests: 1, taxableNights: 2 }).where(eq(stays.id, legacy.id));
  await insertStay(t.db, { structureId: structures[1], cityId: f.gaeta._id, checkIn: '2027-06-01', checkOut: '2027-06-30', guests: 2, paid: false, surname: 'Senzapresenze' });
  // A stay already counted by a declaration: a new declaration does not count it again.
  const declared = await insertStay(t.db, { structureId: structures[2], cityId: f.gaeta._id, checkIn: '2027-05-02', checkOut: '2027-05-04', guests: 2 });
  await t.db.update(stays).set({ declarationId: declared.id }).where(eq(stays.id, declared.id));
});
afterAll(() => t?.close());

describe('declaration figures: the SQL aggregate equals the domain figures', () => {
  it('for every structure of the comune, over varied stays and the edges of the period', async () => {
    const comune = await computeComuneFigures(t.db, f.gaeta._id, Q2.dateFrom, Q2.dateTo);
    const structureIds = ['Hotel Serapo', 'Albergo Villa Irlanda', "B&B Sant'Erasmo", 'Casa vacanze Monte Orlando', 'Hotel Summit', 'Ostello del Golfo'].map((name) => f.structure(name)._id);
    for (const structureId of structureIds) {
      const expected = computeDeclarationFigures(await loadStaysForFigures(t.db, structureId, Q2.dateFrom, Q2.dateTo, null));
      expect(comune.get(structureId) ?? computeDeclarationFigures([]), structureId).toEqual(expected);
      expect(await computeStructureFigures(t.db, structureId, Q2.dateFrom, Q2.dateTo, null), structureId).toEqual(expected);
    }
    // No structure of another comune creeps in.
    expect([...comune.keys()].every((id) => structureIds.includes(id))).toBe(true);

    // The data exercised what it was meant to: every kind of presence, unpaid stays with their lines.
    const serapo = comune.get(structureIds[0])!;
    expect(serapo.numberOfStays).toBe(8); // 7 of the cases in the period + the row without presences
    expect(serapo.reducedPresences).toBeGreaterThan(0);
    expect(serapo.exemptPresences).toBeGreaterThan(0);
    expect(serapo.beyondCapPresences).toBeGreaterThan(0);
    expect(serapo.rejectedDetails.map((line) => line.checkOut)).toEqual(['2027-05-22', '2027-06-30']);
    expect(comune.get(structureIds[2])!.numberOfStays).toBe(7); // the declared stay is not counted again
  });

  it('reduced presences are the guest-nights a reduction applied to, not reduced guests x taxable nights', async () => {
    // 1 guest over 70, 2 nights, under the reduction's 3: 2 reduced presences.
    // 2 guests over 70 for 14 nights (10 taxable): the reduction applies to 3 nights each, 6 reduced presences.
    const serapo = f.structure('Hotel Serapo')._id;
    const rows = await loadStaysForFigures(t.db, serapo, '2027-04-16', '2027-04-16', null);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ taxableNights: 10, reducedGuests: 2, reducedPresences: 6, beyondCapPresences: 12 });
    const figures = await computeStructureFigures(t.db, serapo, '2027-04-16', '2027-04-16', null);
    expect(figures).toMatchObject({ numberOfStays: 1, reducedPresences: 6, payingPresences: 24, exemptPresences: 0, beyondCapPresences: 12 });
  });

  it('an empty period gives zero figures both ways', async () => {
    const comune = await computeComuneFigures(t.db, f.gaeta._id, '2030-01-01', '2030-03-31');
    expect(comune.size).toBe(0);
    expect(await computeStructureFigures(t.db, f.structure('Hotel Serapo')._id, '2030-01-01', '2030-03-31', null)).toEqual(computeDeclarationFigures([]));
  });
});
