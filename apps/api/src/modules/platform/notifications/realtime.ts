import { Server, type DefaultEventsMap } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import type { TRedis } from '../../../lib/redis.ts';
import type { TRealtime } from '../../../lib/services.ts';

/**
 * socket.io on the API's HTTP server. Sockets authenticate with the access token in the
 * handshake (`auth: { token }`) and join a room per user; anonymous sockets only get broadcasts
 * (the app-versions channel is public). With Redis (REDIS_URL) rooms span every API process
 * (socket.io's Redis adapter): a push made by one process reaches the user's sockets on all of them.
 * Each authenticated socket also joins a room per session, so ending a session (logout, password
 * change, disabled account) disconnects its sockets wherever they are connected.
 */
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** What the server keeps on a socket (socket.io types it `any` unless told). */
type TSocketData = { sessionId?: string | null };
type TRealtimeServer = Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, TSocketData>;

export function createRealtime(log: FastifyBaseLogger, redis: TRedis | null = null): TRealtime {
  let io: TRealtimeServer | null = null;
  let adapterClients: TRedis[] = [];
  return {
    attach(server, authenticate) {
      io = new Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, TSocketData>(server, { path: '/socket.io', serveClient: false, cors: { origin: false } });
      if (redis) {
        // The adapter needs its own publishing and subscribing connections.
        adapterClients = [redis.duplicate(), redis.duplicate()];
        io.adapter(createAdapter(adapterClients[0], adapterClients[1]));
      }
      io.on('connection', async (socket) => {
        const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : null;
        if (!token) return;
        const identity = await authenticate(token).catch(() => null);
        if (!identity) {
          log.debug('socket with an invalid token stays anonymous');
          return;
        }
        await socket.join(identity.sessionId ? [`user:${identity.userId}`, sessionRoom(identity.sessionId)] : `user:${identity.userId}`);
        socket.data.sessionId = identity.sessionId;
      });
    },
    toUser(userId, event, payload) {
      io?.to(`user:${userId}`).emit(event, payload);
    },
    broadcast(event, payload) {
      io?.emit(event, payload);
    },
    disconnectSessions(sessionIds) {
      if (!io || sessionIds.length === 0) return;
      // Through the adapter: with Redis the other processes close their sockets of these sessions too.
      io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
    },
    disconnectUser(userId) {
      io?.in(`user:${userId}`).disconnectSockets(true);
    },
    async close() {
      await new Promise<void>((resolve, reject) => {
        if (io) io.close(() => resolve()).catch(reject);
        else resolve();
      });
      await Promise.all(adapterClients.map((c) => c.quit().catch(() => c.disconnect())));
      adapterClients = [];
    },
  };
}
