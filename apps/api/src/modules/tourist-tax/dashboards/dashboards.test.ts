// exceljs (a devDependency) reads what the API exports: an independent reader, not ours reading what ours wrote.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { annualQuarterRows } from '@app/domain/tourist-tax/filings/annual-summary';
import { stays } from '../../../db/schema/index.ts';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';
import { filingWorld, insertStay, insertStructure } from '../declarations/test-fixtures.ts';

let t: TTestApp;
let w: Awaited<ReturnType<typeof filingWorld>>;
const tok = {} as Record<'admin' | 'city' | 'otherCity' | 'hotelier' | 'otherHotelier', string>;
let q1: any;

async function xlsxRows(url: string, token: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${t.baseUrl}${url}`, { headers: { authorization: `Bearer ${token}`, ...headers } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('spreadsheetml');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
  const rows: unknown[][] = [];
  wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

beforeAll(async () => {
  t = await startTestApp();
  w = await filingWorld(t.db, 'dash');
  await insertStructure(t.db, w.rome.id, 'Villa Mai Dichiarata', []);
  tok.admin = (await t.signedIn('admin')).token;
  tok.city = (await t.login(w.cityUser.email)).token;
  tok.otherCity = (await t.login(w.otherCityUser.email)).token;
  tok.hotelier = (await t.login(w.hotelier.email)).token;
  tok.otherHotelier = (await t.login(w.otherHotelier.email)).token;
  q1 = (await t.request('POST', '/api/declaration-templates/generate', { token: tok.city, body: { year: 2024, frequency: 'quarterly', submitOffsetDays: 30, payOffsetDays: 30 } })).body[0];
  const hotel = { structureId: w.hotel.id, cityId: w.rome.id };
  await insertStay(t.db, { ...hotel, checkIn: '2024-01-10', checkOut: '2024-01-13', guests: 2 }); // 12.00 paid
  await insertStay(t.db, { ...hotel, checkIn: '2024-02-01', checkOut: '2024-02-03', paid: false }); // 4.00 not paid
  await insertStay(t.db, { ...hotel, checkIn: '2024-11-01', checkOut: '2024-11-02', guests: 3 }); // Q4, 6.00
  // The other hotel had guests in Q1 2023 and declares none in Q1 2024.
  await insertStay(t.db, { structureId: w.otherHotel.id, cityId: w.rome.id, checkIn: '2023-02-10', checkOut: '2023-02-12' });
  const d1 = await t.request('POST', '/api/declarations', { token: tok.hotelier, body: { structureId: w.hotel.id, declarationTemplateId: q1._id } });
  await t.request('POST', `/api/declarations/${d1.body._id}/submit`, { token: tok.hotelier, body: {} });
  const d2 = await t.request('POST', '/api/declarations', { token: tok.otherHotelier, body: { structureId: w.otherHotel.id, declarationTemplateId: q1._id, noGuests: true } });
  await t.request('POST', `/api/declarations/${d2.body._id}/submit`, { token: tok.otherHotelier, body: {} });
});
afterAll(() => t?.close());

describe("the comune's dashboard", () => {
  it('shows who declared, paid and is late, the amounts, charts and structures to check', async () => {
    const res = await t.request('GET', `/api/dashboards/city?year=2024&declarationTemplateId=${q1._id}`, { token: tok.city });
    expect(res.status).toBe(200);
    expect(res.body.period.periodName).toBe('Trim 1 2024');
    expect(res.body.counts).toEqual({ structures: 3, declared: 2, notDeclared: 1, paid: 1, lateSubmission: 1, latePayment: 1 });
    expect(res.body.amounts).toEqual({ taxDeclared: 16, taxCollectedFromGuests: 12, taxNotCollected: 4, taxPaidToComune: 0, taxOutstanding: 12 });
    expect(res.body.lists.lateSubmission.map((s: any) => s.name)).toEqual(['Villa Mai Dichiarata']);
    expect(res.body.lists.latePayment.map((s: any) => s.name)).toEqual([w.hotel.name]);
    expect(res.body.charts.byStructureTypeAndMonth).toEqual([
      { structureTypeId: null, structureTypeName: null, month: 1, stays: 1, nights: 3, presences: 6 },
      { structureTypeId: null, structureTypeName: null, month: 2, stays: 1, nights: 2, presences: 2 },
      { structureTypeId: null, structureTypeName: null, month: 11, stays: 1, nights: 1, presences: 3 },
    ]);
    expect(res.body.toCheck.map((c: any) => [c.name, c.reason])).toEqual([
      ['Villa Mai Dichiarata', 'never_declared'],
      [w.otherHotel.name, 'zero_guests_had_guests_last_year'],
    ]);
  });

  it('is the comune’s own: hoteliers get 403, another comune 404 for this period', async () => {
    expect((await t.request('GET', '/api/dashboards/city?year=2024', { token: tok.hotelier })).status).toBe(403);
    expect((await t.request('GET', `/api/dashboards/city?year=2024&declarationTemplateId=${q1._id}`, { token: tok.otherCity })).status).toBe(404);
    expect((await t.request('GET', '/api/dashboards/city?year=2024', { token: tok.admin })).status).toBe(400);
    expect((await t.request('GET', `/api/dashboards/city?year=2024&cityId=${w.rome.id}&declarationTemplateId=${q1._id}`, { token: tok.admin })).body.counts.structures).toBe(3);
  });
});

describe("the hotelier's dashboard", () => {
  it('lists the structures and what is still to do', async () => {
    const res = await t.request('GET', '/api/dashboards/hotelier', { token: tok.hotelier });
    expect(res.status).toBe(200);
    expect(res.body.structures.map((s: any) => s.name)).toEqual([w.hotel.name]);
    const todo = res.body.toDo.filter((x: any) => x.periodName).map((x: any) => [x.periodName, x.action]);
    expect(todo).toEqual(expect.arrayContaining([['Trim 1 2024', 'pay']]));
    expect((await t.request('GET', '/api/dashboards/hotelier', { token: tok.city })).status).toBe(403);
  });

  it('puts what is late first, then the nearest deadline; a declaration submitted late keeps its mark', async () => {
    const { toDo } = (await t.request('GET', '/api/dashboards/hotelier', { token: tok.hotelier })).body;
    const firstOnTime = toDo.findIndex((x: any) => !x.overdue);
    if (firstOnTime >= 0) expect(toDo.slice(firstOnTime).every((x: any) => !x.overdue)).toBe(true);
    const late = toDo.filter((x: any) => x.overdue).map((x: any) => x.dueDate);
    expect(late).toEqual([...late].sort());
    // Q1 2024 was submitted in this test run, long after its deadline: to pay, and marked late.
    const pay = toDo.find((x: any) => x.periodName === 'Trim 1 2024' && x.action === 'pay');
    expect(pay).toMatchObject({ submittedLate: true, overdue: true, dueDate: q1.payBy });
    const declaration = (await t.request('GET', `/api/declarations/${pay.declarationId}`, { token: tok.city })).body;
    expect(declaration).toMatchObject({ status: 'submitted', isSubmitOverdue: false, isSubmittedLate: true });
  });
});

describe('exports', () => {
  it("a period's declarations, one row per structure of the comune", async () => {
    const rows = await xlsxRows(`/api/exports/declarations?declarationTemplateId=${q1._id}`, tok.city);
    expect(rows[0].slice(0, 3)).toEqual(['Struttura', 'CIN', 'Stato']);
    const byName = Object.fromEntries(rows.slice(1).map((r) => [r[0], r]));
    expect(Object.keys(byName).sort()).toEqual([w.hotel.name, w.otherHotel.name, 'Villa Mai Dichiarata'].sort());
    expect(byName['Villa Mai Dichiarata'][2]).toBe('Non presentata');
    expect(byName[w.hotel.name][2]).toBe('Presentata');
    expect(byName[w.hotel.name][11]).toBe(16);
    expect(byName[w.otherHotel.name][3]).toBe('Nessun ospite');
    // In the reader's language: an English request reads English headers and values.
    const english = await xlsxRows(`/api/exports/declarations?declarationTemplateId=${q1._id}`, tok.city, { 'accept-language': 'en' });
    expect(english[0].slice(0, 4)).toEqual(['Accommodation', 'CIN', 'Status', 'Kind']);
    const englishByName = Object.fromEntries(english.slice(1).map((r) => [r[0], r]));
    expect([englishByName['Villa Mai Dichiarata'][2], englishByName[w.hotel.name][2], englishByName[w.otherHotel.name][3]]).toEqual(['Not submitted', 'Submitted', 'No guests']);
    expect((await fetch(`${t.baseUrl}/api/exports/declarations?declarationTemplateId=${q1._id}`, { headers: { authorization: `Bearer ${tok.otherCity}` } })).status).toBe(404);
    expect((await fetch(`${t.baseUrl}/api/exports/declarations?declarationTemplateId=${q1._id}`, { headers: { authorization: `Bearer ${tok.hotelier}` } })).status).toBe(403);
  });

  it('the annual summary has the four quarterly rows of the Agenzia delle Entrate declaration, equal to the domain rule', async () => {
    const rows = await xlsxRows('/api/exports/annual-summary?year=2024', tok.hotelier);
    expect(rows).toHaveLength(1 + 4); // only the hotelier's structure
    const stayRows = await t.db.select().from(stays).where(eq(stays.structureId, w.hotel.id));
    const expected = annualQuarterRows(2024, stayRows);
    expect(rows.slice(1).map((r) => r.slice(5))).toEqual(
      expected.map((q) => [q.label, q.payingPresences, q.exemptPresences, q.reducedPresences, q.taxAppliedCents / 100, q.taxCollectedCents / 100, q.beyondCapPresences]),
    );
    expect(rows.slice(1).map((r) => r.slice(5))).toEqual([
      ['Trim 1', 8, 0, 0, 16, 12, 0],
      ['Trim 2', 0, 0, 0, 0, 0, 0],
      ['Trim 3', 0, 0, 0, 0, 0, 0],
      ['Trim 4', 3, 0, 0, 6, 6, 0],
    ]);
    const city = await xlsxRows('/api/exports/annual-summary?year=2024', tok.city);
    expect(city).toHaveLength(1 + 3 * 4);
    const english = await xlsxRows('/api/exports/annual-summary?year=2024', tok.hotelier, { 'accept-language': 'en-GB' });
    expect(english[0].slice(5, 7)).toEqual(['Quarter', 'Paying presences']);
    expect(english.slice(1).map((r) => r.slice(5, 7))).toEqual([
      ['Q1', 8],
      ['Q2', 0],
      ['Q3', 0],
      ['Q4', 3],
    ]);
  });
});

describe('ids that are not UUIDs', () => {
  it('the period export answers 404 for a 36-hex-digit id (was a 500 on the uuid cast)', async () => {
    expect((await t.request('GET', `/api/exports/declarations?declarationTemplateId=${'0'.repeat(36)}`, { token: tok.city })).status).toBe(404);
  });
});
