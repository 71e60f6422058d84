import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from './harness.ts';

/**
 * Input that used to make the API answer 500, each case at its cause. The generated walk of every
 * route with hostile values, as every role, is route-walk.ts (route-walk-*.test.ts).
 */

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('the cases reported as 500 are 400 with a code', () => {
  it('a NUL character in a text field is VALIDATION_FAILED naming the field', async () => {
    const admin = await t.signedIn('admin');
    const res = await t.request('PUT', '/api/users/me', { token: admin.token, body: { name: 'Giulia\u0000' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.details).toEqual([{ path: 'name', message: 'must not contain NUL characters' }]);
  });

  it('an integer beyond the column range is VALIDATION_FAILED', async () => {
    const admin = await t.signedIn('admin');
    const res = await t.request('POST', '/api/faqs', { token: admin.token, body: { question: 'Q?', answer: 'A.', order: 9007199254740991 } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.details[0].path).toBe('order');
  });

  it('prototype names in the query string and in sort are UNKNOWN_FIELD on a list', async () => {
    const city = await t.signedIn('city');
    for (const query of ['sort=__proto__', '__proto__=x', 'toString[gt]=1', 'constructor=x', 'sort=-constructor', 'hasOwnProperty=1']) {
      const res = await t.request('GET', `/api/structures?${query}`, { token: city.token });
      expect(res.status, query).toBe(400);
      expect(res.body.code, query).toBe('UNKNOWN_FIELD');
    }
  });

  it('a payment of 1e308, or of more than the product holds, is VALIDATION_FAILED', async () => {
    const hotelier = await t.signedIn('hotelier');
    const list = await t.request('GET', '/api/declarations?limit=50', { token: hotelier.token });
    const submitted = (list.body as { _id: string; status: string }[]).find((d) => d.status === 'submitted' || d.status === 'validated');
    expect(submitted).toBeDefined();
    for (const paidAmount of [1e308, 99_999_999.99]) {
      const res = await t.request('POST', `/api/declarations/${submitted!._id}/payment`, { token: hotelier.token, body: { paymentDate: '2025-05-10', trn: 'TRN1', paidAmount } });
      expect(res.status, String(paidAmount)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
  });

  it('an impossible date (2025-02-30) is VALIDATION_FAILED in a body and INVALID_FILTER in a list filter', async () => {
    const hotelier = await t.signedIn('hotelier');
    const body = await t.request('PUT', '/api/users/me', { token: hotelier.token, body: { birthDate: '2025-02-30' } });
    expect(body.status).toBe(400);
    expect(body.body.code).toBe('VALIDATION_FAILED');
    const filter = await t.request('GET', '/api/stays?checkIn[gte]=2025-02-30', { token: hotelier.token });
    expect(filter.status).toBe(400);
    expect(filter.body.code).toBe('INVALID_FILTER');
  });

  it('a NUL character in the Basic authorization of a sign-in is a 400, not a 500', async () => {
    const res = await t.request('POST', '/api/auth', { headers: { authorization: t.basic('admin@demo.test\u0000', 'Demo1234') } });
    expect(res.status).toBe(400);
  });
});

describe('deleting a record still in use is 409 IN_USE naming what uses it, and the record stays', () => {
  it('an order an NCA report names', async () => {
    const admin = await t.signedIn('admin');
    const [report] = (await t.request('GET', '/api/nca-reports?limit=1', { token: admin.token })).body as { orderId: string }[];
    const res = await t.request('DELETE', `/api/orders/${report.orderId}`, { token: admin.token });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('IN_USE');
    expect(res.body.details).toEqual([{ path: '_id', message: 'still used by nca-reports', value: 'nca-reports' }]);
    expect(JSON.stringify(res.body)).not.toMatch(/constraint|violates|_fk|nca_reports/);
    expect((await t.request('GET', `/api/orders/${report.orderId}`, { token: admin.token })).status).toBe(200);
  });

  it('the environmental aspect setting of an NCA report, through either settings collection', async () => {
    const consortium = await t.login('consortium@demo.test');
    const admin = await t.signedIn('admin');
    const reports = (await t.request('GET', '/api/nca-reports?limit=50', { token: consortium.token })).body as { ambientSettingId: string | null }[];
    const settingId = reports.find((r) => r.ambientSettingId)!.ambientSettingId!;
    for (const [url, token] of [
      [`/api/environmental-settings/${settingId}`, consortium.token],
      [`/api/settings/${settingId}`, admin.token],
    ]) {
      const res = await t.request('DELETE', url, { token });
      expect(res.status, url).toBe(409);
      expect(['IN_USE', 'SETTING_IN_USE'], url).toContain(res.body.code);
    }
    expect((await t.request('GET', `/api/environmental-settings/${settingId}`, { token: consortium.token })).status).toBe(200);
  });

  it('a laboratory whose user accounts were removed but whose test reports remain', async () => {
    const admin = await t.signedIn('admin');
    const lab = await t.signedIn('lab');
    const laboratoryId = lab.user.laboratoryId as string;
    expect((await t.request('DELETE', `/api/users/${lab.user._id}`, { token: admin.token })).status).toBe(200);
    const res = await t.request('DELETE', `/api/laboratories/${laboratoryId}`, { token: admin.token });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('IN_USE');
    expect(['rdps', 'users']).toContain(res.body.details[0].value);
    expect((await t.request('GET', `/api/laboratories/${laboratoryId}`, { token: admin.token })).status).toBe(200);
  });
});

describe('a body that is not multipart is a 400 on every upload route', () => {
  it('answers VALIDATION_FAILED to a multipart body cut short', async () => {
    const admin = await t.signedIn('admin');
    const [rdp] = (await t.request('GET', '/api/rdps?limit=1', { token: admin.token })).body as { _id: string; laboratoryId: string }[];
    for (const url of [
      '/api/uploads',
      '/api/stays/import',
      `/api/laboratories/${rdp.laboratoryId}/price-list`,
      `/api/rdps/${rdp._id}/uploadDraft`,
      `/api/rdps/${rdp._id}/uploadSigned`,
      '/api/rdps/import',
    ]) {
      const res = await t.request('POST', url, {
        token: admin.token,
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        raw: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\nbroken',
      });
      expect(res.status, url).toBe(400);
      expect(res.body.code, url).toBe('VALIDATION_FAILED');
    }
  });
});
