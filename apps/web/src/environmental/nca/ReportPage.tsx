import { useState, type ReactNode } from 'react';
import { Alert, Box, Button, Chip, List as MuiList, ListItem, ListItemText, Stack, Tab, Tabs, TextField as MuiTextField, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/PictureAsPdf';
import AddIcon from '@mui/icons-material/Add';
import { Link as RouterLink } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Edit, TextInput, useDataProvider, useGetList, useLocaleState, useNotify, useRecordContext, useTranslate } from 'react-admin';
import {
  editableFieldsOf,
  ncaReportWorkflow,
  phaseSignedIn,
  signRequestWorkflow,
  SIGN_PHASES,
  type TNcaReportRecord,
  type TNcaReportStatus,
  type TSignPhase,
  type TSignRequestRecord,
} from '@app/domain/environmental/nca/index';
import type { TAppDataProvider } from '../../dataProvider';
import { DetailActions, emptyToNull, TtSimpleForm, useSaveErrorNotification } from '../../components/forms';
import { Panel } from '../../components/Panel';
import { currentRole, useCan } from '../../components/permissions';
import { errorText } from '../../components/serverErrors';
import { WorkflowActions, type TWorkflowButton } from '../../components/WorkflowActions';
import { formatDate, formatDateTime } from '../../i18n/format';
import { isNotAvailable, useReportFacts, useReportSignatures, useTimeline } from './queries';
import { NcaStatusChip, ObserversInput, Phase1Fields } from './fields';
import { Phase1Facts } from './Phase1Facts';
import { SignersDialog } from './SignersDialog';

/*
 * An NCA report's page: the workflow's buttons, the PDFs, and one tab per phase (its data, its
 * corrective actions, its signatures and their state), then the timeline of everything that happened.
 */

type TReport = TNcaReportRecord & { id: string };

/** The side of an editor: the target agency's people write the cause analysis; the consortium the rest. */
const sideOf = (role: string | null) => (role === 'agency_user' ? 'agency' : 'consortium');

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

function ReportWorkflow({ record }: { record: TReport }) {
  const translate = useTranslate();
  const facts = useReportFacts(record.id);
  const [signersFor, setSignersFor] = useState<string | null>(null);
  const queryClient = useQueryClient();
  if (facts.isPending) return null;
  if (facts.error)
    return (
      <Alert severity={isNotAvailable(facts.error) ? 'info' : 'error'} sx={{ flex: 1 }}>
        {isNotAvailable(facts.error) ? translate('nca.notAvailable.workflow') : errorText(translate, facts.error)}
      </Alert>
    );
  return (
    <>
      <WorkflowActions
        workflow={ncaReportWorkflow}
        resource="nca-reports"
        record={record}
        facts={facts.data}
        buttons={REPORT_BUTTONS(setSignersFor)}
        onDone={() => void queryClient.invalidateQueries({ queryKey: ['nca-reports'] })}
      />
      <SignersDialog reportId={record.id} action={signersFor} onClose={() => setSignersFor(null)} />
    </>
  );
}

function PdfButtons({ record }: { record: TReport }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<TAppDataProvider>();
  const download = (phase?: TSignPhase) =>
    dataProvider
      .download(`/nca-reports/${encodeURIComponent(record.id)}/pdf`, { query: phase ? { phase } : {}, fileName: `${record.code ?? 'nca'}${phase ? `-fase-${phase}` : ''}.pdf` })
      .catch((error: unknown) => notify(isNotAvailable(error) ? 'nca.notAvailable.pdf' : errorText(translate, error), { type: isNotAvailable(error) ? 'info' : 'error' }));
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
      {record.status === 'closed' ? (
        <Button size="small" variant="outlined" startIcon={<DownloadIcon />} onClick={() => void download()} data-testid="nca-pdf-report">
          {translate('nca.pdf.report')}
        </Button>
      ) : null}
      {SIGN_PHASES.map((phase) => (
        <Button key={phase} size="small" startIcon={<DownloadIcon />} onClick={() => void download(phase)} data-testid={`nca-pdf-${phase}`}>
          {translate(`nca.pdf.${phase}`)}
        </Button>
      ))}
    </Stack>
  );
}

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

/** The signatures of one phase, every round, newest round first; the consortium records a refusal given off the platform or unlocks a request. */
function PhaseSignatures({ record, phase }: { record: TReport; phase: TSignPhase }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data, error, isPending } = useReportSignatures(record.id);
  const activePhase = phaseSignedIn(record.status);
  const body = (() => {
    if (isPending) return null;
    if (error) return <Alert severity={isNotAvailable(error) ? 'info' : 'error'}>{isNotAvailable(error) ? translate('nca.notAvailable.signatures') : errorText(translate, error)}</Alert>;
    const rows = (data ?? []).filter((r) => r.phase === phase).sort((a, b) => b.round - a.round);
    if (rows.length === 0)
      return (
        <Typography variant="body2" color="text.secondary">
          {translate('nca.signatures.none')}
        </Typography>
      );
    return (
      <MuiList dense disablePadding>
        {rows.map((request: TSignRequestRecord) => (
          <ListItem key={request._id} divider data-testid={`signature-${phase}-${request.signerName}`} sx={{ flexWrap: 'wrap', gap: 1 }}>
            <ListItemText
              primary={`${request.signerName} · ${request.agencyFunctionName}`}
              secondary={[
                translate('nca.signatures.round', { round: request.round }),
                request.signedAt ? translate('nca.signatures.signedAt', { when: formatDateTime(request.signedAt, locale) }) : null,
                request.explanationsRequest ? translate('nca.signatures.because', { why: request.explanationsRequest }) : null,
                request.locked ? translate('nca.signatures.locked') : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            />
            <SignStatusChip status={request.status} />
            <WorkflowActions
              workflow={signRequestWorkflow}
              resource="sign-requests"
              record={{ id: request._id, status: request.status }}
              facts={{ isSigner: false, roundActive: activePhase === phase && request.round === record.signRound }}
              buttons={{
                manualReject: {
                  label: 'nca.actions.manualReject',
                  done: 'nca.done.manualReject',
                  size: 'small',
                  variant: 'outlined',
                  color: 'warning',
                  reason: { intro: 'nca.manualRejectIntro', label: 'nca.force.reason' },
                },
                ...(request.locked ? { unlock: { label: 'nca.actions.unlock', done: 'nca.done.unlock', size: 'small', variant: 'outlined' } } : {}),
              }}
            />
          </ListItem>
        ))}
      </MuiList>
    );
  })();
  return (
    <Panel title={translate('nca.signatures.title')} testId={`nca-signatures-${phase}`}>
      {body}
    </Panel>
  );
}

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

/** The report's corrective actions, each opening its own page (its buttons and documents). */
function ReportActions({ record }: { record: TReport }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const canCreate = useCan('corrective-actions', 'create');
  const { data = [], isPending } = useGetList('corrective-actions', { pagination: { page: 1, perPage: 100 }, sort: { field: 'createdAt', order: 'ASC' }, filter: { reportId: record.id } });
  const proposing = ['open', 'waiting_validations', 'waiting_operations'].includes(record.status);
  return (
    <Panel
      title={translate('nca.tabs.actions')}
      testId="nca-actions"
      action={
        canCreate && proposing ? (
          <Button
            size="small"
            startIcon={<AddIcon />}
            component={RouterLink}
            to={`/corrective-actions/create?source=${encodeURIComponent(JSON.stringify({ reportId: record.id }))}`}
            data-testid="nca-propose-action"
          >
            {translate('nca.actionsList.propose')}
          </Button>
        ) : undefined
      }
    >
      {!isPending && data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('nca.actionsList.none')}
        </Typography>
      ) : null}
      <MuiList dense disablePadding>
        {data.map((action) => (
          <ListItem
            key={action.id}
            divider
            component={RouterLink}
            to={`/corrective-actions/${action.id}`}
            sx={{ color: 'inherit', flexWrap: 'wrap', gap: 1 }}
            data-testid={`nca-action-${action.name}`}
          >
            <ListItemText
              primary={`${action.code} · ${action.name}`}
              secondary={[
                translate(`nca.actionType.${action.actionType}`),
                action.expireDate ? translate('nca.actionsList.expires', { date: formatDate(action.expireDate, locale) }) : null,
                action.overdue ? translate('nca.actionsList.overdue') : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            />
            <ActionStatusChip status={action.status} />
          </ListItem>
        ))}
      </MuiList>
    </Panel>
  );
}

/** Phase 1 editable while pending (the consortium), then read-only; observers change until closing. */
function Phase1Tab({ record }: { record: TReport }) {
  const canUpdate = useCan('nca-reports', 'update');
  const canDelete = useCan('nca-reports', 'delete');
  const editable = canUpdate ? editableFieldsOf(record.status, sideOf(currentRole())) : [];
  const phase1Open = editable.includes('lotId');
  const translate = useTranslate();
  return (
    <Stack spacing={2}>
      {phase1Open ? (
        <PhaseForm testId="nca-phase1-form" canDelete={canDelete}>
          <Phase1Fields readOnly={false} />
          <ObserversInput readOnly={false} />
        </PhaseForm>
      ) : (
        <Panel title={translate('nca.tabs.phase1Data')}>
          <Phase1Facts />
        </Panel>
      )}
      <PhaseSignatures record={record} phase="first" />
    </Stack>
  );
}

function PhaseForm({ children, testId, canDelete = false }: { children: ReactNode; testId?: string; canDelete?: boolean }) {
  return (
    <Box data-testid={testId} sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <TtSimpleForm canSave canDelete={canDelete}>
        {children}
      </TtSimpleForm>
    </Box>
  );
}

function Phase2Tab({ record }: { record: TReport }) {
  const translate = useTranslate();
  const canUpdate = useCan('nca-reports', 'update');
  const editable = canUpdate ? editableFieldsOf(record.status, sideOf(currentRole())) : [];
  return (
    <Stack spacing={2}>
      {editable.includes('causeAnalysis') ? (
        <PhaseForm testId="nca-cause-form">
          <TextInput source="causeAnalysis" parse={emptyToNull} multiline minRows={5} fullWidth helperText="nca.help.causeAnalysis" />
        </PhaseForm>
      ) : (
        <Panel title={translate('resources.nca-reports.fields.causeAnalysis')} testId="nca-cause">
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            {record.causeAnalysis || translate('nca.noCauseAnalysis')}
          </Typography>
        </Panel>
      )}
      <ReportActions record={record} />
      <PhaseSignatures record={record} phase="second" />
    </Stack>
  );
}

function Phase3Tab({ record }: { record: TReport }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Stack spacing={2}>
      {record.status === 'closed' ? <Alert severity="success">{translate('nca.closedOn', { date: formatDate(record.closingDate, locale) })}</Alert> : null}
      {record.status === 'waiting_operations' ? <Alert severity="info">{translate('nca.phase3Hint')}</Alert> : null}
      <ReportActions record={record} />
      <PhaseSignatures record={record} phase="third" />
    </Stack>
  );
}

function TimelineTab({ record }: { record: TReport }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<TAppDataProvider>();
  const { data, error, isPending } = useTimeline(record.id);
  const [comment, setComment] = useState('');
  const [sending, setSending] = useState(false);
  // Each entry names what happened to which record: the report, one of its actions or sign requests.
  const describe = (entry: NonNullable<typeof data>[number]) => {
    const action = entry.action ?? '';
    if (entry.kind === 'comment') return translate('nca.timeline.comment');
    if (entry.entityType === 'sign-requests') return translate(`nca.timeline.signature.${action}`, { _: translate('nca.timeline.change') });
    if (entry.kind === 'change') return translate(`nca.timeline.changes.${action}`, { _: translate('nca.timeline.change') });
    return translate(`nca.timeline.actions.${action}`, { _: translate('nca.timeline.change') });
  };
  const statusLabel = (entityType: string | null, status: string) =>
    translate(entityType === 'sign-requests' ? `nca.signStatus.${status}` : entityType === 'corrective-actions' ? `nca.actionStatus.${status}` : `nca.status.${status}`);
  const send = async () => {
    setSending(true);
    try {
      await dataProvider.addNcaComment(record.id, comment.trim());
      setComment('');
      await queryClient.invalidateQueries({ queryKey: ['nca-reports', 'timeline', record.id] });
    } catch (caught) {
      notify(isNotAvailable(caught) ? 'nca.notAvailable.comments' : errorText(translate, caught), { type: 'error' });
    } finally {
      setSending(false);
    }
  };
  return (
    <Panel title={translate('nca.tabs.timeline')} testId="nca-timeline">
      {isPending ? null : error ? (
        <Alert severity={isNotAvailable(error) ? 'info' : 'error'}>{isNotAvailable(error) ? translate('nca.notAvailable.timeline') : errorText(translate, error)}</Alert>
      ) : (data ?? []).length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('nca.timeline.empty')}
        </Typography>
      ) : (
        <MuiList dense disablePadding component="ol">
          {(data ?? []).map((entry) => (
            <ListItem key={entry._id} divider>
              <ListItemText
                primary={`${formatDateTime(entry.createdAt, locale)} · ${entry.actorName ?? translate('nca.timeline.system')} · ${describe(entry)}`}
                secondary={[entry.fromStatus && entry.toStatus ? `${statusLabel(entry.entityType, entry.fromStatus)} → ${statusLabel(entry.entityType, entry.toStatus)}` : null, entry.message]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          ))}
        </MuiList>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
        <MuiTextField size="small" label={translate('nca.timeline.addComment')} value={comment} onChange={(event) => setComment(event.target.value)} fullWidth multiline maxRows={4} />
        <Button variant="outlined" disabled={sending || comment.trim() === ''} onClick={() => void send()}>
          {translate('nca.timeline.send')}
        </Button>
      </Stack>
    </Panel>
  );
}

const TABS = ['phase1', 'phase2', 'phase3', 'timeline'] as const;

/** The tab that fits the status: where the work is now. */
function tabOf(status: TNcaReportStatus): (typeof TABS)[number] {
  if (status === 'pending' || status === 'waiting_phase1_signs') return 'phase1';
  if (status === 'open' || status === 'waiting_validations' || status === 'waiting_phase2_signs') return 'phase2';
  return 'phase3';
}

function ReportBody() {
  const translate = useTranslate();
  const record = useRecordContext<TReport>();
  const [tab, setTab] = useState<(typeof TABS)[number] | null>(null);
  if (!record) return null;
  const current = tab ?? tabOf(record.status);
  return (
    // minWidth 0: the scrollable tabs must not widen the page on a phone.
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 }, minWidth: 0, maxWidth: '100%' }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between', gap: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2" data-testid="nca-heading">
            {record.code ?? translate('nca.draft')}
          </Typography>
          <NcaStatusChip status={record.status} />
          {record.overdueActions > 0 ? <Chip size="small" color="error" label={translate('nca.overdueActions', { smart_count: record.overdueActions })} /> : null}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="nca-workflow">
          <ReportWorkflow record={record} />
        </Stack>
      </Stack>
      <PdfButtons record={record} />
      <Tabs value={current} onChange={(_event, value) => setTab(value)} variant="scrollable" allowScrollButtonsMobile sx={{ minWidth: 0, maxWidth: '100%' }}>
        {TABS.map((name) => (
          <Tab key={name} value={name} label={translate(`nca.tabs.${name}`)} data-testid={`nca-tab-${name}`} />
        ))}
      </Tabs>
      {current === 'phase1' ? <Phase1Tab record={record} /> : null}
      {current === 'phase2' ? <Phase2Tab record={record} /> : null}
      {current === 'phase3' ? <Phase3Tab record={record} /> : null}
      {current === 'timeline' ? <TimelineTab record={record} /> : null}
    </Stack>
  );
}

function ReportTitle() {
  const record = useRecordContext<TReport>();
  const translate = useTranslate();
  return <span>{record ? `${translate('nca.reportTitle')} ${record.code ?? translate('nca.draft')}` : ''}</span>;
}

/** /nca-reports/:id: the report's page (react-admin's edit route doubles as the detail). */
export function ReportEdit() {
  const saveErrors = useSaveErrorNotification();
  const queryClient = useQueryClient();
  const notify = useNotify();
  return (
    <Edit
      mutationOptions={{
        ...saveErrors,
        // The workflow's facts (cause analysis written, phase-1 data complete) follow the saved record.
        onSuccess: () => {
          notify('ra.notification.updated', { type: 'info', messageArgs: { smart_count: 1 } });
          void queryClient.invalidateQueries({ queryKey: ['nca-reports'] });
        },
      }}
      mutationMode="pessimistic"
      title={<ReportTitle />}
      actions={<DetailActions />}
      redirect={false}
      component="div"
      // The card would otherwise grow to its widest child (the tabs) and widen the page on a phone.
      sx={{ '& .RaEdit-main, & .RaEdit-card': { minWidth: 0 } }}
    >
      <ReportBody />
    </Edit>
  );
}
