import { Button } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useNotify, useRecordContext, useRefresh, useTranslate, useUpdate } from 'react-admin';
import { getSession } from '../../session/store';

/** Enable or disable an account; a user cannot disable themselves. */
export function ToggleEnabledButton() {
  const record = useRecordContext<{ id: string; isEnabled?: boolean; updatedAt?: string }>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate();
  if (!record || record.id === getSession()?.user._id) return null;
  const enabled = record.isEnabled !== false;
  return (
    <Button
      size="small"
      color={enabled ? 'error' : 'success'}
      startIcon={enabled ? <BlockIcon /> : <CheckCircleIcon />}
      disabled={isPending}
      onClick={(event) => {
        event.stopPropagation();
        void update(
          'users',
          { id: record.id, data: { isEnabled: !enabled }, previousData: record },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => {
              notify(enabled ? 'users.status.disabledNotice' : 'users.status.enabledNotice', { type: 'success' });
              refresh();
            },
            onError: (error) => notify(error.message || 'genericError', { type: 'error' }),
          },
        );
      }}
    >
      {translate(enabled ? 'users.actions.disable' : 'users.actions.enable')}
    </Button>
  );
}
