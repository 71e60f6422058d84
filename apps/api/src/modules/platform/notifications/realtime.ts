import { Server } from 'socket.io';
import type { FastifyBaseLogger } from 'fastify';
import type { TRealtime } from '../../../lib/services.ts';

/**
 * socket.io on the API's HTTP server. Sockets authenticate with the access token in the
 * handshake (`auth: { token }`) and join a room per user; anonymous sockets only get broadcasts
 * (the app-versions channel is public).
 */
export function createRealtime(log: FastifyBaseLogger): TRealtime {
  let io: Server | null = null;
  return {
    attach(server, authenticate) {
      io = new Server(server, { path: '/socket.io', serveClient: false, cors: { origin: false } });
      io.on('connection', async (socket) => {
        const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : null;
        if (!token) return;
        const userId = await authenticate(token).catch(() => null);
        if (userId) await socket.join(`user:${userId}`);
        else log.debug('socket with an invalid token stays anonymous');
      });
    },
    toUser(userId, event, payload) {
      io?.to(`user:${userId}`).emit(event, payload);
    },
    broadcast(event, payload) {
      io?.emit(event, payload);
    },
    async close() {
      await new Promise<void>((resolve, reject) => {
        if (io) io.close(() => resolve()).catch(reject);
        else resolve();
      });
    },
  };
}
