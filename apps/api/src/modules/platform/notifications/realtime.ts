import { Server, type DefaultEventsMap } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import type { TRedis } from '../../../lib/redis.ts';
import type { TActor } from '../../../lib/context.ts';
import type { TLiveWatcher, TRealtime } from '../../../lib/services.ts';

/**
 * socket.io on the API's HTTP server. Sockets authenticate with the access token in the
 * handshake (`auth: { token }`) and join a room per user; anonymous sockets only get broadcasts
 * (the app-versions channel is public). With Redis (REDIS_URL) rooms span every API process
 * (socket.io's Redis adapter): a push made by one process reaches the user's sockets on all of them.
 * Each authenticated socket also joins a room per session, so ending a session (logout, password
 * change, disabled account) disconnects its sockets wherever they are connected.
 *
 * Live lists: a signed-in socket sends `live:watch` with a collection name while a list of it is on
 * screen (`live:unwatch` when it leaves) and joins `live:<name>` and `live:<name>:<userId>`. A write
 * asks `watchers` who watches (every process answers through the adapter, with the actor each socket
 * authenticated as) and pushes to the per-user rooms of the users it chose (lib/collection/live.ts).
 */
const sessionRoom = (sessionId: string) => `session:${sessionId}`;
const watchRoom = (collection: string) => `live:${collection}`;
const watcherRoom = (collection: string, userId: string) => `live:${collection}:${userId}`;
/** A collection name as the generic routes spell it (`/api/{name}`). */
const COLLECTION_NAME = /^[a-z][a-z0-9-]{0,63}$/;

/** What the server keeps on a socket (socket.io types it `any` unless told). */
type TSocketData = { sessionId?: string | null; actor?: TActor };
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
        // Listeners go on before the token is checked (a watch may arrive meanwhile); they wait for it.
        const identified = authenticate(token).catch(() => null);
        socket.on('live:watch', async (collection: unknown) => {
          const identity = await identified;
          if (!identity?.actor || typeof collection !== 'string' || !COLLECTION_NAME.test(collection)) return;
          await socket.join([watchRoom(collection), watcherRoom(collection, identity.userId)]);
        });
        socket.on('live:unwatch', async (collection: unknown) => {
          const identity = await identified;
          if (!identity || typeof collection !== 'string') return;
          await socket.leave(watchRoom(collection));
          await socket.leave(watcherRoom(collection, identity.userId));
        });
        const identity = await identified;
        if (!identity) {
          log.debug('socket with an invalid token stays anonymous');
          return;
        }
        socket.data.sessionId = identity.sessionId;
        if (identity.actor) socket.data.actor = identity.actor;
        await socket.join(identity.sessionId ? [`user:${identity.userId}`, sessionRoom(identity.sessionId)] : `user:${identity.userId}`);
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
    async watchers(collection) {
      if (!io) return [];
      // With Redis every process answers for its sockets (socket.io's adapter, within its request timeout).
      const sockets = await io.in(watchRoom(collection)).fetchSockets();
      const byUser = new Map<string, TLiveWatcher>();
      for (const socket of sockets) {
        const actor = socket.data.actor;
        if (actor && !byUser.has(actor.id)) byUser.set(actor.id, { actor });
      }
      return [...byUser.values()];
    },
    toWatchers(collection, userIds, event, payload) {
      if (!io || userIds.length === 0) return;
      io.to(userIds.map((userId) => watcherRoom(collection, userId))).emit(event, payload);
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
