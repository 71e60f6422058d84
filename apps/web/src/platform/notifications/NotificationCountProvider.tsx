import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useAppConfig } from '../../config';
import { fetchUnseenNotificationCount, type TNotification } from '../../dataProvider/api';
import { connectSocket } from '../../realtime/socket';
import { nextUnseenCount } from './unseenCount';
import { useSession } from '../../session/useSession';

type TNotificationListener = (notification: TNotification) => void;

type TNotificationCountContext = {
  count: number;
  enabled: boolean;
  markedOneRead: () => void;
  markedAllRead: () => void;
  refresh: () => void;
  onNewNotification: (listener: TNotificationListener) => () => void;
};

const NotificationCountContext = createContext<TNotificationCountContext>({
  count: 0,
  enabled: false,
  markedOneRead: () => undefined,
  markedAllRead: () => undefined,
  refresh: () => undefined,
  onNewNotification: () => () => undefined,
});

const POLL_INTERVAL_MS = 60_000;

/**
 * The bell's unseen count: rises on a new unseen notification, falls by one when one is
 * marked read, goes to 0 when all are. Live through the socket when the websocket feature is on,
 * otherwise re-read every minute. Failures are only logged, never shown.
 */
export function NotificationCountProvider({ children }: { children: ReactNode }) {
  const { features } = useAppConfig();
  const session = useSession();
  const token = session?.token ?? null;
  const enabled = features.notificationCount && !!token;
  const [count, setCount] = useState(0);
  const listeners = useRef(new Set<TNotificationListener>());

  const refresh = useCallback(() => {
    if (!enabled) return;
    fetchUnseenNotificationCount()
      .then((loaded) => setCount((current) => nextUnseenCount(current, { type: 'loaded', count: loaded })))
      .catch((error) => console.warn('notification count not loaded', error));
  }, [enabled]);

  useEffect(() => {
    if (!enabled) {
      setCount(0);
      return;
    }
    refresh();
    if (features.websocket && token) {
      let detach = () => undefined as void;
      connectSocket(token)
        .then((socket) => {
          const handler = (payload: { notification?: TNotification; count?: number }) => {
            setCount((current) => nextUnseenCount(current, { type: 'received', ...payload }));
            if (payload?.notification) for (const listener of listeners.current) listener(payload.notification);
          };
          socket.on('notifications', handler);
          detach = () => void socket.off('notifications', handler);
        })
        .catch((error) => console.warn('socket not connected', error));
      return () => detach();
    }
    const timer = window.setInterval(refresh, POLL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [enabled, features.websocket, token, refresh]);

  const value = useMemo<TNotificationCountContext>(
    () => ({
      count,
      enabled,
      markedOneRead: () => setCount((current) => nextUnseenCount(current, { type: 'markedOneRead' })),
      markedAllRead: () => setCount((current) => nextUnseenCount(current, { type: 'markedAllRead' })),
      refresh,
      onNewNotification: (listener) => {
        listeners.current.add(listener);
        return () => listeners.current.delete(listener);
      },
    }),
    [count, enabled, refresh],
  );

  return <NotificationCountContext.Provider value={value}>{children}</NotificationCountContext.Provider>;
}

export function useNotificationCount() {
  return useContext(NotificationCountContext);
}
