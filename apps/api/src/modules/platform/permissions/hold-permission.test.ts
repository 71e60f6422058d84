import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRole } from '@app/domain/platform/auth/roles';
import { users } from '../../../db/schema/index.ts';
import { holdsPermission, ownCityOf, requireAccess } from '../../../lib/access.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';
import { setFeature } from '../settings/features.ts';

/*
 * The questions lib/access.ts asks the permission gate, with the platform's gate over the demo
 * accounts: holdsPermission answers without exceptions (the table's grant, then the key held
 * outright), ownCityOf gives a write's default comune from the grant's reach.
 */

let t: TTestApp;
const contexts = {} as Record<'admin' | 'city' | 'hotelier' | 'consortium' | 'agency', TSignedInContext>;

async function contextOf(account: string): Promise<TSignedInContext> {
  const { user } = await t.login(`${account}@demo.test`);
  return {
    actor: { id: user._id, email: user.email, role: user.role as TRole, cityId: user.cityId ?? null, agencyId: user.agencyId ?? null, laboratoryId: user.laboratoryId ?? null, impersonatorId: null },
    db: t.db,
    year: null,
    requestId: 'hold-permission-test',
    ip: '127.0.0.1',
    permissions: t.app.services.permissions,
    areas: t.app.services.areas,
  };
}

const grantDirectly = (ctx: TSignedInContext, keys: string[]) =>
  t.db
    .update(users)
    .set({ permissionGrants: keys.map((key) => ({ key })) })
    .where(eq(users.id, ctx.actor.id));

beforeAll(async () => {
  t = await startTestApp();
  for (const account of ['admin', 'city', 'hotelier', 'consortium', 'agency'] as const) contexts[account] = await contextOf(account);
});
afterAll(() => t?.close());

describe('holdsPermission', () => {
  it('with the permission system off, only a role that holds every permission holds a key', async () => {
    const force = await Promise.all(Object.values(contexts).map((ctx) => holdsPermission(ctx, 'nca-reports', 'forceOpen')));
    expect(force).toEqual([true, false, false, false, false]);
    // Meanwhile requireAccess lets the consortium through on the table alone.
    await expect(requireAccess(contexts.consortium, 'nca-reports', 'forceOpen')).resolves.toEqual({ scope: 'all', filter: null });
  });

  it('an action without a key is the grant alone', async () => {
    expect(await holdsPermission(contexts.hotelier, 'declarations', 'submit')).toBe(true);
    expect(await holdsPermission(contexts.city, 'declarations', 'submit')).toBe(false);
  });

  it('with the system on: the key held and the grant, both; neither alone', async () => {
    await grantDirectly(contexts.consortium, ['nca.forceSkipSignatures']);
    // An agency holding the key still has no grant to force a phase; it does have one to report.
    await grantDirectly(contexts.agency, ['nca.forceSkipSignatures', 'nca.create']);
    await setFeature(t.db, 'permissionsSystem', true);
    try {
      expect(await holdsPermission(contexts.consortium, 'nca-reports', 'forceOpen')).toBe(true);
      expect(await holdsPermission(contexts.consortium, 'corrective-actions', 'confirm')).toBe(false);
      expect(await holdsPermission(contexts.agency, 'nca-reports', 'forceOpen')).toBe(false);
      expect(await holdsPermission(contexts.agency, 'nca-reports', 'create')).toBe(true);
      expect(await holdsPermission(contexts.admin, 'corrective-actions', 'confirm')).toBe(true);
      await expect(requireAccess(contexts.consortium, 'corrective-actions', 'confirm')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    } finally {
      await setFeature(t.db, 'permissionsSystem', false);
      await grantDirectly(contexts.consortium, []);
      await grantDirectly(contexts.agency, []);
    }
  });
});

describe('ownCityOf', () => {
  it("is the comune user's own comune under an ownCity grant, and nobody else's", () => {
    expect(contexts.city.actor.cityId).toEqual(expect.any(String));
    expect(ownCityOf(contexts.city.actor, 'tariffs', 'create')).toBe(contexts.city.actor.cityId);
    expect(ownCityOf(contexts.city.actor, 'stays', 'reprice')).toBe(contexts.city.actor.cityId);
    expect(ownCityOf(contexts.admin.actor, 'tariffs', 'create')).toBeNull();
    // A hotelier's grant reaches its structures, not a comune; a city user has no grant to create stays.
    expect(ownCityOf({ ...contexts.hotelier.actor, cityId: contexts.city.actor.cityId }, 'structures', 'create')).toBeNull();
    expect(ownCityOf(contexts.city.actor, 'stays', 'create')).toBeNull();
  });
});
