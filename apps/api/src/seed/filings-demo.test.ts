import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../test/harness.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('filings demo data', () => {
  it('gives the demo comune declarations in every state and the demo hotelier a Modello 21 to finish', async () => {
    const city = (await t.signedIn('city')).token;
    const hotelier = (await t.signedIn('hotelier')).token;
    const all = await t.request('GET', '/api/declarations?year=2025&limit=100', { token: city });
    expect(all.status).toBe(200);
    expect(new Set(all.body.map((d: any) => d.status))).toEqual(new Set(['validated', 'submitted', 'returned', 'draft']));
    const validated = all.body.find((d: any) => d.status === 'validated');
    const receipt = await fetch(`${t.baseUrl}/api/declarations/${validated._id}/receipt`, { headers: { authorization: `Bearer ${city}` } });
    expect(receipt.status).toBe(200);
    const models = await t.request('GET', '/api/twenty-one-models?year=2025', { token: hotelier });
    expect(models.body).toHaveLength(1);
    expect(models.body[0].tax).toBeGreaterThan(0);
    const dashboard = await t.request('GET', '/api/dashboards/city?year=2025', { token: city });
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.counts.structures).toBe(6);
    const messages = await t.request('GET', '/api/communications', { token: hotelier });
    expect(messages.body).toHaveLength(1);
  });
});
