import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('POST /api/auth', () => {
  it('signs in a demo account and returns the session shape without secrets', async () => {
    const res = await t.request('POST', '/api/auth', { headers: { authorization: t.basic('admin@demo.test', 'Demo1234') } });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: 'admin@demo.test', role: 'admin' });
    expect(res.body.user.passwordHash).toBeUndefined();
    expect(typeof res.body.token).toBe('string');
    expect(typeof res.body.refreshToken).toBe('string');
  });

  it('answers the same generic error for an unknown e-mail and a wrong password', async () => {
    const unknown = await t.request('POST', '/api/auth', { headers: { authorization: t.basic('nobody@demo.test', 'Demo1234') } });
    const wrong = await t.request('POST', '/api/auth', { headers: { authorization: t.basic('admin@demo.test', 'Wrong1234') } });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body.code).toBe('INVALID_CREDENTIALS');
  });

  it('rejects a request without Basic authorization with a 400 naming the field', async () => {
    const res = await t.request('POST', '/api/auth');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BAD_REQUEST');
  });

  it('serves health, readiness, the public config with the demo marker, and the OpenAPI document', async () => {
    expect((await t.request('GET', '/api/health')).body).toEqual({ status: 'ok' });
    expect((await t.request('GET', '/api/ready')).body).toEqual({ status: 'ready' });
    const config = await t.request('GET', '/api/config');
    expect(config.body.demo).toBe(true);
    expect(config.body.features.websocket).toBe(false);
    expect(config.body.features.appVersionUpdateControl).toBe(true);
    const doc = await t.request('GET', '/api/docs/json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\.1/);
    expect(doc.body.paths['/api/auth']).toBeDefined();
  });
});
