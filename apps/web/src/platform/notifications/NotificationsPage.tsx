import { useCallback, useEffect, useRef, useState } from 'react';
import { ButtonList } from '../../components/ButtonList';
import { Box, Button, Card, CircularProgress, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import CircleIcon from '@mui/icons-material/Circle';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import { Title, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { fetchNotifications, markAllNotificationsRead, markNotificationRead, type TNotification } from '../../dataProvider/api';
import { formatDateTime } from '../../i18n/format';
import { useNotificationCount } from './NotificationCountProvider';
import { errorMessageOf } from '../../dataProvider/errors';

const PAGE_SIZE = 20;

/** Infinite-scroll list, newest first; reading one or all keeps the bell in step. */
export function NotificationsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const { markedOneRead, markedAllRead, onNewNotification, count } = useNotificationCount();
  const [items, setItems] = useState<TNotification[]>([]);
  const [loading, setLoading] = useState(false);
  const [done, setDone] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const loadingRef = useRef(false);

  const loadMore = useCallback(async () => {
    if (loadingRef.current || done) return;
    loadingRef.current = true;
    setLoading(true);
    try {
      const page = await fetchNotifications(PAGE_SIZE, items.length);
      setItems((current) => {
        const known = new Set(current.map((item) => item._id));
        return [...current, ...page.filter((item) => !known.has(item._id))];
      });
      if (page.length < PAGE_SIZE) setDone(true);
    } catch (error) {
      console.warn('notifications not loaded', error);
      setDone(true);
    } finally {
      loadingRef.current = false;
      setLoading(false);
    }
  }, [done, items.length]);

  useEffect(() => {
    const element = sentinel.current;
    if (!element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void loadMore();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [loadMore]);

  useEffect(() => onNewNotification((notification) => setItems((current) => [notification, ...current.filter((item) => item._id !== notification._id)])), [onNewNotification]);

  const readOne = async (notification: TNotification) => {
    if (notification.hasBeenSeen) return;
    try {
      await markNotificationRead(notification._id);
      setItems((current) => current.map((item) => (item._id === notification._id ? { ...item, hasBeenSeen: true } : item)));
      markedOneRead();
    } catch (error) {
      notify(errorMessageOf(error), { type: 'error' });
    }
  };

  const readAll = async () => {
    try {
      await markAllNotificationsRead();
      setItems((current) => current.map((item) => ({ ...item, hasBeenSeen: true })));
      markedAllRead();
      notify('notifications.allRead', { type: 'success' });
    } catch (error) {
      notify(errorMessageOf(error), { type: 'error' });
    }
  };

  return (
    <Box sx={{ mt: 2, maxWidth: 900 }}>
      <Title title={translate('notifications.title')} />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography color="text.secondary">{translate('notifications.unseen', { smart_count: count })}</Typography>
        <Button startIcon={<DoneAllIcon />} onClick={readAll} disabled={items.every((item) => item.hasBeenSeen) && count === 0} data-testid="mark-all-read">
          {translate('notifications.markAllRead')}
        </Button>
      </Box>
      <Card>
        <ButtonList disablePadding data-testid="notification-list">
          {items.map((notification) => (
            <ListItemButton
              key={notification._id}
              divider
              onClick={() => readOne(notification)}
              data-seen={notification.hasBeenSeen}
              sx={{ alignItems: 'flex-start', bgcolor: notification.hasBeenSeen ? undefined : 'action.hover' }}
            >
              <ListItemIcon sx={{ minWidth: 36, mt: 0.5 }}>
                {notification.hasBeenSeen ? (
                  <CheckCircleOutlineIcon fontSize="small" color="disabled" />
                ) : (
                  <CircleIcon fontSize="small" color="primary" titleAccess={translate('notifications.markRead')} />
                )}
              </ListItemIcon>
              <ListItemText
                primary={notification.title}
                secondary={
                  <>
                    {notification.body ? (
                      <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                        {notification.body}
                      </Typography>
                    ) : null}
                    <Typography component="span" variant="caption" color="text.secondary">
                      {formatDateTime(notification.createdAt, locale)}
                    </Typography>
                  </>
                }
                slotProps={{ primary: { sx: { fontWeight: notification.hasBeenSeen ? 400 : 600 } } }}
              />
            </ListItemButton>
          ))}
        </ButtonList>
        {!loading && done && items.length === 0 ? (
          <Typography sx={{ p: 3 }} color="text.secondary">
            {translate('notifications.empty')}
          </Typography>
        ) : null}
        <Box ref={sentinel} sx={{ display: 'flex', justifyContent: 'center', py: done ? 0 : 2 }}>
          {loading ? <CircularProgress size={24} /> : null}
        </Box>
      </Card>
    </Box>
  );
}
