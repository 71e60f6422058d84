import type { Socket } from 'socket.io-client';

/** What the API pushes when a record of a watched collection is created, changed or deleted by someone else (no record data). */
export type TLiveChange = { collection: string; id: string; kind: 'created' | 'updated' | 'deleted' };

type TListener = (change: TLiveChange) => void;

/*
 * The lists on screen watch their collection over the one socket (`live:watch`); the API tells a
 * watcher only of rows its user may read. Several lists of one collection share one watch: the last
 * to leave unwatches. A reconnected socket watches again (the server forgets rooms on disconnect).
 */
const watches = new Map<Socket, Map<string, Set<TListener>>>();

function registryOf(socket: Socket) {
  let byCollection = watches.get(socket);
  if (!byCollection) {
    const created = new Map<string, Set<TListener>>();
    watches.set(socket, (byCollection = created));
    socket.on('connect', () => {
      for (const collection of created.keys()) socket.emit('live:watch', collection);
    });
    socket.on('live', (change: TLiveChange) => {
      for (const listener of created.get(change?.collection) ?? []) listener(change);
    });
  }
  return byCollection;
}

/** Calls `listener` with the changes of `collection` until the returned function is called. */
export function watchCollection(socket: Socket, collection: string, listener: TListener): () => void {
  const byCollection = registryOf(socket);
  let listeners = byCollection.get(collection);
  if (!listeners) {
    byCollection.set(collection, (listeners = new Set()));
    if (socket.connected) socket.emit('live:watch', collection);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && byCollection.get(collection) === listeners) {
      byCollection.delete(collection);
      if (socket.connected) socket.emit('live:unwatch', collection);
    }
  };
}
