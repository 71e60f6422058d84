import { useState } from 'react';
import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ncaReportWorkflow } from '@app/domain/environmental/nca/index';
import { errorText } from '../../components/serverErrors';
import { WorkflowActions, type TWorkflowButton } from '../../components/WorkflowActions';
import { isNotAvailable, useReportFacts } from './queries';
import { SignersDialog } from './SignersDialog';
import type { TReport } from './reportRecord';

/* The report's workflow buttons; asking for signatures first picks the signers. */

const REPORT_BUTTONS = (openSigners: (action: string) => void): Partial<Record<(typeof ncaReportWorkflow.actions)[number], TWorkflowButton>> => ({
  requestPhase1Signs: { label: 'nca.actions.requestPhase1Signs', done: 'nca.signers.requested', testId: 'nca-requestPhase1Signs', before: () => (openSigners('requestPhase1Signs'), false) },
  forceOpen: {
    label: 'nca.actions.forceOpen',
    done: 'nca.done.forceOpen',
    color: 'warning',
    variant: 'outlined',
    testId: 'nca-forceOpen',
    reason: { intro: 'nca.force.intro', label: 'nca.force.reason', confirmTestId: 'nca-force-confirm' },
  },
  recallPhase1: { label: 'nca.actions.recall', done: 'nca.done.recall', variant: 'outlined', testId: 'nca-recallPhase1', confirm: { title: 'nca.actions.recall', content: 'nca.confirm.recall' } },
  submitForValidation: {
    label: 'nca.actions.submitForValidation',
    done: 'nca.done.submitForValidation',
    testId: 'nca-submitForValidation',
    confirm: { title: 'nca.actions.submitForValidation', content: 'nca.confirm.submitForValidation' },
  },
  returnToAgency: {
    label: 'nca.actions.returnToAgency',
    done: 'nca.done.returnToAgency',
    variant: 'outlined',
    color: 'warning',
    testId: 'nca-returnToAgency',
    reason: { intro: 'nca.returnIntro', label: 'nca.force.reason' },
  },
  requestPhase2Signs: { label: 'nca.actions.requestPhase2Signs', done: 'nca.signers.requested', testId: 'nca-requestPhase2Signs', before: () => (openSigners('requestPhase2Signs'), false) },
  forcePhase3: {
    label: 'nca.actions.forcePhase3',
    done: 'nca.done.forcePhase3',
    color: 'warning',
    variant: 'outlined',
    testId: 'nca-forcePhase3',
    reason: { intro: 'nca.force.intro', label: 'nca.force.reason', confirmTestId: 'nca-force-confirm' },
  },
  recallPhase2: { label: 'nca.actions.recall', done: 'nca.done.recall', variant: 'outlined', testId: 'nca-recallPhase2', confirm: { title: 'nca.actions.recall', content: 'nca.confirm.recall' } },
  requestClosingSigns: {
    label: 'nca.actions.requestClosingSigns',
    done: 'nca.signers.requested',
    testId: 'nca-requestClosingSigns',
    before: () => (openSigners('requestClosingSigns'), false),
    blockedHint: 'errors.ACTIONS_STILL_OPEN',
  },
  forceClose: {
    label: 'nca.actions.forceClose',
    done: 'nca.done.forceClose',
    color: 'warning',
    variant: 'outlined',
    testId: 'nca-forceClose',
    reason: { intro: 'nca.force.intro', label: 'nca.force.reason', confirmTestId: 'nca-force-confirm' },
    blockedHint: 'errors.ACTIONS_STILL_OPEN',
  },
  recallPhase3: { label: 'nca.actions.recall', done: 'nca.done.recall', variant: 'outlined', testId: 'nca-recallPhase3', confirm: { title: 'nca.actions.recall', content: 'nca.confirm.recall' } },
});

export function ReportWorkflow({ record }: { record: TReport }) {
  const translate = useTranslate();
  const facts = useReportFacts(record.id);
  const [signersFor, setSignersFor] = useState<string | null>(null);
  if (facts.isPending) return null;
  if (facts.error)
    return (
      <Alert severity={isNotAvailable(facts.error) ? 'info' : 'error'} sx={{ flex: 1 }}>
        {isNotAvailable(facts.error) ? translate('nca.notAvailable.workflow') : errorText(translate, facts.error)}
      </Alert>
    );
  return (
    <>
      <WorkflowActions workflow={ncaReportWorkflow} resource="nca-reports" record={record} facts={facts.data} buttons={REPORT_BUTTONS(setSignersFor)} />
      <SignersDialog reportId={record.id} action={signersFor} onClose={() => setSignersFor(null)} />
    </>
  );
}
