import { randomUUID } from 'node:crypto';
import { isNotNull } from 'drizzle-orm';
import { users } from '../../../db/schema/index.ts';
import type { TDb } from '../../../db/client.ts';

/**
 * `n` distinct ids usable as a user's cityId/agencyId in tests: ids already linked by demo data
 * first (so they pass any existence check a module registers), random ones when there are none.
 */
export async function linkIds(db: TDb, field: 'cityId' | 'agencyId' | 'laboratoryId', n: number): Promise<string[]> {
  const rows = await db.selectDistinct({ id: users[field] }).from(users).where(isNotNull(users[field])).orderBy(users[field]);
  const ids = rows.map((r) => r.id!).slice(0, n);
  while (ids.length < n) ids.push(randomUUID());
  return ids;
}
