import { io, type Socket } from 'socket.io-client';
import type { TTestApp } from '../../../test/harness.ts';

/** Test helpers: socket.io clients against a test server (startTestApp). */
export function createSocketClients(t: TTestApp) {
  const sockets: Socket[] = [];

  function connect(token?: string): Promise<Socket> {
    const socket = io(t.baseUrl, { path: '/socket.io', transports: ['websocket'], auth: token ? { token } : {}, reconnection: false, forceNew: true });
    sockets.push(socket);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }

  /** The server joins the user's room asynchronously after the handshake; wait until a push arrives. */
  async function connectAndJoin(token: string, userId: string) {
    const socket = await connect(token);
    // Generous: test machines under load can take seconds to finish the handshake.
    for (let i = 0; i < 60; i++) {
      const probe = nextEvent(socket, 'probe', 250).then(
        () => true,
        () => false,
      );
      t.app.services.realtime.toUser(userId, 'probe', {});
      if (await probe) return socket;
    }
    throw new Error('socket never joined the user room');
  }

  return { connect, connectAndJoin, closeAll: () => sockets.forEach((s) => s.disconnect()) };
}

/** The first `event` the socket receives within `ms` whose payload `matches` (any, by default). */
export function nextEvent<T = any>(socket: Socket, event: string, ms = 10_000, matches: (payload: T) => boolean = () => true): Promise<T> {
  return new Promise((resolve, reject) => {
    const listener = (payload: T) => {
      if (!matches(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    socket.on(event, listener);
  });
}

/** Resolves true if the event arrives within `ms`, false otherwise. */
export const receives = (socket: Socket, event: string, ms = 500) =>
  nextEvent(socket, event, ms).then(
    () => true,
    () => false,
  );
