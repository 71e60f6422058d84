import { eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { cities, structures } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { validationFailed } from '../../../lib/errors.ts';

/**
 * Row scope of the tourist-tax records, in one place:
 * - admin: everything;
 * - city: the rows of its own comune (users.cityId); a city user without a comune sees nothing;
 * - user (hotelier): the structures whose `userIds` list them, and the stays, comuni and rules of
 *   those structures;
 * - any other role: nothing.
 */

const nothing = sql`false`;

/** Ids of the structures a hotelier manages (a subquery, for `in (...)`). */
export function structureIdsOfHotelierSql(userId: string): SQL {
  return sql`(select ${structures.id} from ${structures} where ${userId}::uuid = any(${structures.userIds}))`;
}

/** Ids of the comuni where a hotelier manages at least one structure. */
export function cityIdsOfHotelierSql(userId: string): SQL {
  return sql`(select ${structures.cityId} from ${structures} where ${userId}::uuid = any(${structures.userIds}))`;
}

/**
 * Ids of the hoteliers linked to a comune's structures. The users collection adds this to a city
 * user's scope: `or(eq(users.cityId, cityId), sql`${users.id} in ${hotelierIdsOfCitySql(cityId)}`)`.
 */
export function hotelierIdsOfCitySql(cityId: string): SQL {
  return sql`(select unnest(${structures.userIds}) from ${structures} where ${structures.cityId} = ${cityId}::uuid)`;
}

/** Rows carrying a `cityId`: the caller's comune, or (hoteliers) the comuni of their structures. */
export function cityRowScope(ctx: TSignedInContext, cityColumn: PgColumn): SQL | undefined {
  const { actor } = ctx;
  if (actor.role === 'admin') return undefined;
  if (actor.role === 'city') return actor.cityId ? eq(cityColumn, actor.cityId) : nothing;
  if (actor.role === 'user') return sql`${cityColumn} in ${cityIdsOfHotelierSql(actor.id)}`;
  return nothing;
}

/** Rules and registries are written by the comune (and admins) only. */
export function cityWriteScope(ctx: TSignedInContext, cityColumn: PgColumn): SQL | undefined {
  const { actor } = ctx;
  if (actor.role === 'admin') return undefined;
  if (actor.role === 'city' && actor.cityId) return eq(cityColumn, actor.cityId);
  return nothing;
}

export function structureScope(ctx: TSignedInContext): SQL | undefined {
  const { actor } = ctx;
  if (actor.role === 'admin') return undefined;
  if (actor.role === 'city') return actor.cityId ? eq(structures.cityId, actor.cityId) : nothing;
  if (actor.role === 'user') return sql`${actor.id}::uuid = any(${structures.userIds})`;
  return nothing;
}

/** Rows that hang off a structure (stays): the structure must be in scope. */
export function structureChildScope(ctx: TSignedInContext, structureColumn: PgColumn, cityColumn: PgColumn): SQL | undefined {
  const { actor } = ctx;
  if (actor.role === 'admin') return undefined;
  if (actor.role === 'city') return actor.cityId ? eq(cityColumn, actor.cityId) : nothing;
  if (actor.role === 'user') return sql`${structureColumn} in ${structureIdsOfHotelierSql(actor.id)}`;
  return nothing;
}

/** Comuni: a city user its own; a hotelier the active ones (to pick when registering) and those of its structures. */
export function cityScope(ctx: TSignedInContext): SQL | undefined {
  const { actor } = ctx;
  if (actor.role === 'admin') return undefined;
  if (actor.role === 'city') return actor.cityId ? eq(cities.id, actor.cityId) : nothing;
  if (actor.role === 'user') return or(eq(cities.isActive, true), sql`${cities.id} in ${cityIdsOfHotelierSql(actor.id)}`);
  return nothing;
}

/** The structure with this id if the caller may see it, else undefined (callers answer 404). */
export async function findStructureInScope(db: TDbOrTx, ctx: TSignedInContext, structureId: string) {
  const scope = structureScope(ctx);
  const [row] = await db
    .select()
    .from(structures)
    .where(scope ? sql`${eq(structures.id, structureId)} and ${scope}` : eq(structures.id, structureId));
  return row;
}

export function idsIn(column: PgColumn, ids: string[]): SQL {
  return ids.length === 0 ? nothing : inArray(column, ids);
}

/**
 * Locks the comune's row for the rest of the transaction, so that two concurrent saves of its rules
 * cannot both pass a conflict check; also proves the comune exists.
 */
export async function lockCity(db: TDbOrTx, cityId: string) {
  const [row] = await db.select({ id: cities.id }).from(cities).where(eq(cities.id, cityId)).for('update');
  if (!row) throw validationFailed([{ path: 'cityId', message: 'does not exist', value: cityId }]);
}
