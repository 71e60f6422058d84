import { useState } from 'react';
import { Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { rdpWorkflow, type TRdpAction } from '@app/domain/environmental/rdp/rdp-flow';
import { namedWorkflowButton, type TActionNaming } from '../../components/namedWorkflowButton';
import { WorkflowActions, type TWorkflowButton } from '../../components/WorkflowActions';
import { getSession } from '../../session/store';
import type { TRdp } from './rdpRecord';

/* The workflow buttons of one phase of the report (the accounting's with the SAL reference to type). */

const RDP: TActionNaming = {
  labels: 'environmental.rdps.actions',
  done: 'environmental.rdps.actions.done',
  confirms: 'environmental.rdps.actions.confirm',
  testId: (action) => `rdp-${action.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`,
};
const approve = (action: TRdpAction) => namedWorkflowButton(RDP, action, { color: 'success', variant: 'contained', confirm: true });
const reject = (action: TRdpAction) => namedWorkflowButton(RDP, action, { color: 'warning', reason: { intro: 'environmental.rdps.actions.reasonIntro', label: 'environmental.rdps.actions.reason' } });

export function RdpWorkflow({ record, only }: { record: TRdp; only: TRdpAction[] }) {
  const [salRef, setSalRef] = useState('');
  const translate = useTranslate();
  const all: Partial<Record<TRdpAction, TWorkflowButton>> = {
    approveDraft: approve('approveDraft'),
    rejectDraft: reject('rejectDraft'),
    approveSigned: approve('approveSigned'),
    rejectSigned: reject('rejectSigned'),
    confirmAccounting: namedWorkflowButton(RDP, 'confirmAccounting', {
      variant: 'contained',
      testId: 'rdp-confirm-sal',
      body: () => ({ salRef: salRef.trim() }),
      disabledReason: salRef.trim() ? null : 'environmental.rdps.actions.salRefRequired',
    }),
  };
  const buttons = Object.fromEntries(only.map((a) => [a, all[a]]));
  const offered = rdpWorkflow.offeredActions(record.status, { hasDraft: !!record.temporaryRdp, salConfirmed: !!record.salConfirmedAt }, { role: getSession()?.user?.role ?? '' });
  const showsSal = only.includes('confirmAccounting') && !record.salConfirmedAt && offered.some((o) => o.action === 'confirmAccounting');
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 1 }}>
      {showsSal ? (
        <TextField
          size="small"
          label={translate('environmental.rdps.actions.salRef')}
          value={salRef}
          onChange={(e) => setSalRef(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'rdp-sal-ref' } }}
        />
      ) : null}
      <WorkflowActions workflow={rdpWorkflow} resource="rdps" record={record} facts={{ hasDraft: !!record.temporaryRdp, salConfirmed: !!record.salConfirmedAt }} buttons={buttons} />
    </Stack>
  );
}
