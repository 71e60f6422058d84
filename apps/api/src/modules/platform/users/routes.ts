import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerCollection } from '../../../lib/collection/routes.ts';
import { contextOf, signedInContextOf } from '../../../lib/context.ts';
import { errorResponses, ZIdParams } from '../../../lib/schemas.ts';
import { createUser, inviteUsers, ZInviteBody } from './create-users.ts';
import { deleteUser } from './delete-user.ts';
import { ZUserCreate } from './user-input.ts';
import { userToRecord, ZUserRecord } from './user-record.ts';
import { usersCollection } from './users.ts';
import { isRecord } from '../../../lib/guards.ts';

const errors = errorResponses(400, 401, 403, 404, 409);

/** /api/users: the generic list/get/update plus create (with invite e-mail), bulk invite and anonymising delete. */
export function registerUserRoutes(app: FastifyInstance) {
  const runtime = registerCollection(app, usersCollection);
  // Disabling an account ends all its sessions inside the generic update (users.ts, in its
  // transaction); once the update has answered, and so committed, the account's open sockets close too.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'PUT' || request.routeOptions.url !== '/api/users/:id' || reply.statusCode !== 200) return;
    if (!isRecord(request.body) || request.body.isEnabled !== false || !isRecord(request.params) || typeof request.params.id !== 'string') return;
    app.services.realtime.disconnectUser(request.params.id);
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = (request: Parameters<typeof contextOf>[0]) => {
    return signedInContextOf(request);
  };

  r.post('/api/users', {
    schema: {
      tags: ['users'],
      summary: 'Create an account (admin). Without `password` a temporary one is generated and e-mailed.',
      body: ZUserCreate,
      response: { 201: ZUserRecord, ...errors },
    },
    handler: async (request, reply) => {
      const row = await createUser(app.services, runtime, signedIn(request), request.body);
      reply.code(201);
      return userToRecord(row);
    },
  });

  r.post('/api/users/bulk', {
    schema: {
      tags: ['users'],
      summary: 'Invite several accounts at once, all or nothing; errors list every bad row (`users.<index>.<field>`)',
      body: ZInviteBody,
      response: { 201: z.array(ZUserRecord), ...errors },
    },
    handler: async (request, reply) => {
      const rows = await inviteUsers(app.services, runtime, signedIn(request), request.body.users);
      reply.code(201);
      return rows.map(userToRecord);
    },
  });

  r.delete('/api/users/:id', {
    schema: {
      tags: ['users'],
      summary: 'Delete an account (admin): it is anonymised and disabled; its legal records stay',
      params: ZIdParams,
      response: { 200: z.object({ _id: z.string() }), ...errors },
    },
    handler: async (request) => {
      app.services.realtime.disconnectSessions(await deleteUser(runtime, signedIn(request), request.params.id));
      return { _id: request.params.id };
    },
  });
}
