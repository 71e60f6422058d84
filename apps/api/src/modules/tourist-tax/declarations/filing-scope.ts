import { eq, sql } from 'drizzle-orm';
import type { TResource } from '@app/domain/platform/access/access-table';
import { italianDateOf } from '@app/domain/tourist-tax/filings/deadlines';
import { structures, users } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { ownCityOf, reachesAll } from '../../../lib/access.ts';
import { AppError } from '../../../lib/errors.ts';
import { cityIdsOfHotelierSql, cityRowScope, cityWriteScope, structureChildScope } from '../registry/scope.ts';

/**
 * Row scope of the filing records (declarations, Modello 21, communications, documents):
 * admin everything; a city user its own comune; a hotelier the records of the structures it manages;
 * any other role nothing. Rows outside scope answer 404.
 * It is the tourist-tax row scope (one rule for both), under the names the filing modules use.
 */
export {
  /** Ids of the comuni where a hotelier manages at least one structure (a subquery, for `in (...)`). */
  cityIdsOfHotelierSql as cityIdsOfUserSql,
  /** Records hanging off a structure and carrying its comune. */
  structureChildScope as structureRecordScope,
  /** Records of a comune that its hoteliers read (periods, documents). */
  cityRowScope as cityReadScope,
  /** Records a comune writes: its own; admins any. */
  cityWriteScope,
};

/**
 * The comune a write lands in, from the caller's grant for the action: under `ownCity` its own (naming
 * another is refused), under a grant over every comune the one the request names. (A field default
 * by the grant's reach; the grant itself is checked by the caller's action.)
 */
export function cityIdForWrite(ctx: TSignedInContext, resource: TResource, action: string, requested: string | null | undefined): string {
  const own = ownCityOf(ctx.actor, resource, action);
  if (own) {
    if (requested && requested !== own) throw new AppError('FORBIDDEN', 'You can only write for your own comune');
    return own;
  }
  if (reachesAll(ctx.actor, resource, action)) {
    if (!requested) throw new AppError('VALIDATION_FAILED', 'Choose the comune', { details: [{ path: 'cityId', message: 'validation.required' }] });
    return requested;
  }
  throw new AppError('FORBIDDEN', 'Your role does not allow this');
}

/** The structure if the caller may see it; else 404. Locks the row when asked (serialises per-structure creates). */
export async function findStructureForCaller(db: TDbOrTx, ctx: TSignedInContext, structureId: string, lock = false) {
  const scope = structureChildScope(ctx, structures.id, structures.cityId);
  const where = scope ? sql`${eq(structures.id, structureId)} and ${scope}` : eq(structures.id, structureId);
  const query = db.select().from(structures).where(where);
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw new AppError('NOT_FOUND', 'Structure not found', { details: [{ path: 'structureId', message: 'not found', value: structureId }] });
  return row;
}

/** Enabled city users of a comune (the comune side of a notification). */
export async function cityUserIds(db: TDbOrTx, cityId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.cityId} = ${cityId}::uuid and ${users.role} = 'city' and ${users.isEnabled} and ${users.deletedAt} is null`);
  return rows.map((r) => r.id);
}

/** Enabled hoteliers of a structure (the hotelier side of a notification). */
export async function hotelierIdsOfStructure(db: TDbOrTx, structureId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.id} in (select unnest(${structures.userIds}) from ${structures} where ${structures.id} = ${structureId}::uuid) and ${users.isEnabled} and ${users.deletedAt} is null`);
  return rows.map((r) => r.id);
}

/** Today's calendar date in Italy: deadlines are the comune's dates. */
export function todayInItaly(now: Date = new Date()): string {
  return italianDateOf(now);
}
