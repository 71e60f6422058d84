import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAlloggiatiFile } from '@app/domain/tourist-tax/alloggiati';
import { addDays } from '@app/domain/tourist-tax/dates';
import { computeDeclarationFigures } from '@app/domain/tourist-tax/filings/declaration-figures';
import { stays } from '../../../db/schema/index.ts';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';
import { POLICE_DEMO_DATE } from '../../../seed/police-demo-guests.ts';
import { loadStaysForFigures } from '../declarations/declaration-figures.ts';
import { demoFixtures } from '../registry/test-fixtures.ts';

let t: TTestApp;
let f: Awaited<ReturnType<typeof demoFixtures>>;
let others: Record<'consortium' | 'agency' | 'lab', string>;
beforeAll(async () => {
  t = await startTestApp();
  f = await demoFixtures(t);
  others = { consortium: (await t.login('consortium@demo.test')).token, agency: (await t.signedIn('agency')).token, lab: (await t.signedIn('lab')).token };
});
afterAll(() => t?.close());

/** The answer's bytes as sent (the harness's request decodes text as UTF-8; the file is ISO-8859-1). */
async function download(url: string, token: string, headers: Record<string, string> = {}) {
  const response = await fetch(t.baseUrl + url, { headers: { authorization: `Bearer ${token}`, ...headers } });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

const dayFile = (structureId: string, date: string) => `/api/structures/${structureId}/alloggiati?date=${date}`;
const movement = (structureId: string, month: string, query = '') => `/api/structures/${structureId}/istat-movements?month=${month}${query}`;

/** Guest-nights all four presence categories of the declarations add up to. */
const declared = (figures: ReturnType<typeof computeDeclarationFigures>) => figures.payingPresences + figures.reducedPresences + figures.exemptPresences + figures.beyondCapPresences;

function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  for (let month = first.slice(0, 7); month <= last.slice(0, 7);) {
    months.push(month);
    const [y, m] = month.split('-').map(Number);
    month = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  }
  return months;
}

describe("GET /api/structures/{id}/alloggiati: the questura's file of a day", () => {
  it("writes the demo day's arrivals, head of family or group first, in ISO-8859-1 with CRLF, and the importer reads it back unchanged", async () => {
    const serapo = f.structure('Hotel Serapo');
    const res = await download(dayFile(serapo._id, POLICE_DEMO_DATE), f.tokens.hotelier);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=iso-8859-1');
    expect(res.headers.get('content-disposition')).toContain(`alloggiati-${POLICE_DEMO_DATE}.txt`);
    expect(res.headers.get('x-alloggiati-guests')).toBe('6');
    const text = res.bytes.toString('latin1');
    const lines = text.split('\r\n');
    expect(lines.pop()).toBe('');
    // Saved together by the seed: by the lead guest's name (Esposito, Martin, Schneider).
    expect(lines.map((line) => line.slice(0, 2))).toEqual(['17', '19', '19', '18', '20', '16']);
    // One byte per character: 168 bytes a record plus CRLF, the ü of Jürgen included.
    expect(res.bytes.length).toBe(6 * 170);
    expect(lines[5].slice(14, 64).trim()).toBe('Schneider');
    expect(lines[5].slice(64, 94).trim()).toBe('Jürgen');

    // Round trip through the product: import the file into another structure, download that day there: the same bytes.
    const other = f.structure('Albergo Villa Irlanda');
    const form = new FormData();
    form.append('structureId', other._id);
    form.append('format', 'alloggiati');
    form.append('paymentStatus', 'paid');
    form.append('file', new Blob([new Uint8Array(res.bytes)]), 'alloggiati.txt');
    const imported = await t.request('POST', '/api/stays/import', { token: f.tokens.hotelier, raw: form });
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ created: 3 });
    const again = await download(dayFile(other._id, POLICE_DEMO_DATE), f.tokens.hotelier);
    expect(again.status).toBe(200);
    expect(again.bytes.equals(res.bytes)).toBe(true);
    const read = parseAlloggiatiFile(again.bytes.toString('latin1'));
    expect(read.errors).toEqual([]);
    expect(read.stays.map((s) => [s.kind, s.componentsNumber])).toEqual([
      ['family', 3],
      ['group', 2],
      ['single', 1],
    ]);
  });

  it('answers 422 ALLOGGIATI_INCOMPLETE naming each stay, guest and field the record lacks', async () => {
    const serapo = f.structure('Hotel Serapo');
    // A demo stay entered for the tax only: its guests have no birth data or document.
    const [taxOnly] = await t.db
      .select({ id: stays.id, checkIn: stays.checkIn, componentsNumber: stays.componentsNumber, guest: stays.guest })
      .from(stays)
      .where(and(eq(stays.structureId, serapo._id), ne(stays.checkIn, POLICE_DEMO_DATE)))
      .limit(1);
    const res = await t.request('GET', dayFile(serapo._id, taxOnly.checkIn), { token: f.tokens.hotelier });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('ALLOGGIATI_INCOMPLETE');
    const details = res.body.details as { path: string; message: string }[];
    const name = `${taxOnly.guest.surname} ${taxOnly.guest.name}`;
    expect(details).toContainEqual({ path: `stays.${taxOnly.id}.guests.0.birthDate`, message: `alloggiati.missing: ${name}, birthDate` });
    expect(details).toContainEqual({ path: `stays.${taxOnly.id}.guests.0.documentNumber`, message: `alloggiati.missing: ${name}, documentNumber` });
    if (taxOnly.componentsNumber > 1) expect(details).toContainEqual({ path: `stays.${taxOnly.id}.guests.1.guest`, message: 'alloggiati.missing: guest 2 (not recorded), guest' });
  });

  it('an empty day is an empty file; a malformed date is a 400', async () => {
    const serapo = f.structure('Hotel Serapo');
    const empty = await download(dayFile(serapo._id, '2026-12-25'), f.tokens.hotelier);
    expect(empty.status).toBe(200);
    expect(empty.bytes.length).toBe(0);
    expect(empty.headers.get('x-alloggiati-guests')).toBe('0');
    expect((await t.request('GET', dayFile(serapo._id, '2026-02-30'), { token: f.tokens.hotelier })).status).toBe(400);
  });
});

describe('who may download the files of a structure', () => {
  const cases = [
    ['its hotelier', 'hotelier', 200],
    ['its comune', 'city', 200],
    ['an administrator', 'admin', 200],
    ['a hotelier of other structures', 'hotelier2', 404],
    ['another comune', 'city2', 404],
    ['the consortium', 'consortium', 403],
    ['a supplier agency', 'agency', 403],
    ['a laboratory', 'lab', 403],
  ] as const;
  const tokenOf = (who: (typeof cases)[number][1]) => (who === 'consortium' || who === 'agency' || who === 'lab' ? others[who] : f.tokens[who]);

  it.each(cases)('%s (%s): Alloggiati file and ISTAT movement answer %i', async (_who, account, status) => {
    const serapo = f.structure('Hotel Serapo');
    expect((await download(dayFile(serapo._id, POLICE_DEMO_DATE), tokenOf(account))).status).toBe(status);
    expect((await download(movement(serapo._id, '2026-11'), tokenOf(account))).status).toBe(status);
    expect((await download(movement(serapo._id, '2026-11', '&format=xlsx'), tokenOf(account))).status).toBe(status);
  });

  it.each(cases)('%s (%s): the code tables answer %i (200 for a tourist-tax role)', async (_who, account, status) => {
    const res = await t.request('GET', '/api/alloggiati-codes?kind=comune&q=gaeta', { token: tokenOf(account) });
    expect(res.status).toBe(status === 404 ? 200 : status);
    if (res.status === 200) expect(res.body.items[0]).toEqual({ code: '412059009', name: 'GAETA', province: 'LT', kind: 'comune' });
  });

  it('the code tables carry the 2025 list: a comune created in 2016, and the ones it replaced with their last valid day', async () => {
    const res = await t.request('GET', '/api/alloggiati-codes?kind=comune&q=porretta', { token: f.tokens.hotelier });
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([{ code: '408037049', name: 'PORRETTA TERME', province: 'BO', kind: 'comune', validTo: '2015-12-31' }]);
    expect(res.body.source).toMatchObject({ repository: 'zumatt/generatore-schedine-alloggiati-web', date: '2025-04-18' });
    const alto = await t.request('GET', '/api/alloggiati-codes?kind=comune&q=alto%20reno', { token: f.tokens.hotelier });
    expect(alto.body.items).toEqual([{ code: '408037062', name: 'ALTO RENO TERME', province: 'BO', kind: 'comune' }]);
  });
});

describe('GET /api/structures/{id}/istat-movements: the monthly movement (ISTAT C/59)', () => {
  it('counts the demo arrivals by residence, as JSON and as xlsx (format or Accept)', async () => {
    const serapo = f.structure('Hotel Serapo');
    const res = await t.request('GET', movement(serapo._id, '2026-11'), { token: f.tokens.hotelier });
    expect(res.status).toBe(200);
    expect(res.body.days).toHaveLength(30);
    expect(res.body.bedsAvailable).toBe(80);
    expect(res.body.roomsOccupied).toBeNull();
    const day20 = res.body.days.find((d: { date: string }) => d.date === POLICE_DEMO_DATE);
    expect(day20.arrivals).toBeGreaterThanOrEqual(6);
    const byLabel = Object.fromEntries((res.body.residences as { residence: { label: string }; arrivals: number }[]).map((r) => [r.residence.label, r]));
    expect(byLabel.NA).toMatchObject({ residence: { kind: 'province', code: 'NA' }, arrivals: 3, presences: 12 });
    expect(byLabel.FRANCIA).toMatchObject({ residence: { kind: 'state' }, arrivals: 2, presences: 4 });
    for (const query of ['&format=xlsx', '']) {
      const xlsx = await download(movement(serapo._id, '2026-11', query), f.tokens.hotelier, { accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
      expect(xlsx.status).toBe(200);
      expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
      expect(xlsx.bytes.subarray(0, 2).toString()).toBe('PK');
    }
    expect((await t.request('GET', movement(serapo._id, '2026-13'), { token: f.tokens.hotelier })).status).toBe(400);
  });

  it("the months' presences equal the presences the declarations count for the same nights (all demo stays of two structures)", async () => {
    for (const name of ['Hotel Serapo', 'Ostello del Golfo']) {
      const structure = f.structure(name);
      const rows = await t.db.select({ id: stays.id, checkIn: stays.checkIn, checkOut: stays.checkOut, declarationId: stays.declarationId }).from(stays).where(eq(stays.structureId, structure._id));
      const first = rows.reduce((min, s) => (s.checkIn < min ? s.checkIn : min), '9999-12-31');
      const last = rows.reduce((max, s) => (s.checkOut > max ? s.checkOut : max), '0000-01-01');
      let istat = 0;
      for (const month of monthsBetween(first, last)) {
        const res = await t.request('GET', movement(structure._id, month), { token: f.tokens.admin });
        expect(res.status).toBe(200);
        istat += res.body.totals.presences as number;
      }
      // Every stay, declared or not, as the declarations load and add them (one period spanning them all).
      const undeclared = await loadStaysForFigures(t.db, structure._id, first, last, null);
      const declaredRows = [];
      for (const declarationId of new Set(rows.map((s) => s.declarationId).filter((id): id is string => id !== null))) {
        declaredRows.push(...(await loadStaysForFigures(t.db, structure._id, first, last, declarationId)).filter((s) => !undeclared.some((u) => u.id === s.id)));
      }
      expect(undeclared.length + declaredRows.length).toBe(rows.length);
      expect(istat).toBe(declared(computeDeclarationFigures([...undeclared, ...declaredRows])));
    }
  });

  it("a month of stays entered through the API: its presences equal the declaration figures of the month's period", async () => {
    const structure = f.structure("B&B Sant'Erasmo");
    const entered = [
      ['2026-12-01', 3, 2],
      ['2026-12-05', 6, 4],
      ['2026-12-10', 12, 1],
      ['2026-12-20', 2, 3],
    ] as const;
    for (const [checkIn, nights, guests] of entered) {
      const res = await t.request('POST', '/api/stays', {
        token: f.tokens.hotelier,
        body: { structureId: structure._id, checkIn, checkOut: addDays(checkIn, nights), componentsNumber: guests, guest: { name: 'Anna', surname: 'Neri', country: 'Italia', province: 'LT' } },
      });
      expect(res.status).toBe(201);
    }
    const res = await t.request('GET', movement(structure._id, '2026-12'), { token: f.tokens.hotelier });
    const figures = computeDeclarationFigures(await loadStaysForFigures(t.db, structure._id, '2026-12-01', '2026-12-31', null));
    expect(figures.numberOfStays).toBe(4);
    expect(res.body.totals.presences).toBe(declared(figures));
    expect(res.body.totals.presences).toBe(3 * 2 + 6 * 4 + 12 * 1 + 2 * 3);
  });
});
