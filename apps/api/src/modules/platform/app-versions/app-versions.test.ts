import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLogs } from '../../../db/schema/index.ts';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';
import { createSocketClients, nextEvent, receives } from '../notifications/socket-test-client.ts';

let t: TTestApp;
let admin: string;
let hotelier: string;
let sockets: ReturnType<typeof createSocketClients>;

beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.signedIn('admin')).token;
  hotelier = (await t.signedIn('hotelier')).token;
  sockets = createSocketClients(t);
});
afterAll(async () => {
  sockets?.closeAll();
  await t?.close();
});

describe('app versions', () => {
  it('answers 404 for a build type with no version, and the highest version by version order otherwise', async () => {
    const none = await t.request('GET', '/api/app-versions/last/mobile');
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('NOT_FOUND');
    for (const version of ['1.10.0', '1.9.2', '1.2.0']) {
      const res = await t.request('POST', '/api/app-versions', { token: admin, body: { name: 'mobile', version } });
      expect(res.status).toBe(201);
    }
    const last = await t.request('GET', '/api/app-versions/last/mobile');
    expect(last.status).toBe(200);
    expect(last.body).toEqual({ version: '1.10.0', name: 'mobile' });
    const rows = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, 'app-versions'), eq(auditLogs.action, 'create')));
    expect(rows).toHaveLength(3);
  });

  it('broadcasts app-versions { name, version } to every socket, anonymous too, only when the version is newer', async () => {
    const anonymous = await sockets.connect();
    const signedIn = await sockets.connect(hotelier);
    const anonymousGot = nextEvent(anonymous, 'app-versions');
    const signedInGot = nextEvent(signedIn, 'app-versions');
    const newer = await t.request('POST', '/api/app-versions', { token: admin, body: { name: 'mobile', version: '2.0.0-rc.1' } });
    expect(newer.status).toBe(201);
    expect(newer.body).toMatchObject({ name: 'mobile', version: '2.0.0-rc.1', isLatest: true });
    expect(await anonymousGot).toEqual({ name: 'mobile', version: '2.0.0-rc.1' });
    expect(await signedInGot).toEqual({ name: 'mobile', version: '2.0.0-rc.1' });

    const older = receives(anonymous, 'app-versions');
    const res = await t.request('POST', '/api/app-versions', { token: admin, body: { name: 'mobile', version: '1.11.0' } });
    expect(res.status).toBe(201);
    expect(res.body.isLatest).toBe(false);
    expect(await older).toBe(false);

    const again = receives(anonymous, 'app-versions');
    const repeat = await t.request('POST', '/api/app-versions', { token: admin, body: { name: 'mobile', version: '2.0.0-rc.1' } });
    expect(repeat.status).toBe(200);
    expect(repeat.body.isLatest).toBe(true);
    expect(await again).toBe(false);
    expect((await t.request('GET', '/api/app-versions/last/mobile')).body.version).toBe('2.0.0-rc.1');
  });

  it('knows the running backoffice version and refuses non-admins and bad input', async () => {
    const running = await t.request('GET', '/api/app-versions/last/backoffice');
    expect(running.status).toBe(404); // the test harness does not run startServer's registration
    expect((await t.request('POST', '/api/app-versions', { token: hotelier, body: { name: 'mobile', version: '9.0.0' } })).status).toBe(403);
    expect((await t.request('POST', '/api/app-versions', { body: { name: 'mobile', version: '9.0.0' } })).status).toBe(401);
    for (const body of [{ name: 'mobile', version: 'latest' }, { name: 'mob ile', version: '1.0.0' }, { version: '1.0.0' }]) {
      const res = await t.request('POST', '/api/app-versions', { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await t.request('GET', '/api/app-versions/last/bad%20type')).status).toBe(400);
  });
});
