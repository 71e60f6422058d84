import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TSession, type TTestApp } from './harness.ts';

/*
 * A cached list count (lib/collection/count-cache.ts) is kept until the next committed write to a table its
 * filter reads: the listed table, and the tables its scope reads (`cachedCounts.readsAlso`), whose notify
 * triggers (migration 0059) reach every process. Each write below goes straight to the database, as another
 * process or an import writes it; first a write with triggers off shows the count is cached at all.
 */

let t: TTestApp;
let agency: TSession;
let consortium: TSession;
let hotelier: TSession;

beforeAll(async () => {
  t = await startTestApp();
  [agency, consortium, hotelier] = await Promise.all(['agency', 'consortium', 'hotelier'].map((a) => t.signedIn(a as never)));
});
afterAll(() => t?.close());

const total = async (url: string, session: TSession) => {
  const res = await t.request('GET', `${url}${url.includes('?') ? '&' : '?'}count=true&limit=1`, { token: session.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return Number(res.headers.get('x-total-count'));
};
const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
/** A write the triggers do not see (replica mode): what a cache keyed on writes cannot notice. */
const unnoticed = (query: ReturnType<typeof sql>) =>
  t.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(query);
  });

describe('cached list counts follow the tables their scope reads', () => {
  it("an agency user's NCA count follows a corrective action assigned to the user on another agency's report", async () => {
    const mine = new Set(((await t.request('GET', '/api/nca-reports?limit=500', { token: agency.token })).body as { _id: string }[]).map((r) => r._id));
    const all = (await t.request('GET', '/api/nca-reports?limit=500', { token: consortium.token })).body as { _id: string; status: string }[];
    const other = all.find((r) => !mine.has(r._id) && r.status !== 'pending');
    expect(other, 'a report the agency user does not read').toBeDefined();
    const before = await total('/api/nca-reports', agency);

    // Assigned by name in a write the triggers do not see: the count stands, which shows it is cached.
    const actionId = randomUUID();
    await unnoticed(sql`insert into corrective_actions (id, report_id, sequence, name, action_type, status, user_ids)
      values (${actionId}, ${other!._id}, 90, 'Conteggio in cache', 'action', 'new', array[${agency.user._id}]::uuid[])`);
    expect(await total('/api/nca-reports', agency)).toBe(before);
    // Any ordinary write to corrective_actions forgets the reports' counts: the assigned report is counted.
    await t.db.execute(sql`update corrective_actions set name = name where id = ${actionId}`);
    await vi.waitFor(async () => expect(await total('/api/nca-reports', agency)).toBe(before + 1), { timeout: 5000, interval: 50 });

    await t.db.execute(sql`delete from corrective_actions where id = ${actionId}`);
    await vi.waitFor(async () => expect(await total('/api/nca-reports', agency)).toBe(before), { timeout: 5000, interval: 50 });
  });

  it("a hotelier's stays count follows the structures the hotelier manages", async () => {
    const before = await total('/api/stays?year=2026', hotelier);
    const [serapo] = await rows<{ id: string; n: string }>(
      sql`select s.id, (select count(*) from stays where structure_id = s.id and check_out between '2026-01-01' and '2026-12-31') as n from structures s where s.name = 'Hotel Serapo'`,
    );
    expect(Number(serapo.n)).toBeGreaterThan(0);
    const remove = sql`update structures set user_ids = array_remove(user_ids, ${hotelier.user._id}::uuid) where id = ${serapo.id}`;
    const restore = sql`update structures set user_ids = array_append(user_ids, ${hotelier.user._id}::uuid) where id = ${serapo.id}`;
    try {
      await unnoticed(remove);
      expect(await total('/api/stays?year=2026', hotelier)).toBe(before);
      await unnoticed(restore);
      await t.db.execute(remove);
      await vi.waitFor(async () => expect(await total('/api/stays?year=2026', hotelier)).toBe(before - Number(serapo.n)), { timeout: 5000, interval: 50 });
    } finally {
      await t.db.execute(restore);
    }
    await vi.waitFor(async () => expect(await total('/api/stays?year=2026', hotelier)).toBe(before), { timeout: 5000, interval: 50 });
  });
});
