import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerCollection } from '../../../lib/collection/routes.ts';
import { errorResponses, ZIdParams } from '../../../lib/schemas.ts';
import { signedIn } from '../declarations/routes.ts';
import { communicationsCollection, listCommunicationRecipients, markCommunicationRead, sendCommunication, ZCommunicationInput, ZCommunicationRecord } from './communications.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['communications'];

/** Messages from a comune to its hoteliers: send (notification + e-mail each), read receipts. */
export function registerCommunicationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/communications', {
    schema: { tags, summary: 'Send a message to all the hoteliers of the comune or to chosen structures', body: ZCommunicationInput, response: { 201: ZCommunicationRecord, ...errors } },
    handler: async (request, reply) => {
      const record = await sendCommunication(app, signedIn(request), request.body);
      reply.code(201);
      return record;
    },
  });
  registerCollection(app, communicationsCollection);
  r.get('/api/communications/:id/recipients', {
    schema: {
      tags,
      summary: 'Recipients and who has read it (comune)',
      params: ZIdParams,
      response: {
        200: z.array(
          z.object({
            userId: z.string(),
            email: z.string(),
            name: z.string().nullable(),
            surname: z.string().nullable(),
            commercialName: z.string().nullable(),
            readAt: z.string().nullable(),
            hasRead: z.boolean(),
          }),
        ),
        ...errors,
      },
    },
    handler: async (request) => listCommunicationRecipients(signedIn(request), request.params.id),
  });
  r.post('/api/communications/:id/read', {
    schema: { tags, summary: 'Mark as read (recipient)', params: ZIdParams, body: z.object({}).optional(), response: { 200: z.object({ _id: z.string(), readAt: z.string() }), ...errors } },
    handler: async (request) => markCommunicationRead(signedIn(request), request.params.id),
  });
}
