import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCig, checkCup } from '@app/domain/environmental/procurement-codes';
import { ENVIRONMENTAL_SETTING_TYPES } from '@app/domain/environmental/settings';
import { isValidPartitaIva } from '@app/domain/platform/identifiers/partita-iva';
import { agencies, contracts, inviteTokens, laboratories, lots, orders, settings, users } from '../db/schema/index.ts';
import { startTestApp, type TTestApp } from '../test/harness.ts';
import { seedDemoOnce } from './demo.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp({ seedDemo: false });
});
afterAll(() => t?.close());

async function counts() {
  const tables = { agencies, contracts, inviteTokens, laboratories, lots, orders, settings, users };
  const result: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) result[name] = (await t.db.select({ n: count() }).from(table))[0].n;
  return result;
}

describe('environmental demo data', () => {
  it('seeds a fresh database once: a second run changes nothing', async () => {
    expect(await seedDemoOnce(t.db, t.app.services.storage)).toBe(true);
    const first = await counts();
    expect(await seedDemoOnce(t.db, t.app.services.storage)).toBe(false);
    expect(await counts()).toEqual(first);
  });

  it('has three lots with valid CIG and CUP and five orders of both types', async () => {
    const allLots = await t.db.select().from(lots);
    expect(allLots).toHaveLength(3);
    for (const lot of allLots) {
      expect(checkCig(lot.cig!).verdict, lot.cig!).toBe('valid');
      expect(checkCup(lot.cup!).verdict, lot.cup!).toBe('valid');
    }
    const allOrders = await t.db.select().from(orders);
    expect(allOrders).toHaveLength(5);
    expect(new Set(allOrders.map((o) => o.orderType))).toEqual(new Set(['work_order', 'announcement']));
    expect(allOrders.every((o) => o.agencyIds.length >= 1)).toBe(true);
  });

  it('has agencies and laboratories in every invite state, their users linked, and a live link for each invited one', async () => {
    const allAgencies = await t.db.select().from(agencies);
    expect(allAgencies.map((a) => a.inviteStatus).sort()).toEqual(['accepted', 'accepted', 'invited', 'to_invite']);
    expect(allAgencies.every((a) => isValidPartitaIva(a.vatNumber))).toBe(true);
    const [agencyUser] = await t.db.select().from(users).where(eq(users.email, 'agency@demo.test'));
    const accepted = allAgencies.find((a) => a.id === agencyUser.agencyId)!;
    expect(accepted.inviteStatus).toBe('accepted');
    expect(await t.db.select({ email: users.email }).from(users).where(eq(users.agencyId, accepted.id))).toHaveLength(2);

    const labs = await t.db.select().from(laboratories);
    expect(labs).toHaveLength(2);
    const [labUser] = await t.db.select().from(users).where(eq(users.email, 'lab@demo.test'));
    expect(labs.find((l) => l.id === labUser.laboratoryId)?.inviteStatus).toBe('accepted');
    for (const lab of labs) expect((await t.db.select({ n: count() }).from(contracts).where(eq(contracts.laboratoryId, lab.id)))[0].n).toBeGreaterThanOrEqual(20);

    const tokens = await t.db.select().from(inviteTokens);
    expect(tokens).toHaveLength(2);
    for (const token of tokens) {
      expect(token.expiresAt.getTime()).toBeGreaterThan(Date.now());
      // The manager's account is made on acceptance.
      expect(token.userId).toBeNull();
      expect(await t.db.select().from(users).where(eq(users.email, token.email))).toEqual([]);
    }
  });

  it('fills every environmental setting type, with default observers pointing at consortium users', async () => {
    const rows = await t.db.select().from(settings);
    for (const type of ENVIRONMENTAL_SETTING_TYPES) expect(rows.filter((r) => r.settingType === type).length, type).toBeGreaterThanOrEqual(2);
    expect(rows.filter((r) => r.settingType === 'severityLevel').every((r) => /^#[0-9a-f]{6}$/.test(r.color ?? ''))).toBe(true);
    const observers = rows.filter((r) => r.settingType === 'defaultObserver');
    for (const observer of observers) {
      const [user] = await t.db.select().from(users).where(eq(users.id, observer.userId!));
      expect(user.role).toBe('consortium_user');
      expect(observer.code).toBe(user.id);
    }
  });

  it('lets consortium@demo.test sign in as consortium staff', async () => {
    const session = await t.login('consortium@demo.test');
    expect(session.user.role).toBe('consortium_user');
    const observers = await t.request('GET', '/api/settings?settingType=defaultObserver', { token: session.token });
    expect(observers.status).toBe(200);
    expect(observers.body.every((s: any) => typeof s.userId === 'string')).toBe(true);
  });
});
