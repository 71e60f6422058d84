// exceljs (a devDependency) reads what the API exports: an independent reader, not ours reading what ours wrote.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faqs } from '../../../db/schema/index.ts';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';

let t: TTestApp;
let admin: string;
let city: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.signedIn('admin')).token;
  city = (await t.signedIn('city')).token;
});
afterAll(() => t?.close());

async function download(url: string, token: string) {
  const res = await fetch(t.baseUrl + url, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, type: res.headers.get('content-type'), bytes: await res.arrayBuffer() };
}

async function readXlsx(bytes: ArrayBuffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes);
  const ws = wb.worksheets[0];
  const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, any>[] = [];
  ws.eachRow((row, n) => {
    if (n === 1) return;
    const values = (row.values as unknown[]).slice(1);
    rows.push(Object.fromEntries(header.map((h, i) => [h, values[i]])));
  });
  return { header, rows };
}

describe('GET /api/{collection}/export', () => {
  it('streams every matching row, past the 500-row page limit, with the list filters and sort', async () => {
    const rows = Array.from({ length: 1234 }, (_, i) => ({ question: `Domanda ${i}`, answer: `Risposta ${i}`, order: i, isVisible: i % 2 === 0 }));
    for (let i = 0; i < rows.length; i += 500) await t.db.insert(faqs).values(rows.slice(i, i + 500));
    const all = await download('/api/faqs/export?q=Domanda&sort=order', admin);
    expect(all.status).toBe(200);
    expect(all.type).toContain('spreadsheetml');
    const { header, rows: exported } = await readXlsx(all.bytes);
    expect(header).toEqual(expect.arrayContaining(['_id', 'question', 'answer', 'order', 'isVisible']));
    expect(exported).toHaveLength(1234);
    expect(exported.map((r) => r.order)).toEqual(rows.map((r) => r.order));
    const visible = await readXlsx((await download('/api/faqs/export?q=Domanda&isVisible=true', admin)).bytes);
    expect(visible.rows).toHaveLength(617);
  });

  it('answers a bad filter with a 400 before any file, and keeps the list permissions', async () => {
    const bad = await download('/api/faqs/export?nope=1', admin);
    expect(bad.status).toBe(400);
    expect(JSON.parse(new TextDecoder().decode(bad.bytes)).code).toBe('UNKNOWN_FIELD');
    expect((await download('/api/users/export', city)).status).toBe(200);
    expect((await download('/api/labels/export', city)).status).toBe(403);
  });

  it('exports the users a comune sees, not the others', async () => {
    const theirs = (await t.request('GET', '/api/users?limit=500', { token: city })).body as { email: string }[];
    const { rows } = await readXlsx((await download('/api/users/export', city)).bytes);
    expect(rows.map((r) => r.email).sort()).toEqual(theirs.map((u) => u.email).sort());
    expect(rows[0]).not.toHaveProperty('password');
  });
});

describe('GET /l/{shortCode} (public short links)', () => {
  it('redirects a browser to the long link, shows a preview robot the social tags, and answers 404 to an unknown code', async () => {
    const created = await t.request('POST', '/api/links', {
      token: admin,
      body: { longLink: 'https://example.test/estate?x=1', socialTitle: 'Estate <2025>', socialDescription: 'Il programma', socialImage: 'https://example.test/a.png' },
    });
    expect(created.status).toBe(201);
    const code = created.body.shortCode as string;
    const browser = await fetch(`${t.baseUrl}/l/${code}`, { redirect: 'manual' });
    expect(browser.status).toBe(302);
    expect(browser.headers.get('location')).toBe('https://example.test/estate?x=1');
    const robot = await fetch(`${t.baseUrl}/l/${code}`, { redirect: 'manual', headers: { 'user-agent': 'facebookexternalhit/1.1' } });
    expect(robot.status).toBe(200);
    const html = await robot.text();
    expect(html).toContain('<meta property="og:title" content="Estate &lt;2025&gt;">');
    expect(html).toContain('<meta property="og:image" content="https://example.test/a.png">');
    expect((await fetch(`${t.baseUrl}/l/nope-nope`, { redirect: 'manual' })).status).toBe(404);
  });
});
