import { useState } from 'react';
import { Alert, Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ncaReportWorkflow } from '@app/domain/environmental/nca/index';
import { errorText } from '../../components/serverErrors';
import { namedWorkflowButton, type TActionNaming } from '../../components/namedWorkflowButton';
import { WorkflowActions, type TWorkflowButton } from '../../components/WorkflowActions';
import { isNotAvailable, useReportFacts } from './queries';
import { SignersDialog } from './SignersDialog';
import type { TReport } from './reportRecord';

/* The report's workflow buttons; asking for signatures first picks the signers. */

/** A row of the workflow's buttons (MUI's medium button), which the page keeps while they load. */
export const WORKFLOW_ROW_HEIGHT = 37;

const NCA: TActionNaming = { labels: 'nca.actions', done: 'nca.done', confirms: 'nca.confirm', testId: (action) => `nca-${action}` };
const FORCE = { color: 'warning', variant: 'outlined', reason: { intro: 'nca.force.intro', label: 'nca.force.reason', confirmTestId: 'nca-force-confirm' } } as const;
/** The three recalls (one per phase) share the label, the prompt and the message. */
const RECALL = { label: 'nca.actions.recall', done: 'nca.done.recall', variant: 'outlined', confirm: { title: 'nca.actions.recall', content: 'nca.confirm.recall' } } as const;
/** The last phase cannot close while corrective actions are open. */
const ACTIONS_OPEN = { blockedHint: 'errors.ACTIONS_STILL_OPEN' } as const;

function reportButtons(openSigners: (action: string) => void): Partial<Record<(typeof ncaReportWorkflow.actions)[number], TWorkflowButton>> {
  const signs = (action: string) => namedWorkflowButton(NCA, action, { done: 'nca.signers.requested', before: () => (openSigners(action), false) });
  return {
    requestPhase1Signs: signs('requestPhase1Signs'),
    forceOpen: namedWorkflowButton(NCA, 'forceOpen', FORCE),
    recallPhase1: namedWorkflowButton(NCA, 'recallPhase1', RECALL),
    submitForValidation: namedWorkflowButton(NCA, 'submitForValidation', { confirm: true }),
    returnToAgency: namedWorkflowButton(NCA, 'returnToAgency', { variant: 'outlined', color: 'warning', reason: { intro: 'nca.returnIntro', label: 'nca.force.reason' } }),
    requestPhase2Signs: signs('requestPhase2Signs'),
    forcePhase3: namedWorkflowButton(NCA, 'forcePhase3', FORCE),
    recallPhase2: namedWorkflowButton(NCA, 'recallPhase2', RECALL),
    requestClosingSigns: { ...signs('requestClosingSigns'), ...ACTIONS_OPEN },
    forceClose: namedWorkflowButton(NCA, 'forceClose', { ...FORCE, ...ACTIONS_OPEN }),
    recallPhase3: namedWorkflowButton(NCA, 'recallPhase3', RECALL),
  };
}

export function ReportWorkflow({ record }: { record: TReport }) {
  const translate = useTranslate();
  const facts = useReportFacts(record.id);
  const [signersFor, setSignersFor] = useState<string | null>(null);
  // Until the facts come, the row keeps a button's height on every screen (on a phone the buttons have a row of their
  // own above the tabs: arriving there, they pushed the page down, a layout shift of 0.32 in Lighthouse's phone run).
  if (facts.isPending) return <Box aria-hidden sx={{ height: WORKFLOW_ROW_HEIGHT }} />;
  if (facts.error)
    return (
      <Alert severity={isNotAvailable(facts.error) ? 'info' : 'error'} sx={{ flex: 1 }}>
        {isNotAvailable(facts.error) ? translate('nca.notAvailable.workflow') : errorText(translate, facts.error)}
      </Alert>
    );
  return (
    <>
      <WorkflowActions workflow={ncaReportWorkflow} resource="nca-reports" record={record} facts={facts.data} buttons={reportButtons(setSignersFor)} />
      <SignersDialog reportId={record.id} targetAgencyId={record.targetAgencyId ?? null} action={signersFor} onClose={() => setSignersFor(null)} />
    </>
  );
}
