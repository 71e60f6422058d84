import type { Socket } from 'socket.io-client';

/*
 * One socket.io connection per signed-in session, only when the websocket feature is on.
 * socket.io-client is loaded on demand so the sign-in page never downloads it.
 * Options: 20 s connect timeout, 1 s delay growing to 5 s, randomisation 0.5,
 * unlimited attempts.
 */

let socket: Socket | null = null;
let socketToken: string | null = null;
let connecting: Promise<Socket> | null = null;

export async function connectSocket(token: string): Promise<Socket> {
  if (socket && socketToken === token) return socket;
  if (connecting && socketToken === token) return connecting;
  disconnectSocket();
  socketToken = token;
  connecting = import('socket.io-client').then(({ io }) => {
    const created = io({
      path: '/socket.io',
      auth: { token },
      timeout: 20_000,
      reconnection: true,
      reconnectionDelay: 1_000,
      reconnectionDelayMax: 5_000,
      randomizationFactor: 0.5,
      reconnectionAttempts: Infinity,
    });
    socket = created;
    return created;
  });
  try {
    return await connecting;
  } finally {
    connecting = null;
  }
}

export function disconnectSocket(): void {
  socket?.disconnect();
  socket = null;
  socketToken = null;
}

/** A tab coming back to the foreground reconnects at once instead of waiting for the back-off. */
export function reconnectIfDisconnected(): void {
  if (socket && !socket.connected) socket.connect();
}
