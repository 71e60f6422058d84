import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';

/* A corrective action's status, on its own page, in its list and in its report's. */

const ACTION_STATUS_COLOR: Record<string, 'default' | 'info' | 'warning' | 'success' | 'primary'> = {
  new: 'default',
  confirmed: 'info',
  in_progress: 'warning',
  completed: 'primary',
  closed: 'success',
};

export function ActionStatusChip({ status }: { status: string }) {
  const translate = useTranslate();
  return <Chip size="small" color={ACTION_STATUS_COLOR[status] ?? 'default'} label={translate(`nca.actionStatus.${status}`)} />;
}
