import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { holdsEveryPermission } from '@app/domain/platform/access/access-table';
import { hasPermission, resolvePermission, type TPermissionGrant } from '@app/domain/platform/auth/permissions';
import { takesCustomRole } from '@app/domain/platform/auth/roles';
import { permissions, roles, settings, users } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import type { TPermissionGate } from '../../../lib/access.ts';
import { FEATURE_SETTING_TYPE, isFeatureOn } from '../settings/features.ts';

/** Every grant a user holds: the permissions of their roles plus their direct grants. */
export async function loadGrants(ctx: TSignedInContext): Promise<TPermissionGrant[]> {
  return loadUserGrants(ctx.db, ctx.actor.id);
}

/**
 * Every grant of any user (roles' permissions plus direct grants). Only the custom roles of the type
 * the user's platform role takes count (consortium staff internal roles, suppliers supplier roles).
 */
export async function loadUserGrants(db: TDbOrTx, userId: string): Promise<TPermissionGrant[]> {
  const [user] = await db.select({ role: users.role, roleIds: users.roleIds, grants: users.permissionGrants }).from(users).where(eq(users.id, userId));
  if (!user) return [];
  const grants: TPermissionGrant[] = [...(user.grants as TPermissionGrant[])];
  if (user.roleIds.length > 0) {
    const roleRows = (await db.select({ permissionIds: roles.permissionIds, roleType: roles.roleType }).from(roles).where(inArray(roles.id, user.roleIds))).filter((r) =>
      takesCustomRole(user.role, r.roleType),
    );
    const permissionIds = [...new Set(roleRows.flatMap((r) => r.permissionIds))];
    const rows = permissionIds.length === 0 ? [] : await db.select({ key: permissions.key, filters: permissions.filters }).from(permissions).where(inArray(permissions.id, permissionIds));
    for (const row of rows) grants.push({ key: row.key, filters: (row.filters ?? undefined) as TPermissionGrant['filters'] });
  }
  return grants;
}

/**
 * The permission gate of every table action that has a permission key (the generic collection
 * operations check `<entity>.<operation>`): with the `permissionsSystem` setting on, the caller needs
 * the key and its filters narrow the rows; with the setting off, the access table alone applies.
 * Roles that hold every permission (administrators) pass, so they can never lock themselves out of
 * the role editor.
 */
export const permissionGate: TPermissionGate = {
  async require(ctx, key) {
    if (holdsEveryPermission(ctx.actor.role)) return null;
    if (!(await isFeatureOn(ctx.db, 'permissionsSystem'))) return null;
    const result = resolvePermission(await loadUserGrants(ctx.db, ctx.actor.id), key, ctx.actor);
    if (!result.allowed) throw new AppError('FORBIDDEN', `Missing permission ${key}`);
    return result.filter ?? null;
  },
  async holds(ctx, key) {
    if (holdsEveryPermission(ctx.actor.role)) return true;
    if (!(await isFeatureOn(ctx.db, 'permissionsSystem'))) return false;
    return hasPermission(await loadGrants(ctx), key);
  },
};

/**
 * True while the `permissionsSystem` flag is on, as SQL, for row scopes that must follow the flag
 * (scopes are synchronous). A missing flag row means its shipped value: off.
 */
export function permissionsSystemOnSql(): SQL {
  return sql`exists (select 1 from ${settings} where ${settings.settingType} = ${FEATURE_SETTING_TYPE} and ${settings.code} = 'permissionsSystem' and ${settings.isActive})`;
}

/**
 * Actions outside the generic collection operations (the auth.* keys): roles that hold every
 * permission always; others only with the permission system on and the key granted.
 */
export async function authorizeAction(ctx: TSignedInContext, key: string): Promise<TPermissionGrant[]> {
  if (holdsEveryPermission(ctx.actor.role)) return [{ key: '*' }];
  if (!(await isFeatureOn(ctx.db, 'permissionsSystem'))) throw new AppError('FORBIDDEN', 'Only administrators may do this');
  const grants = await loadGrants(ctx);
  if (!hasPermission(grants, key)) throw new AppError('FORBIDDEN', `Missing permission ${key}`);
  return grants;
}
