import { and, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { permissions, roles, users } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import { defineCollection } from '../../../lib/collection/define.ts';
import { AppError, validationFailed } from '../../../lib/errors.ts';
import { ZRecordBase } from '../../../lib/schemas.ts';
import { partialWithoutDefaults } from '../../../lib/schemas.ts';
import { permissionsSystemOnSql } from '../permissions/authorize.ts';

import { ROLE_TYPES } from '@app/domain/platform/auth/roles';

export { ROLE_TYPES };

const uniqueIds = (ids: string[]) => new Set(ids).size === ids.length;

const ZRoleInput = z.object({
  name: z.string().trim().min(1, 'validation.required').max(100),
  description: z.string().trim().max(1000).nullable().optional(),
  roleType: z.enum(ROLE_TYPES).default('internal'),
  permissionIds: z.array(z.uuid()).max(2000).refine(uniqueIds, 'list values must be unique').default([]),
});

export const ZRoleRecord = ZRecordBase.extend({
  name: z.string(),
  description: z.string().nullable(),
  roleType: z.enum(ROLE_TYPES),
  permissionIds: z.array(z.string()),
});

/** Ids from `ids` with no row in `table`, with their list index, as error details under `path`. */
export async function missingIds(db: TDbOrTx, table: typeof permissions | typeof roles, ids: string[], path: string) {
  if (ids.length === 0) return [];
  const found = new Set((await db.select({ id: table.id }).from(table).where(inArray(table.id, ids))).map((r) => r.id));
  return ids.flatMap((id, index) => (found.has(id) ? [] : [{ path: `${path}.${index}`, message: 'does not exist', value: id }]));
}

/**
 * Roles: a named set of permissions assigned to accounts. Admins manage them;
 * others read them only with the permission system on and `roles.getAll`/`get` granted.
 */
export const rolesCollection = defineCollection({
  name: 'roles',
  resource: 'roles',
  table: roles,
  record: ZRoleRecord,
  create: ZRoleInput,
  // Without create defaults: a partial update must not reset untouched fields.
  update: partialWithoutDefaults(ZRoleInput),
  filterable: { name: roles.name, roleType: roles.roleType, permissionIds: roles.permissionIds },
  sortable: { name: roles.name, roleType: roles.roleType },
  searchable: [roles.name, roles.description],
  scopes: { permissionSystemOn: () => permissionsSystemOnSql() },
  async toRow({ input, tx, existing }) {
    if (typeof input.name === 'string') {
      const [clash] = await tx
        .select({ id: roles.id })
        .from(roles)
        .where(and(sql`lower(${roles.name}) = ${input.name.toLowerCase()}`, existing ? ne(roles.id, existing.id) : undefined));
      if (clash) throw new AppError('DUPLICATE', 'A role with this name exists', { details: [{ path: 'name', message: 'must be unique', value: input.name }] });
    }
    if (Array.isArray(input.permissionIds)) {
      const problems = await missingIds(tx, permissions, input.permissionIds, 'permissionIds');
      if (problems.length > 0) throw validationFailed(problems);
    }
    return input;
  },
  // Accounts keep only roles that exist.
  async afterWrite(op, row, { tx }) {
    if (op !== 'delete') return;
    await tx
      .update(users)
      .set({ roleIds: sql`array_remove(${users.roleIds}, ${row.id}::uuid)`, updatedAt: new Date() })
      .where(sql`${row.id}::uuid = any(${users.roleIds})`);
  },
});
