import { and, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AUTH_PERMISSION_KEYS, KNOWN_PERMISSION_KEYS, NCA_FORCE_SKIP_SIGNATURES, ZPermissionFilter, ZPermissionFilterRecord, ZPermissionKey } from '@app/domain/platform/auth/permissions';
import { permissions, roles } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import { defineCollection } from '../../../lib/collection/define.ts';
import { AppError } from '../../../lib/errors.ts';
import { ZRecordBase } from '../../../lib/schemas.ts';
import { partialWithoutDefaults } from '../../../lib/schemas.ts';
import { permissionsSystemOnSql } from './authorize.ts';
import { isOneOf } from '@app/domain/platform/records/keys';

export const PERMISSION_NODE_TYPES = ['functionality', 'action', 'entity', 'auth'] as const;

/** The node type a key implies: auth.* keys, named actions, otherwise entity operations. */
export function nodeTypeOfKey(key: string): (typeof PERMISSION_NODE_TYPES)[number] {
  if (isOneOf(AUTH_PERMISSION_KEYS, key)) return 'auth';
  if (key === NCA_FORCE_SKIP_SIGNATURES) return 'action';
  return 'entity';
}

/**
 * Inserts a permission row for every key that has none (area = first segment, name = the rest);
 * rows already there, and admins' edits to them, are kept. Runs at every start.
 */
export async function ensurePermissions(db: TDbOrTx, keys: readonly string[] = KNOWN_PERMISSION_KEYS) {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return;
  await db
    .insert(permissions)
    .values(unique.map((key) => ({ key, areaName: key.split('.')[0], name: key.split('.').slice(1).join('.') || key, nodeType: nodeTypeOfKey(key) })))
    .onConflictDoNothing();
}

const ZPermissionInput = z.object({
  areaName: z.string().trim().min(1, 'validation.required').max(100),
  name: z.string().trim().min(1, 'validation.required').max(100),
  key: ZPermissionKey,
  nodeType: z.enum(PERMISSION_NODE_TYPES).default('entity'),
  filters: z.array(ZPermissionFilter).max(20).nullable().optional(),
});

export const ZPermissionRecord = ZRecordBase.extend({
  areaName: z.string(),
  name: z.string(),
  key: z.string(),
  nodeType: z.string(),
  filters: z.array(ZPermissionFilterRecord).nullable(),
});

async function assertKeyFree(db: TDbOrTx, key: string, exceptId?: string) {
  const [row] = await db
    .select({ id: permissions.id })
    .from(permissions)
    .where(and(eq(permissions.key, key), exceptId ? ne(permissions.id, exceptId) : undefined));
  if (row) throw new AppError('DUPLICATE', 'A permission with this key exists', { details: [{ path: 'key', message: 'must be unique', value: key }] });
}

/**
 * Permissions: the catalogue roles are built from. Admins manage it; others read
 * it only with the permission system on and `permissions.getAll`/`get` granted.
 */
export const permissionsCollection = defineCollection({
  name: 'permissions',
  resource: 'permissions',
  table: permissions,
  record: ZPermissionRecord,
  create: ZPermissionInput,
  // Without create defaults: a partial update must not reset untouched fields.
  update: partialWithoutDefaults(ZPermissionInput),
  filterable: { areaName: permissions.areaName, name: permissions.name, key: permissions.key, nodeType: permissions.nodeType },
  searchable: [permissions.areaName, permissions.name, permissions.key],
  scopes: { permissionSystemOn: () => permissionsSystemOnSql() },
  async toRow({ input, tx, existing }) {
    if (typeof input.key === 'string') await assertKeyFree(tx, input.key, existing?.id);
    return input;
  },
  // Roles keep only permissions that exist.
  async afterWrite(op, row, { tx }) {
    if (op !== 'delete') return;
    await tx
      .update(roles)
      .set({ permissionIds: sql`array_remove(${roles.permissionIds}, ${row.id}::uuid)`, updatedAt: new Date() })
      .where(sql`${row.id}::uuid = any(${roles.permissionIds})`);
  },
});
