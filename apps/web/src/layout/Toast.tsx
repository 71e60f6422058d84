import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Snackbar } from '@mui/material';
import { CloseNotificationContext, type NotificationPayload, undoableEventEmitter, useNotificationContext, useNotify, useTakeUndoableMutation, useTranslate } from 'react-admin';
import { takeHandoverNotice } from '../shellContext';

export const TOAST_DURATION_MS = 3000;

/**
 * Every notice is a toast shown for 3000 ms with an icon (success, error, info, warning), at the
 * bottom centre, where the product's design puts it: between a form's Save (left) and Delete
 * (right), and on a phone above the bottom bar. The newest outcome replaces the one on screen
 * (react-admin queues them, so a stale "saved" would show after a newer error); only a notice that
 * offers "undo" stays until it ends. Replaces react-admin's <Notification>, keeping its undo support.
 */
export function Toast() {
  const { notifications, takeNotification, resetNotifications } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState<NotificationPayload | undefined>(undefined);
  const notify = useNotify();

  // A notice the sign-in pages left when they handed over to the admin app (registration's welcome).
  useEffect(() => {
    const notice = takeHandoverNotice();
    if (notice) notify(notice, { type: 'success' });
  }, [notify]);

  // Each shown notice gets a new key, so the 3-second timer restarts when a newer one replaces it.
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (notifications.length === 0) return;
    // An undo offer holds its mutation until the toast closes: never drop it, nor one waiting in the queue.
    const undoWaiting = current?.notificationOptions?.undoable === true || notifications.some((notice) => notice.notificationOptions?.undoable);
    if (undoWaiting) {
      if (current) return;
      const next = takeNotification();
      if (next) {
        setCurrent(next);
        setShown((count) => count + 1);
        setOpen(true);
      }
      return;
    }
    setCurrent(notifications[notifications.length - 1]);
    resetNotifications();
    setShown((count) => count + 1);
    setOpen(true);
  }, [notifications, current, takeNotification, resetNotifications]);

  const close = useCallback(() => setOpen(false), []);

  const exited = useCallback(() => {
    if (current?.notificationOptions?.undoable) {
      const mutation = takeMutation();
      if (mutation) mutation({ isUndo: false });
      else undoableEventEmitter.emit('end', { isUndo: false });
    }
    setCurrent(undefined);
  }, [current, takeMutation]);

  const undo = useCallback(() => {
    const mutation = takeMutation();
    if (mutation) mutation({ isUndo: true });
    else undoableEventEmitter.emit('end', { isUndo: true });
    setOpen(false);
  }, [takeMutation]);

  if (!current) return null;
  const { message, type, notificationOptions } = current;
  const { undoable, autoHideDuration } = notificationOptions ?? {};
  // react-admin types the message arguments `any`: they are translate()'s interpolation values.
  const messageArgs = notificationOptions?.messageArgs as Record<string, unknown> | undefined;
  const severity = type === 'success' || type === 'error' || type === 'warning' ? type : 'info';
  const text = typeof message === 'string' ? translate(message, { _: message, ...(messageArgs ?? {}) }) : message;

  return (
    <CloseNotificationContext.Provider value={close}>
      <Snackbar
        key={shown}
        open={open}
        autoHideDuration={autoHideDuration === undefined ? TOAST_DURATION_MS : (autoHideDuration ?? undefined)}
        onClose={(_event, reason) => reason !== 'clickaway' && close()}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        sx={{ bottom: { xs: 72, sm: 24 } }}
        slotProps={{ transition: { onExited: exited } }}
        disableWindowBlurListener={undoable}
      >
        <Alert
          severity={severity}
          variant="filled"
          onClose={close}
          data-testid="toast"
          data-type={severity}
          sx={{ minWidth: { xs: 0, sm: 320 }, maxWidth: 'calc(100vw - 16px)', alignItems: 'center' }}
          action={
            undoable ? (
              <Button color="inherit" size="small" onClick={undo}>
                {translate('ra.action.undo')}
              </Button>
            ) : undefined
          }
        >
          {text}
        </Alert>
      </Snackbar>
    </CloseNotificationContext.Provider>
  );
}
