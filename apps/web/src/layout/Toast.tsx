import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Snackbar } from '@mui/material';
import { CloseNotificationContext, type NotificationPayload, undoableEventEmitter, useNotificationContext, useNotify, useTakeUndoableMutation, useTranslate } from 'react-admin';
import { takeHandoverNotice } from '../shellContext';

export const TOAST_DURATION_MS = 3000;

/**
 * Every notice is a toast shown for 3000 ms with an icon (success, error, info, warning), at the
 * top just under the app bar: at the bottom it covered the forms' Save/Delete bars and the list
 * action bars that the user reaches for next. Replaces react-admin's <Notification>, keeping its
 * undo support.
 */
export function Toast() {
  const { notifications, takeNotification } = useNotificationContext();
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

  useEffect(() => {
    if (notifications.length && !current) {
      const next = takeNotification();
      if (next) {
        setCurrent(next);
        setOpen(true);
      }
    }
  }, [notifications, current, takeNotification]);

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
        open={open}
        autoHideDuration={autoHideDuration === undefined ? TOAST_DURATION_MS : (autoHideDuration ?? undefined)}
        onClose={(_event, reason) => reason !== 'clickaway' && close()}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        sx={{ top: { xs: 64, sm: 72 } }}
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
