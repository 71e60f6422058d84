import { useState } from 'react';
import { Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { rdpWorkflow, type TRdpAction } from '@app/domain/environmental/rdp/rdp-flow';
import { WorkflowActions, type TWorkflowButton } from '../../components/WorkflowActions';
import { getSession } from '../../session/store';
import type { TRdp } from './rdpRecord';

/* The workflow buttons of one phase of the report (the accounting's with the SAL reference to type). */

const REASON = { intro: 'environmental.rdps.actions.reasonIntro', label: 'environmental.rdps.actions.reason' };

export function RdpWorkflow({ record, only }: { record: TRdp; only: TRdpAction[] }) {
  const [salRef, setSalRef] = useState('');
  const translate = useTranslate();
  const all: Partial<Record<TRdpAction, TWorkflowButton>> = {
    approveDraft: {
      label: 'environmental.rdps.actions.approveDraft',
      done: 'environmental.rdps.actions.done.approveDraft',
      color: 'success',
      variant: 'contained',
      testId: 'rdp-approve-draft',
      confirm: { title: 'environmental.rdps.actions.approveDraft', content: 'environmental.rdps.actions.confirm.approveDraft' },
    },
    rejectDraft: { label: 'environmental.rdps.actions.rejectDraft', done: 'environmental.rdps.actions.done.rejectDraft', color: 'warning', testId: 'rdp-reject-draft', reason: REASON },
    approveSigned: {
      label: 'environmental.rdps.actions.approveSigned',
      done: 'environmental.rdps.actions.done.approveSigned',
      color: 'success',
      variant: 'contained',
      testId: 'rdp-approve-signed',
      confirm: { title: 'environmental.rdps.actions.approveSigned', content: 'environmental.rdps.actions.confirm.approveSigned' },
    },
    rejectSigned: { label: 'environmental.rdps.actions.rejectSigned', done: 'environmental.rdps.actions.done.rejectSigned', color: 'warning', testId: 'rdp-reject-signed', reason: REASON },
    confirmAccounting: {
      label: 'environmental.rdps.actions.confirmAccounting',
      done: 'environmental.rdps.actions.done.confirmAccounting',
      variant: 'contained',
      testId: 'rdp-confirm-sal',
      body: () => ({ salRef: salRef.trim() }),
      disabledReason: salRef.trim() ? null : 'environmental.rdps.actions.salRefRequired',
    },
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
