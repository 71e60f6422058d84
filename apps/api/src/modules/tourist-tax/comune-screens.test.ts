import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.ts';
import { makePdf, PNG_1X1 } from '../platform/index.ts';
import { filingWorld, insertStay, insertStructure } from './declarations/test-fixtures.ts';

/*
 * What the comune's and the hotelier's screens rely on: files attached to a stay stay the
 * hotelier's, the comune's logo is the comune's, and the comune browses all its declarations.
 */

let t: TTestApp;
let w: Awaited<ReturnType<typeof filingWorld>>;
const tok = {} as Record<'admin' | 'city' | 'otherCity' | 'hotelier' | 'otherHotelier', string>;

async function upload(bytes: Buffer, token: string, data: Record<string, unknown>, fileName = 'file.pdf') {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
  const res = await fetch(`${t.baseUrl}/api/uploads`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

beforeAll(async () => {
  t = await startTestApp();
  w = await filingWorld(t.db, 'screens');
  tok.admin = (await t.signedIn('admin')).token;
  tok.city = (await t.login(w.cityUser.email)).token;
  tok.otherCity = (await t.login(w.otherCityUser.email)).token;
  tok.hotelier = (await t.login(w.hotelier.email)).token;
  tok.otherHotelier = (await t.login(w.otherHotelier.email)).token;
});
afterAll(() => t?.close());

describe('stay attachments', () => {
  it('the hotelier attaches, lists, downloads and deletes; the comune reads but neither adds nor deletes; others do not see them', async () => {
    const stay = await insertStay(t.db, { structureId: w.hotel.id, cityId: w.rome.id, checkIn: '2025-03-01', checkOut: '2025-03-03' });
    const link = { linkedEntityType: 'stays', linkedEntityId: stay.id };
    const added = await upload(await makePdf(), tok.hotelier, { ...link, purpose: 'pdf' }, 'documento.pdf');
    expect(added.status).toBe(201);
    const listUrl = `/api/uploads?linkedEntityType=stays&linkedEntityId=${stay.id}`;
    expect((await t.request('GET', listUrl, { token: tok.hotelier })).body.map((u: any) => u._id)).toEqual([added.body._id]);

    // The comune reads its stays, so it sees the file, but attaching is the hotelier's.
    expect((await t.request('GET', listUrl, { token: tok.city })).status).toBe(200);
    const byCity = await upload(await makePdf(), tok.city, { ...link, purpose: 'pdf' });
    expect(byCity.status).toBe(403);
    expect(byCity.body.code).toBe('FORBIDDEN');
    const cityDelete = await t.request('DELETE', `/api/uploads/${added.body._id}`, { token: tok.city });
    expect(cityDelete.status).toBe(403);

    // Another hotelier and another comune do not see the stay at all.
    expect((await upload(await makePdf(), tok.otherHotelier, { ...link, purpose: 'pdf' })).status).toBe(404);
    expect((await t.request('GET', listUrl, { token: tok.otherHotelier })).status).toBe(404);
    expect((await t.request('GET', listUrl, { token: tok.otherCity })).status).toBe(404);
    expect((await t.request('GET', `/api/uploads/${added.body._id}/download`, { token: tok.otherHotelier })).status).toBe(404);
    expect((await t.request('DELETE', `/api/uploads/${added.body._id}`, { token: tok.otherHotelier })).status).toBe(404);

    const download = await fetch(`${t.baseUrl}/api/uploads/${added.body._id}/download`, { headers: { authorization: `Bearer ${tok.hotelier}` } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('documento.pdf');

    expect((await t.request('DELETE', `/api/uploads/${added.body._id}`, { token: tok.hotelier })).status).toBe(200);
    expect((await t.request('GET', listUrl, { token: tok.hotelier })).body).toEqual([]);
  });
});

describe("the comune's logo", () => {
  it('the comune uploads an image for itself and sets it; hoteliers cannot; a file of another record is refused', async () => {
    const link = { linkedEntityType: 'cities', linkedEntityId: w.rome.id };
    const logo = await upload(PNG_1X1, tok.city, { ...link, purpose: 'image' }, 'stemma.png');
    expect(logo.status).toBe(201);
    const current = (await t.request('GET', `/api/cities/${w.rome.id}`, { token: tok.city })).body;
    const set = await t.request('PUT', `/api/cities/${w.rome.id}`, { token: tok.city, body: { logo: logo.body._id, updatedAt: current.updatedAt } });
    expect(set.status).toBe(200);
    expect(set.body.logo).toBe(logo.body._id);
    // A hotelier of the comune reads the logo (its comune's identity) but uploads none.
    const seen = await fetch(`${t.baseUrl}/api/uploads/${logo.body._id}/download`, { headers: { authorization: `Bearer ${tok.hotelier}` } });
    expect(seen.status).toBe(200);
    expect(seen.headers.get('content-type')).toBe('image/png');
    expect((await upload(PNG_1X1, tok.hotelier, { ...link, purpose: 'image' }, 'x.png')).status).toBe(403);
    // Another comune neither uploads to Rome nor points its logo at Rome's file.
    expect((await upload(PNG_1X1, tok.otherCity, { ...link, purpose: 'image' }, 'x.png')).status).toBe(404);
    const stolen = await t.request('PUT', `/api/cities/${w.gaeta.id}`, { token: tok.otherCity, body: { logo: logo.body._id } });
    expect(stolen.status).toBe(400);
    expect(stolen.body.details[0].path).toBe('logo');
    // A PDF linked to the comune is not a logo.
    const pdf = await upload(await makePdf(), tok.city, { ...link, purpose: 'pdf' });
    const notImage = await t.request('PUT', `/api/cities/${w.rome.id}`, { token: tok.city, body: { logo: pdf.body._id } });
    expect(notImage.status).toBe(400);
    expect((await t.request('PUT', `/api/cities/${w.rome.id}`, { token: tok.city, body: { logo: null } })).body.logo).toBeNull();
  });
});

describe("the comune's declarations", () => {
  it('lists every year with allYears, finds a structure by name, and never shows another comune', async () => {
    const periods = async (token: string, year: number) =>
      (await t.request('POST', '/api/declaration-templates/generate', { token, body: { year, frequency: 'quarterly', submitOffsetDays: 30, payOffsetDays: 30 } })).body;
    const [rome2024] = await periods(tok.city, 2024);
    const [rome2025] = await periods(tok.city, 2025);
    const [gaeta2025] = await periods(tok.otherCity, 2025);
    const villa = await insertStructure(t.db, w.rome.id, 'Villa 50% Sconto_', [w.hotelier.id]);
    const create = (token: string, structureId: string, declarationTemplateId: string) => t.request('POST', '/api/declarations', { token, body: { structureId, declarationTemplateId } });
    expect((await create(tok.hotelier, w.hotel.id, rome2024._id)).status).toBe(201);
    expect((await create(tok.hotelier, w.hotel.id, rome2025._id)).status).toBe(201);
    expect((await create(tok.hotelier, villa.id, rome2025._id)).status).toBe(201);
    expect((await create(tok.otherHotelier, w.gaetaHotel.id, gaeta2025._id)).status).toBe(201);

    const list = async (token: string, query: string) => {
      const res = await t.request('GET', `/api/declarations?count=true&${query}`, { token });
      expect(res.status).toBe(200);
      return res.body as { structureId: string; year: number; cityId: string }[];
    };
    expect((await list(tok.city, 'year=2025')).map((d) => d.year)).toEqual([2025, 2025]);
    const all = await list(tok.city, 'year=2025&allYears=true');
    expect(all.map((d) => d.year).sort()).toEqual([2024, 2025, 2025]);
    expect(all.every((d) => d.cityId === w.rome.id)).toBe(true);
    // By name, case-insensitive; % and _ are letters, not wildcards.
    expect((await list(tok.city, 'allYears=true&q=colosseo')).map((d) => d.structureId)).toEqual([w.hotel.id, w.hotel.id]);
    expect((await list(tok.city, 'allYears=true&q=50%25%20sconto_')).map((d) => d.structureId)).toEqual([villa.id]);
    expect(await list(tok.city, 'allYears=true&q=%25')).toHaveLength(1);
    // Gaeta's structure never shows in Rome's list, searched by name or not.
    expect(await list(tok.city, 'allYears=true&q=serapo')).toEqual([]);
    expect((await list(tok.otherCity, 'allYears=true')).map((d) => d.structureId)).toEqual([w.gaetaHotel.id]);
    // Filters combine with the search; bad values are 400.
    expect(await list(tok.city, `allYears=true&q=colosseo&declarationTemplateId=${rome2024._id}`)).toHaveLength(1);
    expect((await t.request('GET', '/api/declarations?allYears=maybe', { token: tok.city })).status).toBe(400);

    // The period filter of that list: the periods of every year with allYears, of the comune only.
    const periodYears = async (token: string, query: string) => {
      const res = await t.request('GET', `/api/declaration-templates?limit=500&sort=dateFrom&${query}`, { token });
      expect(res.status).toBe(200);
      return (res.body as { year: number; cityId: string }[]).map((period) => `${period.cityId === w.rome.id ? 'rome' : 'other'} ${period.year}`);
    };
    expect(await periodYears(tok.city, 'year=2025')).toEqual(Array(4).fill('rome 2025'));
    expect(await periodYears(tok.city, 'year=2025&allYears=false')).toEqual(Array(4).fill('rome 2025'));
    expect(await periodYears(tok.city, 'year=2025&allYears=true')).toEqual([...Array(4).fill('rome 2024'), ...Array(4).fill('rome 2025')]);
    expect(await periodYears(tok.otherCity, 'year=2024&allYears=true')).toEqual(Array(4).fill('other 2025'));
    expect((await t.request('GET', '/api/declaration-templates?allYears=maybe', { token: tok.city })).status).toBe(400);
    // Only a collection that allows it spans the years: elsewhere allYears is an unknown filter, as before.
    expect((await t.request('GET', '/api/stays?allYears=true', { token: tok.hotelier })).status).toBe(400);
  });
});
