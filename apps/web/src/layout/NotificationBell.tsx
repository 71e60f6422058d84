import { Badge, IconButton, Tooltip } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { useNotificationCount } from '../platform/notifications/NotificationCountProvider';
import { useSession } from '../session/useSession';
import { canAccessPath } from '../routeAccess';

export function NotificationBell() {
  const translate = useTranslate();
  const { count, enabled } = useNotificationCount();
  const role = useSession()?.user.role;
  if (!enabled || !canAccessPath(role, '/notifications')) return null;
  return (
    <Tooltip title={translate('layout.notifications', { count })}>
      <IconButton color="inherit" component={Link} to="/notifications" aria-label={translate('layout.notifications', { count })}>
        <Badge badgeContent={count} color="error" max={99} data-testid="notification-count">
          <NotificationsIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
