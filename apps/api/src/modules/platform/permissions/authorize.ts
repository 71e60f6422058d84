import { and, eq, gt, gte, inArray, lt, lte, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { entityPermissionKey, hasPermission, isRecordFilterNode, resolvePermission, type TPermissionGrant, type TRecordFilter } from '@app/domain/platform/auth/permissions';
import { permissions, roles, settings, users } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import type { TSignedInContext, TAnyCollection, TOperation } from '../../../lib/collection/define.ts';
import { FEATURE_SETTING_TYPE, isFeatureOn } from '../settings/features.ts';

/** Every grant a user holds: the permissions of their roles plus their direct grants. */
export async function loadGrants(ctx: TSignedInContext): Promise<TPermissionGrant[]> {
  return loadUserGrants(ctx.db, ctx.actor.id);
}

/** Every grant of any user (roles' permissions plus direct grants). */
export async function loadUserGrants(db: TDbOrTx, userId: string): Promise<TPermissionGrant[]> {
  const [user] = await db.select({ roleIds: users.roleIds, grants: users.permissionGrants }).from(users).where(eq(users.id, userId));
  if (!user) return [];
  const grants: TPermissionGrant[] = [...(user.grants as TPermissionGrant[])];
  if (user.roleIds.length > 0) {
    const roleRows = await db.select({ permissionIds: roles.permissionIds }).from(roles).where(inArray(roles.id, user.roleIds));
    const permissionIds = [...new Set(roleRows.flatMap((r) => r.permissionIds))];
    const rows =
      permissionIds.length === 0
        ? []
        : await db.select({ key: permissions.key, filters: permissions.filters }).from(permissions).where(inArray(permissions.id, permissionIds));
    for (const row of rows) grants.push({ key: row.key, filters: (row.filters ?? undefined) as TPermissionGrant['filters'] });
  }
  return grants;
}

/** Turns a permission's record filter into SQL over the collection's declared fields; unknown fields fail closed. */
export function recordFilterToSql(filter: TRecordFilter, fields: Record<string, PgColumn>): SQL {
  const parts = filter.conditions.map((node): SQL => {
    if (isRecordFilterNode(node)) return recordFilterToSql(node, fields);
    const column = fields[node.field];
    if (!column) return sql`false`;
    const [first] = node.values;
    switch (node.operator) {
      case 'eq': return eq(column, first);
      case 'ne': return ne(column, first);
      case 'in': return inArray(column, node.values);
      case 'nin': return notInArray(column, node.values);
      case 'gt': return gt(column, first);
      case 'gte': return gte(column, first);
      case 'lt': return lt(column, first);
      case 'lte': return lte(column, first);
    }
  });
  if (parts.length === 0) return sql`true`;
  return (filter.op === 'and' ? and(...parts) : or(...parts))!;
}

/**
 * With the `permissionsSystem` setting on, every generic operation needs `<entity>.<operation>`
 * (admins keep full access so they can never lock themselves out of the role editor); the
 * permission's filters narrow the rows. With it off, the collection's role lists alone apply.
 */
export async function authorizeOperation(ctx: TSignedInContext, def: TAnyCollection, op: TOperation): Promise<SQL | undefined> {
  if (ctx.actor.role === 'admin') return undefined;
  if (!(await isFeatureOn(ctx.db, 'permissionsSystem'))) return undefined;
  const grants = await loadGrants(ctx);
  const key = entityPermissionKey(def.entity, op);
  const result = resolvePermission(grants, key, ctx.actor as unknown as Record<string, unknown>);
  if (!result.allowed) throw new AppError('FORBIDDEN', `Missing permission ${key}`);
  if (!result.filter) return undefined;
  const table = def.table as unknown as Record<string, PgColumn>;
  return recordFilterToSql(result.filter, { ...def.filterable, _id: table.id });
}

/**
 * True while the `permissionsSystem` flag is on, as SQL, for row scopes that must follow the flag
 * (scopes are synchronous). A missing flag row means its shipped value: off.
 */
export function permissionsSystemOnSql(): SQL {
  return sql`exists (select 1 from ${settings} where ${settings.settingType} = ${FEATURE_SETTING_TYPE} and ${settings.code} = 'permissionsSystem' and ${settings.isActive})`;
}

/**
 * Actions outside the generic collection operations (the auth.* keys): admins always; others only
 * with the permission system on and the key granted.
 */
export async function authorizeAction(ctx: TSignedInContext, key: string): Promise<TPermissionGrant[]> {
  if (ctx.actor.role === 'admin') return [{ key: '*' }];
  if (!(await isFeatureOn(ctx.db, 'permissionsSystem'))) throw new AppError('FORBIDDEN', 'Only administrators may do this');
  const grants = await loadGrants(ctx);
  if (!hasPermission(grants, key)) throw new AppError('FORBIDDEN', `Missing permission ${key}`);
  return grants;
}
