import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entityPermissionKey, ENTITY_OPERATIONS } from '@app/domain/platform/auth/permissions';
import { registerCollection } from '../../../lib/collection/routes.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { rowToRecord } from '../../../lib/collection/serialize.ts';
import { signedInContextOf } from '../../../lib/context.ts';
import { errorResponses, ZIdParams } from '../../../lib/schemas.ts';
import { ensurePermissions, permissionsCollection } from '../permissions/permissions.ts';
import {
  changeEmployeeAccess,
  describeEmployeePermissions,
  getEmployeePermissions,
  getEmployeeRoles,
  ZAssignPermissionsBody,
  ZEmployeePermissions,
  ZRemovePermissionsBody,
  ZRoleIdsBody,
} from './employee-access.ts';
import { rolesCollection, ZRoleRecord } from './roles.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['roles'];

function signedIn(request: FastifyRequest): TSignedInContext {
  return signedInContextOf(request);
}

/** /api/roles, /api/permissions and the /api/auth/{role,permission}/... endpoints that read, assign and remove an account's roles and permissions. */
export function registerRoleRoutes(app: FastifyInstance) {
  registerCollection(app, rolesCollection);
  registerCollection(app, permissionsCollection);
  // Once every module has registered its collections, the role editor gets their entity keys too.
  app.addHook('onReady', async () => {
    const entities = [...new Set([...app.services.collections.values()].map((runtime) => runtime.entity))];
    await ensurePermissions(
      app.services.db,
      entities.flatMap((entity) => ENTITY_OPERATIONS.map((op) => entityPermissionKey(entity, op))),
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/auth/permission/employee/me', {
    schema: { tags, summary: 'Your own roles and permissions', response: { 200: ZEmployeePermissions, ...errors } },
    handler: async (request) => {
      const ctx = signedIn(request);
      return describeEmployeePermissions(ctx, ctx.db, ctx.actor.id, ctx.actor.role);
    },
  });
  r.get('/api/auth/permission/employee/:id', {
    schema: { tags, summary: "An account's roles and permissions (auth.getEmployeePermissions)", params: ZIdParams, response: { 200: ZEmployeePermissions, ...errors } },
    handler: async (request) => getEmployeePermissions(signedIn(request), request.params.id),
  });
  r.get('/api/auth/roles/employee/:id', {
    schema: { tags, summary: "An account's roles (auth.getEmployeePermissions)", params: ZIdParams, response: { 200: z.array(ZRoleRecord), ...errors } },
    handler: async (request) => (await getEmployeeRoles(signedIn(request), request.params.id)).map((row) => rowToRecord(row) as z.infer<typeof ZRoleRecord>),
  });
  r.put('/api/auth/role/assign/employee/:id', {
    schema: { tags, summary: 'Add roles to an account (auth.assignRoles)', params: ZIdParams, body: ZRoleIdsBody, response: { 200: ZEmployeePermissions, ...errors } },
    handler: async (request) => changeEmployeeAccess(signedIn(request), request.params.id, { kind: 'assignRoles', roleIds: request.body.roleIds }),
  });
  r.put('/api/auth/role/remove/employee/:id', {
    schema: { tags, summary: 'Take roles from an account (auth.removeRoles)', params: ZIdParams, body: ZRoleIdsBody, response: { 200: ZEmployeePermissions, ...errors } },
    handler: async (request) => changeEmployeeAccess(signedIn(request), request.params.id, { kind: 'removeRoles', roleIds: request.body.roleIds }),
  });
  r.put('/api/auth/permission/assign/employee/:id', {
    schema: {
      tags,
      summary: 'Grant permissions directly (auth.assignPermissions); a key already held gets the new filters',
      params: ZIdParams,
      body: ZAssignPermissionsBody,
      response: { 200: ZEmployeePermissions, ...errors },
    },
    handler: async (request) => changeEmployeeAccess(signedIn(request), request.params.id, { kind: 'assignPermissions', grants: request.body.permissions }),
  });
  r.put('/api/auth/permission/remove/employee/:id', {
    schema: { tags, summary: 'Withdraw direct permissions by key (auth.removePermissions)', params: ZIdParams, body: ZRemovePermissionsBody, response: { 200: ZEmployeePermissions, ...errors } },
    handler: async (request) => changeEmployeeAccess(signedIn(request), request.params.id, { kind: 'removePermissions', keys: request.body.permissions }),
  });
}
