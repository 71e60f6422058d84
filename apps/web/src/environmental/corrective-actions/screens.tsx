import { useRef, useState } from 'react';
import { Alert, Box, Button, Chip, LinearProgress, List as MuiList, ListItem, ListItemText, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import UploadIcon from '@mui/icons-material/UploadFile';
import { Link as RouterLink } from 'react-router-dom';
import {
  ArrayInput,
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  Create,
  DataTable,
  Edit,
  List,
  NullableBooleanInput,
  ReferenceArrayInput,
  ReferenceInput,
  SelectInput,
  SimpleFormIterator,
  SimpleList,
  TextInput,
  useGetOne,
  useLocaleState,
  useNotify,
  useRefresh,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { DateInput } from '../../components/DateInput';
import {
  CONFIRMING_REPORT_STATUSES,
  CORRECTIVE_ACTION_STATUSES,
  CORRECTIVE_ACTION_TYPES,
  correctiveActionWorkflow,
  EVIDENCE_TAG,
  SUPPLIER_ACTION_TYPES,
  type TCorrectiveActionRecord,
} from '@app/domain/environmental/nca/index';
import { ncaSideOf } from '@app/domain/platform/access/access-table';
import { useCustomMutation, useCustomQuery } from '../../dataProvider/hooks';
import { DetailActions, emptyToNull, FormGrid, DetailForm, useSaveErrorNotification } from '../../components/forms';
import { Fact, FactGrid, Panel } from '../../components/Panel';
import { currentRole, useCan } from '../../components/permissions';
import { errorText } from '../../components/serverErrors';
import { required } from '../../components/validators';
import { WorkflowActions } from '../../components/WorkflowActions';
import { formatDate, formatDateTime } from '../../i18n/format';
import { isNotAvailable, useActionFacts } from '../nca/queries';
import { ActionStatusChip } from './ActionStatusChip';
import type { TReport } from '../nca/reportRecord';
import { TextAddButton } from '../../components/TextAddButton';
import { ListDataTable, ListToolbar } from '../../components/listScaffolding';
import { useWatchedFlag, useWatchedText } from '../../components/watchedValues';
import { RecordHistoryHere } from '../../components/RecordHistory';

/*
 * Corrective actions of NCA reports: the list (every report's, with filters), the page of one action
 * (its data, editable while new; its buttons; its documents: the required ones and the evidence of
 * the work), and the proposal of a new action for a report.
 */

type TActionRow = TCorrectiveActionRecord & { id: string };

const STATUS_CHOICES = CORRECTIVE_ACTION_STATUSES.map((status) => ({ id: status, name: `nca.actionStatus.${status}` }));
const typeChoices = (supplier: boolean) => (supplier ? SUPPLIER_ACTION_TYPES : CORRECTIVE_ACTION_TYPES).map((type) => ({ id: type, name: `nca.actionType.${type}` }));

export function ActionList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const filters = [
    <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
    <SelectInput key="actionType" source="actionType" choices={typeChoices(false)} />,
    <NullableBooleanInput key="overdue" source="overdue" />,
  ];
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} actions={<ListToolbar />} exporter={false}>
      {phone ? (
        <SimpleList<TActionRow>
          linkType="edit"
          primaryText={(r) => `${r.code} · ${r.name}`}
          secondaryText={(r) => (r.expireDate ? translate('nca.actionsList.expires', { date: formatDate(r.expireDate, locale) }) : '')}
          tertiaryText={(r) => translate(`nca.actionStatus.${r.status}`)}
        />
      ) : (
        <ListDataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="code" />
          <DataTable.Col source="name" />
          <DataTable.Col source="actionType" render={(r: TActionRow) => translate(`nca.actionType.${r.actionType}`)} />
          <DataTable.Col source="status" render={(r: TActionRow) => <ActionStatusChip status={r.status} />} />
          <DataTable.Col
            source="expireDate"
            render={(r: TActionRow) => (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <span>{r.expireDate ? formatDate(r.expireDate, locale) : ''}</span>
                {r.overdue ? <Chip size="small" color="error" label={translate('nca.actionsList.overdue')} /> : null}
              </Stack>
            )}
          />
        </ListDataTable>
      )}
    </List>
  );
}

const userName = (u: { name?: string; surname?: string; email?: string }) => [u.name, u.surname].filter(Boolean).join(' ') || u.email || '';

function ActionFields({ readOnly, supplier }: { readOnly: boolean; supplier: boolean }) {
  const expires = useWatchedFlag('expires');
  return (
    <FormGrid>
      <TextInput source="name" validate={required} readOnly={readOnly} />
      <SelectInput source="actionType" choices={typeChoices(supplier)} validate={required} readOnly={readOnly} />
      <TextInput source="description" parse={emptyToNull} multiline minRows={3} readOnly={readOnly} sx={{ gridColumn: '1 / -1' }} />
      <BooleanInput source="expires" readOnly={readOnly} />
      {expires ? <DateInput source="expireDate" validate={required} readOnly={readOnly} /> : <span />}
      {supplier ? null : (
        <ReferenceInput source="agencyId" reference="agencies" sort={{ field: 'businessName', order: 'ASC' }}>
          <AutocompleteInput optionText="businessName" parse={emptyToNull} readOnly={readOnly} />
        </ReferenceInput>
      )}
      {supplier ? null : (
        <ReferenceArrayInput source="userIds" reference="users" sort={{ field: 'surname', order: 'ASC' }}>
          <AutocompleteArrayInput optionText={userName} readOnly={readOnly} />
        </ReferenceArrayInput>
      )}
      <ReferenceArrayInput source="agencyFunctionSettingIds" reference="environmental-settings" filter={{ settingType: 'companyFunction', isActive: true }} sort={{ field: 'name', order: 'ASC' }}>
        <AutocompleteArrayInput optionText="name" readOnly={readOnly} />
      </ReferenceArrayInput>
      <BooleanInput source="isDocumentRequired" readOnly={readOnly} helperText="nca.help.isDocumentRequired" />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <ArrayInput source="documents" helperText="nca.help.documents">
          <SimpleFormIterator addButton={<TextAddButton />} inline disableReordering disableAdd={readOnly} disableRemove={readOnly} disableClear>
            <TextInput source="name" validate={required} helperText={false} readOnly={readOnly} />
            <BooleanInput source="isRequired" helperText={false} readOnly={readOnly} />
          </SimpleFormIterator>
        </ArrayInput>
      </Box>
    </FormGrid>
  );
}

export function ActionCreate() {
  const saveErrors = useSaveErrorNotification();
  const supplier = ncaSideOf(currentRole()) === 'agency';
  return (
    <Create mutationOptions={saveErrors} redirect="edit">
      <DetailForm defaultValues={{ actionType: 'action', documents: [], expires: false }}>
        <ReportReference />
        <ActionFields readOnly={false} supplier={supplier} />
      </DetailForm>
    </Create>
  );
}

/** The report the action belongs to (given by the page that proposes it). */
function ReportReference() {
  const translate = useTranslate();
  const reportId = useWatchedText('reportId');
  const { data: report } = useGetOne<TReport>('nca-reports', { id: reportId ?? '' }, { enabled: !!reportId });
  if (!reportId) return <Alert severity="info">{translate('nca.actionsList.fromReport')}</Alert>;
  return (
    <Typography variant="subtitle1" sx={{ mb: 1 }}>
      {translate('nca.actionsList.forReport', { code: report?.code ?? translate('nca.draft') })}
    </Typography>
  );
}

function useUploads(actionId: string) {
  return useCustomQuery('listRecordFiles', ['corrective-actions', actionId]);
}

/** Required documents and evidence: each is an upload linked to the action, tagged with the document's name. */
function ActionDocuments({ record, canUpload }: { record: TActionRow; canUpload: boolean }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const refresh = useRefresh();
  const uploads = useUploads(record.id);
  const input = useRef<HTMLInputElement>(null);
  const [target, setTarget] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const pick = (name: string) => {
    setTarget(name);
    input.current?.click();
  };
  const uploading = useCustomMutation('upload', {
    onMutate: () => setProgress(0),
    onSuccess: () => {
      notify('nca.documents.uploaded', { type: 'success' });
      // The files, and the action's facts (a required document no longer missing) with its record.
      refresh();
    },
    onError: (error) => notify(errorText(translate, error), { type: 'error' }),
    onSettled: () => {
      setProgress(null);
      setTarget(null);
      if (input.current) input.current.value = '';
    },
  });
  const onFile = (file: File | undefined) => {
    if (!file || !target) return;
    uploading.mutate([file, { link: { type: 'corrective-actions', id: record.id }, tags: [target], onProgress: setProgress }]);
  };
  const files = uploads.data ?? [];
  const filesOf = (name: string) => files.filter((f) => f.tags.some((t) => t.toLowerCase() === name.toLowerCase()));
  const rows = [
    ...record.documents.map((d) => ({ name: d.name, isRequired: d.isRequired, label: d.name })),
    { name: EVIDENCE_TAG, isRequired: record.isDocumentRequired, label: translate('nca.documents.evidence') },
  ];
  return (
    <Panel title={translate('nca.documents.title')} testId="action-documents">
      <input ref={input} type="file" hidden onChange={(event) => onFile(event.target.files?.[0])} data-testid="action-document-file" />
      {progress !== null ? <LinearProgress variant="determinate" value={progress} sx={{ mb: 1 }} /> : null}
      <MuiList dense disablePadding>
        {rows.map((row) => {
          const present = filesOf(row.name);
          return (
            <ListItem key={row.name} divider sx={{ flexWrap: 'wrap', gap: 1 }} data-testid={`action-document-${row.name}`}>
              <ListItemText
                primary={row.label}
                secondary={present.length ? present.map((f) => `${f.fullName} (${formatDateTime(f.createdAt, locale)})`).join(', ') : translate('nca.documents.missing')}
              />
              {row.isRequired ? (
                <Chip size="small" color={present.length ? 'success' : 'warning'} label={translate(present.length ? 'nca.documents.uploadedChip' : 'nca.documents.requiredChip')} />
              ) : null}
              {canUpload ? (
                <Button size="small" startIcon={<UploadIcon />} disabled={progress !== null} onClick={() => pick(row.name)} data-testid={`action-upload-${row.name}`}>
                  {translate('nca.documents.upload')}
                </Button>
              ) : null}
            </ListItem>
          );
        })}
      </MuiList>
    </Panel>
  );
}

function ActionWorkflow({ record }: { record: TActionRow }) {
  const translate = useTranslate();
  const facts = useActionFacts(record.id);
  if (facts.isPending) return null;
  if (facts.error)
    return <Alert severity={isNotAvailable(facts.error) ? 'info' : 'error'}>{isNotAvailable(facts.error) ? translate('nca.notAvailable.workflow') : errorText(translate, facts.error)}</Alert>;
  const missing = facts.data.missingRequiredDocuments;
  return (
    <Stack spacing={1}>
      {record.status === 'new' && missing.length > 0 && CONFIRMING_REPORT_STATUSES.includes(facts.data.reportStatus) ? (
        <Alert severity="warning" data-testid="action-missing-documents">
          {translate('nca.documents.uploadFirst', { names: missing.join(', ') })}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="action-workflow">
        <WorkflowActions
          workflow={correctiveActionWorkflow}
          resource="corrective-actions"
          record={record}
          facts={facts.data}
          buttons={{
            confirm: { label: 'nca.actions.confirm', done: 'nca.done.confirm', testId: 'action-confirm', blockedHint: { INVALID_TRANSITION: 'nca.blocked.confirm' } },
            start: { label: 'nca.actions.start', done: 'nca.done.start', testId: 'action-start', blockedHint: { INVALID_TRANSITION: 'nca.blocked.start' } },
            complete: { label: 'nca.actions.complete', done: 'nca.done.complete', testId: 'action-complete' },
            close: {
              label: 'nca.actions.close',
              done: 'nca.done.close',
              testId: 'action-close',
              color: 'success',
              reason: { intro: 'nca.closeIntro', label: 'nca.effectiveness', confirmTestId: 'action-close-confirm' },
            },
            reopen: {
              label: 'nca.actions.reopen',
              done: 'nca.done.reopen',
              variant: 'outlined',
              color: 'warning',
              testId: 'action-reopen',
              reason: { intro: 'nca.reopenIntro', label: 'nca.force.reason' },
            },
            rejectProposal: {
              label: 'nca.actions.rejectProposal',
              done: 'nca.done.rejectProposal',
              variant: 'outlined',
              color: 'warning',
              testId: 'action-rejectProposal',
              blockedHint: { INVALID_TRANSITION: 'nca.blocked.rejectProposal' },
              reason: { intro: 'nca.rejectProposalIntro', label: 'nca.rejectNote', confirmTestId: 'action-rejectProposal-confirm' },
            },
            closeNotNeeded: {
              label: 'nca.actions.closeNotNeeded',
              done: 'nca.done.close',
              variant: 'outlined',
              testId: 'action-closeNotNeeded',
              reason: { intro: 'nca.closeNotNeededIntro', label: 'nca.force.reason' },
            },
          }}
        />
      </Stack>
    </Stack>
  );
}

function ActionBody() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const record = useRecordContext<TActionRow>();
  const canUpdate = useCan('corrective-actions', 'update');
  const canDelete = useCan('corrective-actions', 'delete');
  const { data: report } = useGetOne<TReport>('nca-reports', { id: record?.reportId ?? '' }, { enabled: !!record?.reportId });
  if (!record) return null;
  const editable = canUpdate && record.status === 'new' && (!report || report.status === 'open' || report.status === 'waiting_validations');
  const supplier = ncaSideOf(currentRole()) === 'agency';
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2">
            {record.code} · {record.name}
          </Typography>
          <ActionStatusChip status={record.status} />
          {record.overdue ? <Chip size="small" color="error" label={translate('nca.actionsList.overdue')} /> : null}
        </Stack>
        <Button component={RouterLink} to={`/nca-reports/${record.reportId}`} size="small">
          {translate('nca.actionsList.openReport', { code: report?.code ?? translate('nca.draft') })}
        </Button>
      </Stack>
      <ActionWorkflow record={record} />
      <FactGrid columns={4}>
        <Fact label={translate('resources.corrective-actions.fields.confirmationDate')}>{record.confirmationDate ? formatDateTime(record.confirmationDate, locale) : null}</Fact>
        <Fact label={translate('resources.corrective-actions.fields.startedAt')}>{record.startedAt ? formatDateTime(record.startedAt, locale) : null}</Fact>
        <Fact label={translate('resources.corrective-actions.fields.completedAt')}>{record.completedAt ? formatDateTime(record.completedAt, locale) : null}</Fact>
        <Fact label={translate('resources.corrective-actions.fields.closedAt')}>{record.closedAt ? formatDateTime(record.closedAt, locale) : null}</Fact>
        {record.effectivenessNote ? (
          <Box sx={{ gridColumn: '1 / -1' }}>
            <Fact label={translate('nca.effectiveness')}>{record.effectivenessNote}</Fact>
          </Box>
        ) : null}
      </FactGrid>
      <ActionDocuments record={record} canUpload={canUpdate && record.status !== 'closed'} />
      <Box sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <DetailForm canSave={editable} canDelete={editable && canDelete}>
          <ActionFields readOnly={!editable} supplier={supplier} />
        </DetailForm>
      </Box>
    </Stack>
  );
}

export function ActionEdit() {
  const saveErrors = useSaveErrorNotification();
  return (
    <Edit
      mutationOptions={saveErrors}
      mutationMode="pessimistic"
      title={<ActionTitle />}
      actions={<DetailActions />}
      redirect={false}
      component="div"
      sx={{ '& .RaEdit-main, & .RaEdit-card': { minWidth: 0 } }}
    >
      <ActionBody />
      <RecordHistoryHere section />
    </Edit>
  );
}

function ActionTitle() {
  const record = useRecordContext<TActionRow>();
  return <span>{record ? `${record.code} · ${record.name}` : ''}</span>;
}
