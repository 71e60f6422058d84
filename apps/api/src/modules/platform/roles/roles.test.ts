import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KNOWN_PERMISSION_KEYS } from '@app/domain/platform/auth/permissions';
import { faqs, permissions, users } from '../../../db/schema/index.ts';
import { setFeature } from '../settings/features.ts';
import { ensurePermissions } from '../permissions/permissions.ts';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';
import { linkIds } from '../users/link-ids.test-helper.ts';

let t: TTestApp;
let admin: string;
let city: string;
let cityId: string;
let hotelierId: string;
let hotelier: string;

async function permissionId(key: string) {
  const res = await t.request('GET', `/api/permissions?key=${encodeURIComponent(key)}`, { token: admin });
  expect(res.body, key).toHaveLength(1);
  return res.body[0]._id as string;
}

const orderAtLeast = (n: number) => ({ entityField: 'order', operator: 'gte', values: [{ value: n, valueType: 'plain' }], junctionOperator: '$and' });

beforeAll(async () => {
  t = await startTestApp();
  const a = await t.signedIn('admin');
  admin = a.token;
  const c = await t.signedIn('city');
  city = c.token;
  cityId = c.user._id;
  const h = await t.signedIn('hotelier');
  hotelier = h.token;
  hotelierId = h.user._id;
});
afterAll(() => t?.close());

describe('permissions catalogue', () => {
  it('seeds every known key and every registered entity key, idempotently', async () => {
    const all = await t.request('GET', '/api/permissions?limit=500&count=true', { token: admin });
    const keys = all.body.map((p: any) => p.key);
    for (const key of KNOWN_PERMISSION_KEYS) expect(keys).toContain(key);
    for (const key of ['faqs.getAll', 'users.update', 'roles.create']) expect(keys).toContain(key);
    const assign = all.body.find((p: any) => p.key === 'auth.assignRoles');
    expect([assign.areaName, assign.name, assign.nodeType]).toEqual(['auth', 'assignRoles', 'auth']);
    await ensurePermissions(t.db);
    const [{ n }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(permissions);
    expect(String(n)).toBe(all.headers.get('x-total-count'));
  });

  it('validates key and filters, refuses duplicate keys, and drops deleted permissions from roles', async () => {
    const bad = await t.request('POST', '/api/permissions', {
      token: admin,
      body: { areaName: 'x', name: 'y', key: 'bad key!', filters: [{ entityField: 'a', operator: 'eq', values: [], junctionOperator: '$and' }] },
    });
    expect(bad.status).toBe(400);
    expect([...new Set(bad.body.details.map((d: any) => d.path))].sort()).toEqual(['filters.0.values', 'key']);
    const dup = await t.request('POST', '/api/permissions', { token: admin, body: { areaName: 'faqs', name: 'getAll', key: 'faqs.getAll' } });
    expect(dup.status).toBe(409);
    const custom = await t.request('POST', '/api/permissions', { token: admin, body: { areaName: 'reports', name: 'export', key: 'reports.export', nodeType: 'action', filters: [orderAtLeast(1)] } });
    expect(custom.status).toBe(201);
    expect(custom.body.filters).toHaveLength(1);
    const role = await t.request('POST', '/api/roles', { token: admin, body: { name: 'Exporter', permissionIds: [custom.body._id] } });
    expect((await t.request('DELETE', `/api/permissions/${custom.body._id}`, { token: admin })).status).toBe(200);
    const after = await t.request('GET', `/api/roles/${role.body._id}`, { token: admin });
    expect(after.body.permissionIds).toEqual([]);
    expect((await t.request('POST', '/api/permissions', { token: city, body: { areaName: 'a', name: 'b', key: 'a.b' } })).status).toBe(403);
  });
});

describe('roles', () => {
  it('creates, validates permission ids, refuses duplicate names, updates and deletes (unassigning)', async () => {
    const getAll = await permissionId('faqs.getAll');
    const missing = randomUUID();
    const bad = await t.request('POST', '/api/roles', { token: admin, body: { name: 'Readers', roleType: 'boss', permissionIds: [getAll, missing] } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: any) => d.path)).toEqual(['roleType']);
    const unknown = await t.request('POST', '/api/roles', { token: admin, body: { name: 'Readers', permissionIds: [getAll, missing] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual([{ path: 'permissionIds.1', message: 'does not exist', value: missing }]);
    const repeated = await t.request('POST', '/api/roles', { token: admin, body: { name: 'Readers', permissionIds: [getAll, getAll] } });
    expect(repeated.status).toBe(400);

    const created = await t.request('POST', '/api/roles', { token: admin, body: { name: 'Readers', description: 'Read FAQs', roleType: 'supplier', permissionIds: [getAll] } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Readers', roleType: 'supplier', permissionIds: [getAll] });
    expect((await t.request('POST', '/api/roles', { token: admin, body: { name: 'readers' } })).status).toBe(409);
    const renamed = await t.request('PUT', `/api/roles/${created.body._id}`, { token: admin, body: { description: 'FAQ list' } });
    expect(renamed.body.description).toBe('FAQ list');
    // A partial update keeps what it does not mention.
    expect(renamed.body).toMatchObject({ roleType: 'supplier', permissionIds: [getAll] });

    const assigned = await t.request('PUT', `/api/auth/role/assign/employee/${hotelierId}`, { token: admin, body: { roleIds: [created.body._id] } });
    expect(assigned.status).toBe(200);
    expect(assigned.body.roleIds).toEqual([created.body._id]);
    const rolesOf = await t.request('GET', `/api/auth/roles/employee/${hotelierId}`, { token: admin });
    expect(rolesOf.body.map((r: any) => r.name)).toEqual(['Readers']);
    expect((await t.request('DELETE', `/api/roles/${created.body._id}`, { token: admin })).status).toBe(200);
    const [row] = await t.db.select({ roleIds: users.roleIds }).from(users).where(eq(users.id, hotelierId));
    expect(row.roleIds).toEqual([]);
  });

  it('with the permission system off, only admins see roles and use the employee endpoints', async () => {
    const role = await t.request('POST', '/api/roles', { token: admin, body: { name: 'Hidden' } });
    const list = await t.request('GET', '/api/roles?count=true', { token: city });
    expect(list.status).toBe(200);
    expect(list.headers.get('x-total-count')).toBe('0');
    expect((await t.request('GET', `/api/roles/${role.body._id}`, { token: city })).status).toBe(404);
    expect((await t.request('GET', '/api/permissions?count=true', { token: city })).headers.get('x-total-count')).toBe('0');
    expect((await t.request('GET', `/api/auth/permission/employee/${cityId}`, { token: city })).status).toBe(403);
    expect((await t.request('PUT', `/api/auth/role/assign/employee/${hotelierId}`, { token: city, body: { roleIds: [role.body._id] } })).status).toBe(403);
    const me = await t.request('GET', '/api/auth/permission/employee/me', { token: city });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ userId: cityId, permissionsSystem: false, permissions: [] });
    const adminMe = await t.request('GET', '/api/auth/permission/employee/me', { token: admin });
    expect(adminMe.body.permissions[0]).toEqual({ key: '*' });
  });

  it('employee endpoints validate their input and answer 404 for unknown accounts', async () => {
    const missingRole = randomUUID();
    const res = await t.request('PUT', `/api/auth/role/assign/employee/${hotelierId}`, { token: admin, body: { roleIds: [missingRole] } });
    expect(res.status).toBe(400);
    expect(res.body.details[0]).toMatchObject({ path: 'roleIds.0', value: missingRole });
    expect((await t.request('PUT', `/api/auth/role/assign/employee/${hotelierId}`, { token: admin, body: { roleIds: [] } })).status).toBe(400);
    expect((await t.request('PUT', `/api/auth/permission/assign/employee/${hotelierId}`, { token: admin, body: { permissions: [{ key: '** bad' }] } })).status).toBe(400);
    expect((await t.request('GET', `/api/auth/permission/employee/${randomUUID()}`, { token: admin })).status).toBe(404);
    expect((await t.request('GET', '/api/auth/roles/employee/not-a-uuid', { token: admin })).status).toBe(404);
    expect((await t.request('GET', '/api/auth/permission/employee/me')).status).toBe(401);
  });
});

describe('permission system on', () => {
  let faqIds: string[];
  let readerRole: string;

  beforeAll(async () => {
    // FAQs are read by hoteliers and administrators; the demo FAQs would change the counts below.
    await t.db.delete(faqs);
    faqIds = [];
    for (const order of [0, 1, 2]) {
      const res = await t.request('POST', '/api/faqs', { token: admin, body: { question: `Q${order}`, answer: 'A', order } });
      faqIds.push(res.body._id);
    }
    await setFeature(t.db, 'permissionsSystem', true);
    const role = await t.request('POST', '/api/roles', { token: admin, body: { name: 'FAQ reader', permissionIds: [await permissionId('faqs.getAll')] } });
    readerRole = role.body._id;
  });
  afterAll(() => setFeature(t.db, 'permissionsSystem', false));

  it('a role grants exactly its keys; a denial overrides; a filter narrows rows', async () => {
    expect((await t.request('GET', '/api/faqs', { token: hotelier })).status).toBe(403);
    const assigned = await t.request('PUT', `/api/auth/role/assign/employee/${hotelierId}`, { token: admin, body: { roleIds: [readerRole] } });
    expect(assigned.body.permissions).toEqual([{ key: 'faqs.getAll' }]);
    const list = await t.request('GET', '/api/faqs?count=true', { token: hotelier });
    expect(list.status).toBe(200);
    expect(list.headers.get('x-total-count')).toBe('3');
    expect((await t.request('GET', `/api/faqs/${faqIds[0]}`, { token: hotelier })).status).toBe(403);
    expect((await t.request('POST', '/api/faqs', { token: hotelier, body: { question: 'Q', answer: 'A' } })).status).toBe(403);

    await t.request('PUT', `/api/auth/permission/assign/employee/${hotelierId}`, { token: admin, body: { permissions: [{ key: '!faqs.getAll' }] } });
    expect((await t.request('GET', '/api/faqs', { token: hotelier })).status).toBe(403);
    await t.request('PUT', `/api/auth/permission/remove/employee/${hotelierId}`, { token: admin, body: { permissions: ['!faqs.getAll'] } });
    expect((await t.request('GET', '/api/faqs', { token: hotelier })).status).toBe(200);

    await t.request('PUT', `/api/auth/role/remove/employee/${hotelierId}`, { token: admin, body: { roleIds: [readerRole] } });
    const filtered = await t.request('PUT', `/api/auth/permission/assign/employee/${hotelierId}`, {
      token: admin,
      body: {
        permissions: [
          { key: 'faqs.getAll', filters: [orderAtLeast(1)] },
          { key: 'faqs.get', filters: [orderAtLeast(2)] },
        ],
      },
    });
    expect(filtered.body.direct.map((g: any) => g.key)).toEqual(['faqs.getAll', 'faqs.get']);
    const narrowed = await t.request('GET', '/api/faqs?sort=order', { token: hotelier });
    expect(narrowed.body.map((f: any) => f.question)).toEqual(['Q1', 'Q2']);
    // The very same list request once the filter has changed follows the new filter (a repeated request reuses its parsed query, never a stale filter).
    await t.request('PUT', `/api/auth/permission/remove/employee/${hotelierId}`, { token: admin, body: { permissions: ['faqs.getAll'] } });
    await t.request('PUT', `/api/auth/permission/assign/employee/${hotelierId}`, { token: admin, body: { permissions: [{ key: 'faqs.getAll', filters: [orderAtLeast(2)] }] } });
    expect((await t.request('GET', '/api/faqs?sort=order', { token: hotelier })).body.map((f: any) => f.question)).toEqual(['Q2']);
    expect((await t.request('GET', `/api/faqs/${faqIds[1]}`, { token: hotelier })).status).toBe(404);
    expect((await t.request('GET', `/api/faqs/${faqIds[2]}`, { token: hotelier })).status).toBe(200);
    await t.request('PUT', `/api/auth/permission/remove/employee/${hotelierId}`, { token: admin, body: { permissions: ['faqs.getAll', 'faqs.get'] } });
  });

  it('roles are readable with roles.getAll', async () => {
    expect((await t.request('GET', '/api/roles', { token: city })).status).toBe(403);
    await t.request('PUT', `/api/auth/permission/assign/employee/${cityId}`, { token: admin, body: { permissions: [{ key: 'roles.getAll' }] } });
    const list = await t.request('GET', '/api/roles', { token: city });
    expect(list.status).toBe(200);
    expect(list.body.map((r: any) => r.name)).toContain('FAQ reader');
    expect((await t.request('POST', '/api/roles', { token: city, body: { name: 'Mine' } })).status).toBe(403);
  });

  it('auth.* keys are enforced for non-admins, who can only hand out what they hold, never to themselves', async () => {
    // The hotelier belongs to the comune, so the comune account can see it.
    const [comune] = await linkIds(t.db, 'cityId', 1);
    await t.request('PUT', `/api/users/${cityId}`, { token: admin, body: { cityId: comune } });
    await t.request('PUT', `/api/users/${hotelierId}`, { token: admin, body: { cityId: comune } });
    const agency = await t.signedIn('agency');

    expect((await t.request('GET', `/api/auth/permission/employee/${hotelierId}`, { token: city })).status).toBe(403);
    await t.request('PUT', `/api/auth/permission/assign/employee/${cityId}`, {
      token: admin,
      body: { permissions: [{ key: 'auth.getEmployeePermissions' }, { key: 'auth.assignPermissions' }, { key: 'auth.removePermissions' }, { key: 'faqs.getAll' }] },
    });
    const seen = await t.request('GET', `/api/auth/permission/employee/${hotelierId}`, { token: city });
    expect(seen.status).toBe(200);
    expect(seen.body.userId).toBe(hotelierId);
    // Outside the comune's accounts: not found.
    expect((await t.request('GET', `/api/auth/permission/employee/${agency.user._id}`, { token: city })).status).toBe(404);

    const granted = await t.request('PUT', `/api/auth/permission/assign/employee/${hotelierId}`, { token: city, body: { permissions: [{ key: 'faqs.getAll' }] } });
    expect(granted.status).toBe(200);
    expect((await t.request('GET', '/api/faqs', { token: hotelier })).status).toBe(200);
    const escalate = await t.request('PUT', `/api/auth/permission/assign/employee/${hotelierId}`, { token: city, body: { permissions: [{ key: 'faqs.create' }] } });
    expect(escalate.status).toBe(403);
    const wildcard = await t.request('PUT', `/api/auth/permission/assign/employee/${hotelierId}`, { token: city, body: { permissions: [{ key: '*' }] } });
    expect(wildcard.status).toBe(403);
    const self = await t.request('PUT', `/api/auth/permission/assign/employee/${cityId}`, { token: city, body: { permissions: [{ key: 'faqs.getAll' }] } });
    expect(self.status).toBe(403);
    // Removing a plain grant narrows access and is allowed; assigning roles needs its own key.
    expect((await t.request('PUT', `/api/auth/permission/remove/employee/${hotelierId}`, { token: city, body: { permissions: ['faqs.getAll'] } })).status).toBe(200);
    expect((await t.request('PUT', `/api/auth/role/assign/employee/${hotelierId}`, { token: city, body: { roleIds: [readerRole] } })).status).toBe(403);
  });
});
