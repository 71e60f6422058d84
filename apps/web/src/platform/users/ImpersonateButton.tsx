import { Button } from '@mui/material';
import SupervisorAccountIcon from '@mui/icons-material/SupervisorAccount';
import { useNavigate } from 'react-router-dom';
import { useNotify, useRecordContext, useTranslate } from 'react-admin';
import { postSignInPath } from '../../authProvider';
import { useAppConfig } from '../../config';
import { useForgetCachedData } from '../../dataProvider/hooks';
import { startImpersonation } from '../../layout/impersonation';
import { getSession } from '../../session/store';
import { useCan } from '../../components/permissions';
import { errorMessageOf } from '../../dataProvider/errors';

/** Admin only: act as this user until "back to my account". */
export function ImpersonateButton() {
  const record = useRecordContext<{ id: string; role?: string }>();
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const forgetCachedData = useForgetCachedData();
  const { features } = useAppConfig();
  const session = getSession();
  const mayImpersonate = useCan('users', 'impersonate');
  // Rules about the target stay with the API (an administrator cannot be impersonated).
  if (!record || !mayImpersonate || record.id === session?.user._id) return null;
  return (
    <Button
      size="small"
      startIcon={<SupervisorAccountIcon />}
      data-testid="impersonate"
      onClick={async () => {
        try {
          await startImpersonation(record.id);
          forgetCachedData();
          const user = getSession()?.user;
          notify('users.impersonate.started', { type: 'success' });
          void navigate(user ? postSignInPath(user, features) : '/');
        } catch (error) {
          notify(errorMessageOf(error), { type: 'error' });
        }
      }}
    >
      {translate('users.impersonate.action')}
    </Button>
  );
}
