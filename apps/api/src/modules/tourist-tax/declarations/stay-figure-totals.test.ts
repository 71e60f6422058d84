import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAlloggiatiFile, type TAlloggiatiRecordInput } from '@app/domain/tourist-tax/alloggiati';
import { computeDeclarationFigures, type TDeclarationFigures } from '@app/domain/tourist-tax/filings/declaration-figures';
import { stayFigureTotals, stays } from '../../../db/schema/index.ts';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';
import { workbookOf } from '../../../test/xlsx-files.ts';
import { demoFixtures } from '../registry/test-fixtures.ts';
import { importStays } from '../stays/test-imports.ts';
import { comuneFiguresFromTotals, loadStaysForFigures, totalsSpans } from './declaration-figures.ts';

/*
 * The comune's figures for a period come from totals PostgreSQL keeps per structure, day and month in the
 * transaction of every write to stays (migration 0060). The domain's computeDeclarationFigures over the
 * stays themselves is their definition: after every kind of write (the demo's seed, forms, edits, deletes,
 * xlsx and Alloggiati imports, repricing, a declaration's submission and return, rows without presences),
 * the totals give the domain's figures for periods of every shape (whole months, edge days, one day, a
 * year), and rebuilding them from the stays gives the same rows (no stale or empty row left behind).
 */
let t: TTestApp;
let f: Awaited<ReturnType<typeof demoFixtures>>;

const PERIODS: [string, string][] = [
  ['2027-01-01', '2027-12-31'], // a year: month rows only
  ['2027-04-01', '2027-06-30'], // a quarter
  ['2027-05-17', '2027-08-03'], // edge days at both ends around whole months
  ['2027-06-15', '2027-07-14'], // across a month's edge, no whole month
  ['2027-06-30', '2027-06-30'], // one day
  ['2027-02-01', '2027-02-28'], // one whole month
  ['2026-01-01', '2026-12-31'], // the demo's year
];

const withoutLines = (figures: TDeclarationFigures) => ({ ...figures, rejectedDetails: [] });

/** The domain's figures of the undeclared stays of a comune in a period, by structure, read stay by stay. */
async function domainFigures(cityId: string, dateFrom: string, dateTo: string) {
  const structureIds = await t.db
    .selectDistinct({ id: stays.structureId })
    .from(stays)
    .where(sql`${stays.cityId} = ${cityId} and ${stays.checkOut} between ${dateFrom} and ${dateTo} and ${stays.declarationId} is null`);
  const figures = new Map<string, TDeclarationFigures>();
  for (const { id } of structureIds) figures.set(id, withoutLines(computeDeclarationFigures(await loadStaysForFigures(t.db, id, dateFrom, dateTo, null))));
  return figures;
}

async function storedRows() {
  const t0 = stayFigureTotals;
  return t.db.select().from(t0).orderBy(asc(t0.cityId), asc(t0.span), asc(t0.day), asc(t0.structureId), asc(t0.notPaid));
}

/** The stored totals equal the domain's figures for every period, and a rebuild from the stays changes nothing. */
async function expectTotalsMatchDomain(step: string) {
  for (const city of [f.gaeta, f.formia]) {
    for (const [dateFrom, dateTo] of PERIODS) {
      const stored = await comuneFiguresFromTotals(t.db, city._id, dateFrom, dateTo);
      const expected = await domainFigures(city._id, dateFrom, dateTo);
      const fromTotals = new Map([...stored].map(([id, entry]) => [id, entry.figures]));
      expect(fromTotals, `${step}: ${city.name} ${dateFrom}..${dateTo}`).toEqual(expected);
    }
  }
  const maintained = await storedRows();
  expect(maintained.every((row) => row.stays > 0)).toBe(true);
  // The migration's backfill, run again in a transaction that is rolled back.
  await t.db
    .transaction(async (tx) => {
      await tx.execute(sql`delete from stay_figure_totals`);
      await tx.execute(sql`do $$ begin execute stay_figure_upsert_sql(stay_figure_deltas_sql('stays', 1)); end $$`);
      const rebuilt = await tx
        .select()
        .from(stayFigureTotals)
        .orderBy(asc(stayFigureTotals.cityId), asc(stayFigureTotals.span), asc(stayFigureTotals.day), asc(stayFigureTotals.structureId), asc(stayFigureTotals.notPaid));
      expect(rebuilt, `${step}: rebuilt from the stays`).toEqual(maintained);
      throw new Error('rollback');
    })
    .catch((error: Error) => {
      if (error.message !== 'rollback') throw error;
    });
}

async function createStay(body: Record<string, unknown>) {
  const res = await t.request('POST', '/api/stays', { token: f.tokens.hotelier, body });
  if (res.status !== 201) throw new Error(`stay not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { _id: string; tariffIds: string[] };
}

beforeAll(async () => {
  t = await startTestApp();
  f = await demoFixtures(t);
});
afterAll(() => t?.close());

// Each step compares many periods of two comuni stay by stay: more than the default on a loaded machine.
describe('stored declaration totals equal the domain figures', { timeout: 180_000 }, () => {
  it('the period spans: whole months from the month rows, the rest from the day rows', () => {
    expect(totalsSpans('2027-04-01', '2027-06-30')).toEqual({ monthsFrom: '2027-04-01', monthsEnd: '2027-07-01' });
    expect(totalsSpans('2027-05-17', '2027-08-03')).toEqual({ monthsFrom: '2027-06-01', monthsEnd: '2027-08-01' });
    expect(totalsSpans('2027-12-02', '2027-12-31')).toEqual({ monthsFrom: '2028-01-01', monthsEnd: '2028-01-01' });
    expect(totalsSpans('2027-06-15', '2027-07-14')).toEqual({ monthsFrom: '2027-07-15', monthsEnd: '2027-07-15' });
    expect(totalsSpans('2028-02-01', '2028-02-29')).toEqual({ monthsFrom: '2028-02-01', monthsEnd: '2028-03-01' });
  });

  // One story, step by step (each step's writes build on the one before).
  const made: { _id: string; tariffIds: string[] }[] = [];
  const serapo = () => f.structure('Hotel Serapo')._id;
  const irlanda = () => f.structure('Albergo Villa Irlanda')._id;

  it('after the demo seed', async () => {
    await expectTotalsMatchDomain('demo seed');
  });

  it('after inserts through the form: exemptions, a reduction, unpaid stays, check-outs on month edges', async () => {
    const under12 = (await f.exemptions(f.gaeta._id)).find((e) => e.name.startsWith('Minori'))._id;
    const schoolTrip = (await f.reductions(f.gaeta._id)).find((r) => r.name === 'Gite scolastiche')._id;
    const cases: [string, string, string, number, number, number, boolean][] = [
      [serapo(), '2027-03-28', '2027-04-01', 2, 0, 0, false],
      [serapo(), '2027-05-14', '2027-05-31', 4, 1, 1, true],
      [serapo(), '2027-06-25', '2027-06-30', 3, 1, 0, false],
      [irlanda(), '2027-06-28', '2027-07-01', 2, 0, 1, true],
      [irlanda(), '2027-07-20', '2027-08-03', 5, 2, 2, false],
      [irlanda(), '2027-06-10', '2027-06-15', 1, 0, 0, false],
    ];
    for (const [structureId, checkIn, checkOut, componentsNumber, exempt, trip, notPaid] of cases) {
      made.push(
        await createStay({
          structureId,
          checkIn,
          checkOut,
          componentsNumber,
          guest: { name: 'Ospite', surname: `Totali${made.length}` },
          appliedExemptions: exempt ? [{ exemptionId: under12, count: exempt }] : [],
          appliedReductions: trip ? [{ reductionId: schoolTrip, count: trip }] : [],
          ...(notPaid ? { paymentStatus: 'not_paid', noPaymentReason: 'rifiutato' } : {}),
        }),
      );
    }
    await expectTotalsMatchDomain('inserts');
  });

  it('after edits: a check-out moved to another month, paid and unpaid swapped, more guests, only a name', async () => {
    const edits: [number, Record<string, unknown>][] = [
      [0, { checkOut: '2027-04-03' }],
      [1, { paymentStatus: 'paid', noPaymentReason: null }],
      [2, { paymentStatus: 'not_paid', noPaymentReason: 'rifiutato', componentsNumber: 4 }],
      [5, { guest: { name: 'Altro', surname: 'Nome' } }],
    ];
    for (const [i, body] of edits) {
      const res = await t.request('PUT', `/api/stays/${made[i]._id}`, { token: f.tokens.hotelier, body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    await expectTotalsMatchDomain('edits');
  });

  it('after deletes', async () => {
    for (const i of [3, 5]) expect((await t.request('DELETE', `/api/stays/${made[i]._id}`, { token: f.tokens.hotelier })).status).toBe(200);
    await expectTotalsMatchDomain('deletes');
  });

  it("after imports through the real path (the workers' set-based insert): an xlsx and an Alloggiati Web file", async () => {
    const xlsx = await workbookOf(
      ['Data arrivo', 'Data partenza', 'Numero ospiti', 'Cognome', 'Nome', 'Stato pagamento', 'Motivo mancato pagamento'],
      [
        ['28/04/2027', '02/05/2027', 2, 'Importati', 'Uno', 'Pagato', ''],
        ['10/06/2027', '17/06/2027', 3, 'Importati', 'Due', 'Non pagato', 'Rifiutato'],
        ['29/06/2027', '01/07/2027', 1, 'Importati', 'Tre', 'Pagato', ''],
      ],
      'Soggiorni',
    );
    const imported = await importStays(t, f.tokens.hotelier, serapo(), 'xlsx', xlsx);
    expect([imported.status, imported.body.created], JSON.stringify(imported.body)).toEqual([200, 3]);
    const person = { arrivalDate: '2027-06-27', days: 5, birthCountry: '100000100', citizenship: '100000100', birthPlace: '405059009', birthProvince: 'LT' };
    const records: TAlloggiatiRecordInput[] = [
      { ...person, guestKind: 17, surname: 'Ferraro', name: 'Paolo', sex: 'M', birthDate: '1975-04-02', documentType: 'IDELE', documentNumber: 'CA12345AB', documentIssuePlace: '405059009' },
      { ...person, guestKind: 19, surname: 'Ferraro', name: 'Marco', sex: 'M', birthDate: '2016-01-20' },
    ];
    const form = new FormData();
    form.append('structureId', irlanda());
    form.append('format', 'alloggiati');
    form.append('paymentStatus', 'paid');
    form.append('file', new Blob([formatAlloggiatiFile(records)]), 'alloggiati.txt');
    const police = await t.request('POST', '/api/stays/import', { token: f.tokens.hotelier, raw: form });
    expect([police.status, police.body.created], JSON.stringify(police.body)).toEqual([200, 1]);
    await expectTotalsMatchDomain('imports');
  });

  it('after repricing: the comune raises a tariff and applies the new amounts to its stays not yet declared', async () => {
    const before = await comuneFiguresFromTotals(t.db, f.gaeta._id, '2027-01-01', '2027-12-31');
    const tariffId = made[4].tariffIds[0];
    const tariff = await t.request('GET', `/api/tariffs/${tariffId}`, { token: f.tokens.city });
    const raised = await t.request('PUT', `/api/tariffs/${tariffId}`, { token: f.tokens.city, body: { nightlyPrice: tariff.body.nightlyPrice + 1 } });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    const repriced = await t.request('POST', '/api/stays/reprice', { token: f.tokens.city, body: { ruleId: tariffId, apply: true } });
    expect(repriced.status, JSON.stringify(repriced.body)).toBe(200);
    expect(repriced.body.changed.length).toBeGreaterThan(0);
    const after = await comuneFiguresFromTotals(t.db, f.gaeta._id, '2027-01-01', '2027-12-31');
    expect(after.get(irlanda())!.figures.totalAmountCents).toBeGreaterThan(before.get(irlanda())!.figures.totalAmountCents);
    await expectTotalsMatchDomain('repricing');
  });

  it('after a submitted declaration took its stays out of what is left to declare, and its return put them back', async () => {
    let periods = (await t.request('GET', `/api/declaration-templates?cityId=${f.gaeta._id}&year=2027&limit=100`, { token: f.tokens.city })).body as { _id: string; dateFrom: string }[];
    if (!periods.some((p) => p.dateFrom === '2027-04-01')) {
      const generated = await t.request('POST', '/api/declaration-templates/generate', { token: f.tokens.city, body: { year: 2027, frequency: 'quarterly', submitOffsetDays: 30, payOffsetDays: 45 } });
      expect(generated.status, JSON.stringify(generated.body)).toBe(201);
      periods = generated.body;
    }
    const q2 = periods.find((p) => p.dateFrom === '2027-04-01')!;
    const declaration = await t.request('POST', '/api/declarations', { token: f.tokens.hotelier, body: { structureId: serapo(), declarationTemplateId: q2._id } });
    expect(declaration.status, JSON.stringify(declaration.body)).toBe(201);
    const submitted = await t.request('POST', `/api/declarations/${declaration.body._id}/submit`, { token: f.tokens.hotelier, body: {} });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect((await comuneFiguresFromTotals(t.db, f.gaeta._id, '2027-04-01', '2027-06-30')).has(serapo())).toBe(false);
    await expectTotalsMatchDomain('submission');
    const returned = await t.request('POST', `/api/declarations/${declaration.body._id}/return`, { token: f.tokens.city, body: { reason: 'Rivedere' } });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    expect((await comuneFiguresFromTotals(t.db, f.gaeta._id, '2027-04-01', '2027-06-30')).get(serapo())!.figures.numberOfStays).toBe(submitted.body.numberOfStays);
    await expectTotalsMatchDomain('return');
  });

  it('after rows lost their presences (the fallback counts) and a SQL update moved a stay to another structure', async () => {
    await t.db.execute(sql`update stays set paying_presences = null where id = ${made[4]._id}`);
    await t.db.update(stays).set({ structureId: irlanda() }).where(eq(stays.id, made[0]._id));
    await expectTotalsMatchDomain('rows without presences, a moved stay');
  });

  it('the comune reads them per structure; a hotelier cannot, an administrator names the comune', async () => {
    const query = 'dateFrom=2027-04-01&dateTo=2027-06-30';
    const res = await t.request('GET', `/api/dashboards/city/period-figures?${query}`, { token: f.tokens.city });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const expected = await domainFigures(f.gaeta._id, '2027-04-01', '2027-06-30');
    expect(res.body.cityId).toBe(f.gaeta._id);
    expect(res.body.structures.map((s: { structureId: string }) => s.structureId).sort()).toEqual([...expected.keys()].sort());
    for (const row of res.body.structures) {
      const e = expected.get(row.structureId)!;
      expect(row).toMatchObject({
        numberOfStays: e.numberOfStays,
        payingPresences: e.payingPresences,
        totalAmount: e.totalAmountCents / 100,
        unpaidAmount: e.unpaidAmountCents / 100,
        rejectedPayments: e.rejectedPayments,
      });
    }
    expect((await t.request('GET', `/api/dashboards/city/period-figures?${query}`, { token: f.tokens.hotelier })).status).toBe(403);
    expect((await t.request('GET', `/api/dashboards/city/period-figures?${query}`, { token: f.tokens.admin })).status).toBe(400);
    const admin = await t.request('GET', `/api/dashboards/city/period-figures?${query}&cityId=${f.gaeta._id}`, { token: f.tokens.admin });
    expect(admin.body).toEqual(res.body);
    const backwards = await t.request('GET', '/api/dashboards/city/period-figures?dateFrom=2027-06-30&dateTo=2027-04-01', { token: f.tokens.city });
    expect([backwards.status, backwards.body.details?.[0]?.path]).toEqual([400, 'dateTo']);
  });
});
