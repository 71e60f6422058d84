import { Button } from '@mui/material';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { useNotify, useTranslate } from 'react-admin';
import { useCustomMutation, useInvalidateCustom } from '../../dataProvider/hooks';
import { useCan } from '../../components/permissions';
import { errorText } from '../../components/serverErrors';

/**
 * The consortium's "Sollecita" on a pending signature of the open round: the signer gets the request's
 * notification and e-mail again (the API allows it once an hour per request and says when it is too soon).
 */
export function RemindSignerButton({ requestId, signerName, onDone }: { requestId: string; signerName: string; onDone?: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const invalidate = useInvalidateCustom();
  const may = useCan('sign-requests', 'remind');
  const remind = useCustomMutation('remindSigner', {
    onSuccess: async () => {
      notify('nca.done.remind', { type: 'success' });
      await invalidate('ncaReportSignatures', 'ncaTimeline');
      onDone?.();
    },
    onError: (caught) => notify(errorText(translate, caught), { type: 'error' }),
  });
  if (!may) return null;
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<NotificationsActiveIcon />}
      disabled={remind.isPending}
      onClick={() => remind.mutate([requestId])}
      aria-label={`${translate('nca.actions.remind')} ${signerName}`}
      data-testid={`remind-signer-${requestId}`}
    >
      {translate('nca.actions.remind')}
    </Button>
  );
}
