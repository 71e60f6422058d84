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
