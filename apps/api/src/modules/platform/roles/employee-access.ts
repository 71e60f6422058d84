import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { holdsEveryPermission } from '@app/domain/platform/access/access-table';
import { hasPermission, ZPermissionFilterRecord, ZPermissionGrant, type TPermissionGrant } from '@app/domain/platform/auth/permissions';
import { permissions, roles, users } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { isUuid } from '../../../lib/collection/query.ts';
import { AppError, notFound, validationFailed } from '../../../lib/errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { authorizeAction, loadUserGrants } from '../permissions/authorize.ts';
import { isFeatureOn } from '../settings/features.ts';
import { userReadScope } from '../users/users.ts';
import { missingIds } from './roles.ts';

const uniqueList = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .min(1, 'validation.required')
    .max(500)
    .refine((list) => new Set(list.map((v) => JSON.stringify(v))).size === list.length, 'list values must be unique');

export const ZRoleIdsBody = z.object({ roleIds: uniqueList(z.uuid()) });
export const ZAssignPermissionsBody = z.object({ permissions: z.array(ZPermissionGrant).min(1, 'validation.required').max(500) });
export const ZRemovePermissionsBody = z.object({ permissions: uniqueList(z.string().min(1)) });

export const ZEmployeePermissions = z.object({
  userId: z.string(),
  permissionsSystem: z.boolean().describe('Whether permissions are enforced; off means role lists alone apply'),
  roleIds: z.array(z.string()),
  /** Everything the user holds (roles + direct), ready for hasPermission/resolvePermission; admins get '*'. */
  permissions: z.array(z.object({ key: z.string(), filters: z.array(ZPermissionFilterRecord).optional() })),
  /** Grants given to the user directly, the ones the permission assign/remove calls edit. */
  direct: z.array(z.object({ key: z.string(), filters: z.array(ZPermissionFilterRecord).optional() })),
});

type TTarget = { id: string; role: string; roleIds: string[]; permissionGrants: TPermissionGrant[] };

/** The account `id` as the caller may see it (users read scope); out of scope is 404. */
async function findTarget(ctx: TSignedInContext, db: TDbOrTx, id: string, lock = false): Promise<TTarget> {
  if (!isUuid(id)) throw notFound('User');
  const query = db
    .select({ id: users.id, role: users.role, roleIds: users.roleIds, permissionGrants: users.permissionGrants })
    .from(users)
    .where(and(eq(users.id, id), userReadScope(ctx)));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw notFound('User');
  return row as TTarget;
}

export async function describeEmployeePermissions(ctx: TSignedInContext, db: TDbOrTx, userId: string, role: string) {
  const [user] = await db.select({ roleIds: users.roleIds, grants: users.permissionGrants }).from(users).where(eq(users.id, userId));
  const effective = await loadUserGrants(db, userId);
  return {
    userId,
    permissionsSystem: await isFeatureOn(db, 'permissionsSystem'),
    roleIds: user?.roleIds ?? [],
    permissions: holdsEveryPermission(role) ? [{ key: '*' }, ...effective] : effective,
    direct: (user?.grants ?? []) as TPermissionGrant[],
  };
}

/**
 * Someone who does not hold every permission (a non-admin) may only widen someone's access with keys
 * they hold themselves, may not edit their own access and may not touch those who hold every
 * permission (administrators): otherwise `auth.assignPermissions` would let anyone grant themselves
 * '*'. Widening keys: granted keys on assign, denied keys on remove.
 */
function assertMayChange(ctx: TSignedInContext, actorGrants: TPermissionGrant[], target: TTarget, wideningKeys: string[]) {
  if (holdsEveryPermission(ctx.actor.role)) return;
  if (target.id === ctx.actor.id) throw new AppError('FORBIDDEN', 'You cannot change your own roles or permissions');
  if (holdsEveryPermission(target.role)) throw new AppError('FORBIDDEN', "Only administrators change an administrator's access");
  const notHeld = wideningKeys.filter((key) => !hasPermission(actorGrants, key));
  if (notHeld.length > 0) throw new AppError('FORBIDDEN', `You can only hand out permissions you hold: ${notHeld.join(', ')}`);
}

async function permissionKeysOfRoles(db: TDbOrTx, roleIds: string[]) {
  if (roleIds.length === 0) return [];
  const rows = await db.select({ permissionIds: roles.permissionIds }).from(roles).where(inArray(roles.id, roleIds));
  const ids = [...new Set(rows.flatMap((r) => r.permissionIds))];
  if (ids.length === 0) return [];
  return (await db.select({ key: permissions.key }).from(permissions).where(inArray(permissions.id, ids))).map((r) => r.key);
}

const grantsOf = (keys: string[]) => keys.filter((k) => !k.startsWith('!'));
const denialsOf = (keys: string[]) => keys.filter((k) => k.startsWith('!')).map((k) => k.slice(1));

export async function getEmployeePermissions(ctx: TSignedInContext, userId: string) {
  await authorizeAction(ctx, 'auth.getEmployeePermissions');
  const target = await findTarget(ctx, ctx.db, userId);
  return describeEmployeePermissions(ctx, ctx.db, target.id, target.role);
}

export async function getEmployeeRoles(ctx: TSignedInContext, userId: string) {
  await authorizeAction(ctx, 'auth.getEmployeePermissions');
  const target = await findTarget(ctx, ctx.db, userId);
  if (target.roleIds.length === 0) return [];
  return ctx.db.select().from(roles).where(inArray(roles.id, target.roleIds)).orderBy(roles.name);
}

type TChange =
  { kind: 'assignRoles'; roleIds: string[] } | { kind: 'removeRoles'; roleIds: string[] } | { kind: 'assignPermissions'; grants: TPermissionGrant[] } | { kind: 'removePermissions'; keys: string[] };

const KEY_BY_CHANGE = {
  assignRoles: 'auth.assignRoles',
  removeRoles: 'auth.removeRoles',
  assignPermissions: 'auth.assignPermissions',
  removePermissions: 'auth.removePermissions',
} as const;

/** Applies one of the four role/permission edits to an account, audited, in one transaction. */
export async function changeEmployeeAccess(ctx: TSignedInContext, userId: string, change: TChange) {
  const actorGrants = await authorizeAction(ctx, KEY_BY_CHANGE[change.kind]);
  return ctx.db.transaction(async (tx) => {
    const target = await findTarget(ctx, tx, userId, true);
    let roleIds = target.roleIds;
    let grants = target.permissionGrants;
    if (change.kind === 'assignRoles') {
      const problems = await missingIds(tx, roles, change.roleIds, 'roleIds');
      if (problems.length > 0) throw validationFailed(problems);
      assertMayChange(ctx, actorGrants, target, grantsOf(await permissionKeysOfRoles(tx, change.roleIds)));
      roleIds = [...new Set([...roleIds, ...change.roleIds])];
    } else if (change.kind === 'removeRoles') {
      assertMayChange(ctx, actorGrants, target, denialsOf(await permissionKeysOfRoles(tx, change.roleIds)));
      roleIds = roleIds.filter((id) => !change.roleIds.includes(id));
    } else if (change.kind === 'assignPermissions') {
      assertMayChange(ctx, actorGrants, target, grantsOf(change.grants.map((g) => g.key)));
      const byKey = new Map(grants.map((g) => [g.key, g]));
      // Assigning a key the user already has replaces its filters.
      for (const grant of change.grants) byKey.set(grant.key, grant.filters?.length ? grant : { key: grant.key });
      grants = [...byKey.values()];
    } else {
      assertMayChange(ctx, actorGrants, target, denialsOf(change.keys));
      grants = grants.filter((g) => !change.keys.includes(g.key));
    }
    await tx.update(users).set({ roleIds, permissionGrants: grants, updatedAt: new Date() }).where(eq(users.id, target.id));
    await recordAudit(tx, ctx, {
      action: change.kind,
      entityType: 'users',
      entityId: target.id,
      changes: change.kind.endsWith('Roles') ? { roleIds: { from: target.roleIds, to: roleIds } } : { permissionGrants: { from: target.permissionGrants, to: grants } },
    });
    return describeEmployeePermissions(ctx, tx, target.id, target.role);
  });
}
