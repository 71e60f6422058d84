import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whileHealthPolled } from '../../../test/health-poll.ts';
import { startTestApp, type TSession, type TTestApp } from '../../../test/harness.ts';
import { ncaFixtures } from './nca-test-fixtures.ts';

let t: TTestApp;
let admin: TSession;
let consortium: TSession;
let agency: TSession;
let reportId: string;

beforeAll(async () => {
  t = await startTestApp();
  [admin, consortium, agency] = await Promise.all(['admin', 'consortium', 'agency'].map((a) => t.signedIn(a as never)));
  const fx = await ncaFixtures(t);
  const created = await t.request('POST', '/api/nca-reports', { token: consortium.token, body: fx.phase1 });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  reportId = created.body._id as string;
  expect((await t.request('POST', `/api/nca-reports/${reportId}/forceOpen`, { token: admin.token, body: { reason: 'Test' } })).status).toBe(200);
});
afterAll(() => t?.close());

describe("a report's PDF lays out any text its users may write, without holding the server", () => {
  it('a 5,000-character word in a comment and a 10,000-character one in the cause analysis render in seconds, while /api/health never waits 1 s', async () => {
    const comment = await t.request('POST', `/api/nca-reports/${reportId}/comments`, { token: agency.token, body: { text: 'W'.repeat(5000) } });
    expect(comment.status, JSON.stringify(comment.body)).toBe(200);
    const analysis = await t.request('PUT', `/api/nca-reports/${reportId}`, { token: agency.token, body: { causeAnalysis: 'M'.repeat(10_000) } });
    expect(analysis.status, JSON.stringify(analysis.body)).toBe(200);

    const { result, elapsedMs, worstHealthMs, healthChecks } = await whileHealthPolled(t.baseUrl, async () => {
      const response = await fetch(`${t.baseUrl}/api/nca-reports/${reportId}/pdf`, { headers: { authorization: `Bearer ${agency.token}` } });
      return { status: response.status, type: response.headers.get('content-type'), bytes: new Uint8Array(await response.arrayBuffer()) };
    });
    expect(result.status).toBe(200);
    expect(result.type).toBe('application/pdf');
    expect(new TextDecoder().decode(result.bytes.subarray(0, 5))).toBe('%PDF-');
    expect(elapsedMs).toBeLessThan(10_000);
    expect(healthChecks).toBeGreaterThan(0);
    expect(worstHealthMs).toBeLessThan(1000);
  });

  it('the phase-2 document (what is signed) prints the same texts', async () => {
    const response = await t.request('GET', `/api/nca-reports/${reportId}/pdf?phase=second`, { token: agency.token });
    expect(response.status).toBe(200);
  });
});
