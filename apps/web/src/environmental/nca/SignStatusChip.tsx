import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';

const SIGN_STATUS_COLOR: Record<string, 'default' | 'success' | 'error' | 'warning' | 'info'> = {
  pending: 'info',
  signed: 'success',
  rejected: 'error',
  manual_rejected: 'error',
  suspended: 'default',
};

export function SignStatusChip({ status }: { status: string }) {
  const translate = useTranslate();
  return <Chip size="small" color={SIGN_STATUS_COLOR[status] ?? 'default'} label={translate(`nca.signStatus.${status}`)} />;
}
