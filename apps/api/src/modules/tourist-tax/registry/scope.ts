import { eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { cities, structures } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { validationFailed } from '../../../lib/errors.ts';
import { scopeCondition, type TScopeImplementations } from '../../../lib/access.ts';

/**
 * Record scopes of the tourist-tax records, in one place, under the access table's scope names:
 * - ownCity: the rows of the user's own comune (users.cityId); a city user without one sees nothing;
 * - managedStructures: the structures whose `userIds` list the hotelier, and the stays, comuni and
 *   rules of those structures.
 * Which role gets which scope is the access table's answer (`scopeOf`), never decided here.
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

/** The rows of the caller's own comune. */
export function ownCityRows(ctx: TSignedInContext, cityColumn: PgColumn): SQL {
  return ctx.actor.cityId ? eq(cityColumn, ctx.actor.cityId) : nothing;
}

/** Rows carrying a `cityId` (rules, periods): the caller's comune, or the comuni of the hotelier's structures. */
export function cityRowScopes(cityColumn: PgColumn): TScopeImplementations {
  return {
    ownCity: (ctx) => ownCityRows(ctx, cityColumn),
    managedStructures: (ctx) => sql`${cityColumn} in ${cityIdsOfHotelierSql(ctx.actor.id)}`,
  };
}

/** Rows that hang off a structure (stays, declarations, Modello 21): the structure must be in scope. */
export function structureChildScopes(structureColumn: PgColumn, cityColumn: PgColumn): TScopeImplementations {
  return {
    ownCity: (ctx) => ownCityRows(ctx, cityColumn),
    managedStructures: (ctx) => sql`${structureColumn} in ${structureIdsOfHotelierSql(ctx.actor.id)}`,
  };
}

export const structureScopes: TScopeImplementations = {
  ownCity: (ctx) => ownCityRows(ctx, structures.cityId),
  managedStructures: (ctx) => sql`${ctx.actor.id}::uuid = any(${structures.userIds})`,
};

/** Comuni: a city user its own; a hotelier the active ones (to pick when registering) and those of its structures. */
export const cityScopes: TScopeImplementations = {
  ownCity: (ctx) => ownCityRows(ctx, cities.id),
  managedStructures: (ctx) => or(eq(cities.isActive, true), sql`${cities.id} in ${cityIdsOfHotelierSql(ctx.actor.id)}`),
};

/*
 * The same scopes for use cases outside the generic collections, taking the caller's grant on the
 * resource whose records they are (rules, structures, the records hanging off a structure, comuni:
 * all of them share one grant per kind in the access table).
 */

/** Rows carrying a `cityId`: what the caller reads of a comune's rules. */
export function cityRowScope(ctx: TSignedInContext, cityColumn: PgColumn): SQL | undefined {
  return scopeCondition(ctx, 'tariffs', 'read', cityRowScopes(cityColumn));
}

/** Rules and registries are written by the comune (and admins) only. */
export function cityWriteScope(ctx: TSignedInContext, cityColumn: PgColumn): SQL | undefined {
  return scopeCondition(ctx, 'tariffs', 'update', cityRowScopes(cityColumn), 'write');
}

export function structureScope(ctx: TSignedInContext): SQL | undefined {
  return scopeCondition(ctx, 'structures', 'read', structureScopes);
}

/** Rows that hang off a structure (stays): the structure must be in scope. */
export function structureChildScope(ctx: TSignedInContext, structureColumn: PgColumn, cityColumn: PgColumn): SQL | undefined {
  return scopeCondition(ctx, 'stays', 'read', structureChildScopes(structureColumn, cityColumn));
}

export function cityScope(ctx: TSignedInContext): SQL | undefined {
  return scopeCondition(ctx, 'cities', 'read', cityScopes);
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
