import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notifications } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/errors.ts';
import { requireActor } from '../../../lib/context.ts';
import { isUuid } from '../../../lib/collection/query.ts';
import { errorResponses, ZIdParams } from '../../../lib/schemas.ts';
import { countUnseenNotifications, notificationToRecord } from './notify-user.ts';

export const ZNotificationRecord = z.object({
  _id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  title: z.string(),
  event: z.string(),
  body: z.string().nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
  hasBeenSeen: z.boolean(),
});

const ZNotificationListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(25),
  skip: z.coerce.number().int().min(0).default(0),
  count: z.enum(['true', 'false']).optional(),
  hasBeenSeen: z.enum(['true', 'false']).optional().describe('Only seen (true) or unseen (false) ones'),
});

const errors = errorResponses(400, 401, 403, 404);

/** The signed-in user's own notifications: list, unseen count, mark one or all as seen. */
export function registerNotificationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];

  r.get('/api/notifications', {
    schema: { tags, summary: 'My notifications, newest first', querystring: ZNotificationListQuery, response: { 200: z.array(ZNotificationRecord), ...errors } },
    handler: async (request, reply) => {
      const actor = requireActor(request);
      const { limit, skip, hasBeenSeen } = request.query;
      const where = and(eq(notifications.userId, actor.id), hasBeenSeen ? eq(notifications.hasBeenSeen, hasBeenSeen === 'true') : undefined);
      const db = app.services.db;
      const rows = await db.select().from(notifications).where(where).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(limit).offset(skip);
      if (request.query.count === 'true') {
        const [total] = await db.select({ n: count() }).from(notifications).where(where);
        reply.header('X-Total-Count', String(total.n));
      }
      return rows.map(notificationToRecord);
    },
  });

  r.get('/api/notifications/count', {
    schema: { tags, summary: 'How many of my notifications are unseen', response: { 200: z.object({ count: z.number() }), ...errors } },
    handler: async (request) => ({ count: await countUnseenNotifications(app.services.db, requireActor(request).id) }),
  });

  r.put('/api/notifications/read', {
    schema: { tags, summary: 'Mark all my notifications as seen', response: { 200: z.object({ updated: z.number(), count: z.number() }), ...errors } },
    handler: async (request) => {
      const actor = requireActor(request);
      const updated = await app.services.db
        .update(notifications)
        .set({ hasBeenSeen: true, updatedAt: new Date() })
        .where(and(eq(notifications.userId, actor.id), eq(notifications.hasBeenSeen, false)))
        .returning({ id: notifications.id });
      return { updated: updated.length, count: 0 };
    },
  });

  r.put('/api/notifications/:id', {
    schema: {
      tags,
      summary: 'Mark one of my notifications as seen (or unseen)',
      params: ZIdParams,
      body: z.object({ hasBeenSeen: z.boolean() }),
      response: { 200: ZNotificationRecord, ...errors },
    },
    handler: async (request) => {
      const actor = requireActor(request);
      // Someone else's notification does not exist for this caller.
      if (!isUuid(request.params.id)) throw notFound('Notification');
      const [row] = await app.services.db
        .update(notifications)
        .set({ hasBeenSeen: request.body.hasBeenSeen, updatedAt: new Date() })
        .where(and(eq(notifications.id, request.params.id), eq(notifications.userId, actor.id)))
        .returning();
      if (!row) throw notFound('Notification');
      return notificationToRecord(row);
    },
  });
}
