import { useState, type ReactNode } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, Stack, Tab, Table, TableBody, TableCell, TableHead, TableRow, Tabs, TextField, Typography } from '@mui/material';
import CalculateIcon from '@mui/icons-material/Calculate';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import {
  ArrayInput,
  AutocompleteArrayInput,
  AutocompleteInput,
  Create,
  CreateButton,
  DataTable,
  Edit,
  FunctionField,
  List,
  NumberInput,
  ReferenceArrayInput,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  TopToolbar,
  useDataProvider,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { TAppDataProvider } from '../../dataProvider';
import { DateInput } from '../../components/DateInput';
import { rdpWorkflow, type TRdpAction } from '@app/domain/environmental/rdp/rdp-flow';
import { RDP_STATUSES, type TAnalyticRow, type TRdpRecord, type TRdpStatus } from '@app/domain/environmental/rdp/rdps';
import { DayField, DetailActions, emptyToNull, EurosField, FormGrid, RecordTitle, SectionTitle, TtSimpleForm, useSaveErrorNotification } from '../../components/forms';
import { formatEuros } from '../../components/format';
import { useCan, useCanHere, useReachesAllHere } from '../../components/permissions';
import { required } from '../../components/validators';
import { WorkflowActions, type TWorkflowButton } from '../../components/WorkflowActions';
import { formatDate, formatDateTime } from '../../i18n/format';
import { getSession } from '../../session/store';
import { ImportRdpsDialog } from './ImportRdpsDialog';
import { OpenNcaButton } from './OpenNcaButton';
import { PdfViewer, RdpUploadButton, SignatureDetails } from './RdpFiles';
import { RdpPosition } from './RdpPosition';
import { RdpTotalsDialog } from './RdpTotalsDialog';

/* Laboratory test reports (RDP): list with filters, create, and the detail with its tabs (RDP, accounting, phases 1 to 3). */

type TRdp = TRdpRecord & { id: string };

const STATUS_COLOR: Record<TRdpStatus, 'default' | 'info' | 'warning' | 'success'> = { processing: 'default', approved: 'info', p7mUploaded: 'warning', completed: 'success' };

function StatusChip({ status }: { status: TRdpStatus }) {
  const translate = useTranslate();
  return <Chip size="small" color={STATUS_COLOR[status]} label={translate(`environmental.rdps.status.${status}`)} data-testid="rdp-status" />;
}

function LimitsChip({ record }: { record: Pick<TRdp, 'outOfLimits' | 'outOfLimitsCount'> }) {
  const translate = useTranslate();
  if (!record.outOfLimits) return null;
  return (
    <Chip
      size="small"
      color="error"
      label={translate('environmental.rdps.outOfLimits')}
      title={translate('environmental.rdps.outOfLimitsCount', { smart_count: record.outOfLimitsCount })}
      data-testid="rdp-out-of-limits"
    />
  );
}

// ---- list ----

function ListActions() {
  const canImport = useCan('rdps', 'import');
  const canTotals = useCan('rdps', 'totals');
  const canCreate = useCanHere('create');
  const translate = useTranslate();
  const [importing, setImporting] = useState(false);
  const [totals, setTotals] = useState(false);
  return (
    <TopToolbar>
      {canTotals ? (
        <Button size="small" startIcon={<CalculateIcon />} onClick={() => setTotals(true)} data-testid="rdp-totals-open">
          {translate('environmental.rdps.accounting.totals')}
        </Button>
      ) : null}
      {canImport ? (
        <Button size="small" startIcon={<UploadFileIcon />} onClick={() => setImporting(true)} data-testid="rdp-import-open">
          {translate('environmental.rdps.import.button')}
        </Button>
      ) : null}
      {canCreate ? <CreateButton /> : null}
      <ImportRdpsDialog open={importing} onClose={() => setImporting(false)} />
      <RdpTotalsDialog open={totals} onClose={() => setTotals(false)} />
    </TopToolbar>
  );
}

export function RdpList() {
  const translate = useTranslate();
  const seesAll = useReachesAllHere('list');
  // A laboratory does not read the agencies' registry: the column would only show a refusal.
  const readsAgencies = useCan('agencies', 'list');
  const statusChoices = RDP_STATUSES.map((s) => ({ id: s, name: `environmental.rdps.status.${s}` }));
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('environmental.search')} />,
    <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
    <SelectInput
      key="outOfLimits"
      source="outOfLimits"
      alwaysOn
      label="environmental.rdps.filters.outOfLimits"
      choices={[
        { id: 'true', name: 'environmental.rdps.outOfLimits' },
        { id: 'false', name: 'environmental.rdps.withinLimits' },
      ]}
    />,
    <SelectInput
      key="salConfirmed"
      source="salConfirmed"
      label="environmental.rdps.filters.salConfirmed"
      choices={[
        { id: 'true', name: 'environmental.rdps.salConfirmed' },
        { id: 'false', name: 'environmental.rdps.salPending' },
      ]}
    />,
    ...(seesAll
      ? [
          <ReferenceInput key="laboratoryId" source="laboratoryId" reference="laboratories">
            <AutocompleteInput optionText="businessName" />
          </ReferenceInput>,
        ]
      : []),
  ];
  return (
    <List filters={filters} sort={{ field: 'sampleDate', order: 'DESC' }} actions={<ListActions />}>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="code" />
        <DataTable.Col source="status">
          <FunctionField render={(r: TRdp) => <StatusChip status={r.status} />} />
        </DataTable.Col>
        <DataTable.Col source="outOfLimits">
          <FunctionField render={(r: TRdp) => <LimitsChip record={r} />} />
        </DataTable.Col>
        {seesAll ? (
          <DataTable.Col source="laboratoryId">
            <ReferenceField source="laboratoryId" reference="laboratories" link={false} />
          </DataTable.Col>
        ) : null}
        {readsAgencies ? (
          <DataTable.Col source="agencyId">
            <ReferenceField source="agencyId" reference="agencies" link={false} emptyText="—" />
          </DataTable.Col>
        ) : null}
        <DataTable.Col source="sampleDate">
          <DayField source="sampleDate" />
        </DataTable.Col>
        <DataTable.Col source="totalPrice">
          <EurosField source="totalPrice" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

// ---- the report's data (create, and the RDP tab while in processing) ----

/** The lots and agencies by name, for a laboratory: it reads neither registry, yet names them on its reports. */
function useSampleChoices(enabled: boolean) {
  const dataProvider = useDataProvider<TAppDataProvider>();
  return useQuery({
    queryKey: ['rdps', 'sample-choices'],
    queryFn: async () => (await dataProvider.rdpSampleChoices()).data,
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}

function RdpFields({ readOnly, isCreate }: { readOnly: boolean; isCreate: boolean }) {
  const translate = useTranslate();
  // The lot and the agency are the consortium's registries: a laboratory picks them from their names only.
  const readsLots = useCan('lots', 'list');
  const readsAgencies = useCan('agencies', 'list');
  const { data: choices } = useSampleChoices(useCan('rdps', 'sampleChoices') && (!readsLots || !readsAgencies));
  return (
    <>
      <FormGrid columns={3}>
        <SectionTitle>{translate('environmental.rdps.sections.sample')}</SectionTitle>
        <TextInput source="code" validate={required} readOnly={readOnly} />
        <ReferenceInput source="laboratoryId" reference="laboratories">
          <AutocompleteInput optionText="businessName" validate={required} readOnly={readOnly || !isCreate} />
        </ReferenceInput>
        {readsLots ? (
          <ReferenceInput source="lotId" reference="lots">
            <AutocompleteInput optionText="name" parse={emptyToNull} readOnly={readOnly} />
          </ReferenceInput>
        ) : choices ? (
          <AutocompleteInput source="lotId" choices={choices.lots} optionValue="_id" optionText="name" parse={emptyToNull} readOnly={readOnly} />
        ) : null}
        {readsAgencies ? (
          <ReferenceInput source="agencyId" reference="agencies">
            <AutocompleteInput optionText="businessName" parse={emptyToNull} readOnly={readOnly} />
          </ReferenceInput>
        ) : choices ? (
          <AutocompleteInput source="agencyId" choices={choices.agencies} optionValue="_id" optionText="businessName" parse={emptyToNull} readOnly={readOnly} />
        ) : null}
        <TextInput source="wbs" parse={emptyToNull} readOnly={readOnly} />
        <TextInput source="label" parse={emptyToNull} readOnly={readOnly} />
        <TextInput source="sampleManufacturer" parse={emptyToNull} readOnly={readOnly} />
        <TextInput source="samplingAgency" parse={emptyToNull} readOnly={readOnly} />
        <TextInput source="samplingMethod" parse={emptyToNull} readOnly={readOnly} />
        <TextInput source="sampler" parse={emptyToNull} readOnly={readOnly} />
        <DateInput source="sampleDate" parse={emptyToNull} readOnly={readOnly} />
        <TextInput source="samplingReportCode" parse={emptyToNull} readOnly={readOnly} />
        <TextInput source="sampleLocation" parse={emptyToNull} readOnly={readOnly} />
        <NumberInput source="lat" min={-90} max={90} step={0.0001} readOnly={readOnly} />
        <NumberInput source="long" min={-180} max={180} step={0.0001} readOnly={readOnly} />
        <SectionTitle>{translate('environmental.rdps.sections.analyses')}</SectionTitle>
        <ReferenceInput source="matrixSettingId" reference="environmental-settings" filter={{ settingType: 'matrix' }}>
          <AutocompleteInput optionText="name" parse={emptyToNull} readOnly={readOnly} />
        </ReferenceInput>
        <ReferenceArrayInput source="analyticPackageSettingIds" reference="environmental-settings" filter={{ settingType: 'analyticPackage' }}>
          <AutocompleteArrayInput optionText="name" readOnly={readOnly} />
        </ReferenceArrayInput>
        <TextInput source="cer" parse={emptyToNull} readOnly={readOnly} helperText="17 05 04" />
        <TextInput source="producer" parse={emptyToNull} readOnly={readOnly} />
        <DateInput source="receivingDate" parse={emptyToNull} readOnly={readOnly} />
        <DateInput source="analysisStartDate" parse={emptyToNull} readOnly={readOnly} />
        <DateInput source="analysisEndDate" parse={emptyToNull} readOnly={readOnly} />
      </FormGrid>
      {readOnly ? null : (
        <Box sx={{ width: '100%', maxWidth: 1200 }}>
          <SectionTitle>{translate('environmental.rdps.sections.rows')}</SectionTitle>
          <ArrayInput source="analyticData" label={false}>
            <SimpleFormIterator inline disableReordering>
              <TextInput source="activity" label="resources.rdps.fields.activity" validate={required} sx={{ width: { xs: '100%', md: 200 } }} />
              <TextInput source="unit" label="resources.rdps.fields.unit" parse={emptyToNull} sx={{ width: { xs: '100%', md: 110 } }} />
              <TextInput source="method" label="resources.rdps.fields.method" parse={emptyToNull} sx={{ width: { xs: '100%', md: 200 } }} />
              <NumberInput source="lowerLimit" label="resources.rdps.fields.lowerLimit" sx={{ width: { xs: '100%', md: 140 } }} />
              <NumberInput source="upperLimit" label="resources.rdps.fields.upperLimit" sx={{ width: { xs: '100%', md: 140 } }} />
              <TextInput source="value" label="resources.rdps.fields.value" parse={emptyToNull} sx={{ width: { xs: '100%', md: 120 } }} />
            </SimpleFormIterator>
          </ArrayInput>
        </Box>
      )}
    </>
  );
}

/** Body of the create and of the update: the analytic rows without their derived checks. */
function toWritable(data: Record<string, unknown>) {
  const rows = (data.analyticData as Partial<TAnalyticRow>[] | undefined) ?? [];
  return {
    ...data,
    analyticData: rows.map((r) => ({
      activity: r.activity,
      description: r.description ?? null,
      unit: r.unit ?? null,
      method: r.method ?? null,
      lowerLimit: r.lowerLimit ?? null,
      upperLimit: r.upperLimit ?? null,
      value: r.value === undefined || r.value === null ? null : String(r.value),
    })),
  };
}

export function RdpCreate() {
  const saveErrors = useSaveErrorNotification();
  const laboratoryId = getSession()?.user?.laboratoryId ?? undefined;
  return (
    <Create mutationOptions={saveErrors} redirect="edit" transform={toWritable}>
      <TtSimpleForm defaultValues={{ laboratoryId, analyticData: [] }}>
        <RdpFields readOnly={false} isCreate />
      </TtSimpleForm>
    </Create>
  );
}

// ---- detail ----

function AnalyticRowsTable({ rows }: { rows: TAnalyticRow[] }) {
  const translate = useTranslate();
  const field = (name: string) => translate(`resources.rdps.fields.${name}`);
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid="rdp-rows">
        <TableHead>
          <TableRow>
            {['activity', 'unit', 'method', 'lowerLimit', 'upperLimit', 'value', 'limitStatus'].map((name) => (
              <TableCell key={name}>{field(name)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r, i) => (
            <TableRow key={i} sx={r.outOfLimits ? { bgcolor: 'rgba(211,47,47,0.08)' } : undefined} data-testid={r.outOfLimits ? 'rdp-row-out' : 'rdp-row'}>
              <TableCell>{r.activity}</TableCell>
              <TableCell>{r.unit ?? ''}</TableCell>
              <TableCell>{r.method ?? ''}</TableCell>
              <TableCell>{r.lowerLimit ?? '—'}</TableCell>
              <TableCell>{r.upperLimit ?? '—'}</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{r.value ?? ''}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  variant={r.outOfLimits ? 'filled' : 'outlined'}
                  color={r.outOfLimits ? 'error' : r.limitStatus === 'within' ? 'success' : r.limitStatus === 'indeterminate' ? 'warning' : 'default'}
                  label={translate(`environmental.rdps.limitStatus.${r.limitStatus}`)}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

const REASON = { intro: 'environmental.rdps.actions.reasonIntro', label: 'environmental.rdps.actions.reason' };

function RdpWorkflow({ record, only }: { record: TRdp; only: TRdpAction[] }) {
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

function Panel({ children }: { children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function RejectionNote({ record, step }: { record: TRdp; step: 'draft' | 'signed' }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!record.lastRejection || record.lastRejection.step !== step) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="rdp-rejection">
      {translate('environmental.rdps.lastRejection', { date: formatDateTime(record.lastRejection.at, locale), reason: record.lastRejection.reason })}
    </Alert>
  );
}

function Phase1({ record }: { record: TRdp }) {
  const translate = useTranslate();
  const canUpload = useCan('rdps', 'uploadDraft') && record.status === 'processing';
  return (
    <Panel>
      <RejectionNote record={record} step="draft" />
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {translate('environmental.rdps.files.draft')}
      </Typography>
      {record.temporaryRdp ? (
        <PdfViewer key={record.temporaryRdp} path={`/rdps/${record.id}/files/draft`} testId="rdp-draft-viewer" />
      ) : (
        <Typography color="text.secondary">{translate('environmental.rdps.files.none')}</Typography>
      )}
      {canUpload ? (
        <Box sx={{ mt: 2 }}>
          <RdpUploadButton
            record={record}
            action="uploadDraft"
            accept="application/pdf,.pdf"
            label={record.temporaryRdp ? 'environmental.rdps.files.replaceDraft' : 'environmental.rdps.files.chooseDraft'}
            testId="rdp-draft-file"
          />
        </Box>
      ) : null}
      <RdpWorkflow record={record} only={['approveDraft', 'rejectDraft']} />
    </Panel>
  );
}

function Phase2({ record }: { record: TRdp }) {
  const translate = useTranslate();
  const mayUpload = useCan('rdps', 'uploadSigned');
  return (
    <Panel>
      <RejectionNote record={record} step="signed" />
      {record.status === 'processing' ? <Alert severity="info">{translate('environmental.rdps.files.signedOnlyAfterApproval')}</Alert> : null}
      {mayUpload && record.status === 'approved' ? (
        <Box sx={{ mb: 2 }}>
          <RdpUploadButton record={record} action="uploadSigned" accept=".p7m,application/pkcs7-mime" label="environmental.rdps.files.chooseSigned" testId="rdp-signed-file" />
        </Box>
      ) : null}
      {!mayUpload && record.status === 'approved' ? <Typography color="text.secondary">{translate('environmental.rdps.files.waitingSigned')}</Typography> : null}
      {record.signedRdp ? (
        <>
          <SignatureDetails record={record} />
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 2 }}>
            {translate('environmental.rdps.files.inner')}
          </Typography>
          <PdfViewer key={record.signedInnerPdf ?? ''} path={`/rdps/${record.id}/files/signed-content`} testId="rdp-inner-viewer" />
        </>
      ) : record.status === 'p7mUploaded' || record.status === 'completed' ? (
        <Typography color="text.secondary">{translate('environmental.rdps.files.none')}</Typography>
      ) : null}
      <RdpWorkflow record={record} only={['approveSigned', 'rejectSigned']} />
    </Panel>
  );
}

function SalSummary({ record }: { record: TRdp }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!record.salConfirmedAt) return null;
  return (
    <Table size="small" sx={{ maxWidth: 560 }} data-testid="rdp-sal">
      <TableBody>
        <TableRow>
          <TableCell component="th">{translate('environmental.rdps.accounting.salRef')}</TableCell>
          <TableCell>{record.salRef}</TableCell>
        </TableRow>
        <TableRow>
          <TableCell component="th">{translate('environmental.rdps.accounting.salAt')}</TableCell>
          <TableCell>{formatDateTime(record.salConfirmedAt, locale)}</TableCell>
        </TableRow>
        <TableRow>
          <TableCell component="th">{translate('environmental.rdps.accounting.salBy')}</TableCell>
          <TableCell>
            <ReferenceField source="salConfirmedById" reference="users" link={false} emptyText="—">
              <FunctionField render={(u: { name?: string; surname?: string; email?: string }) => [u.name, u.surname].filter(Boolean).join(' ') || u.email} />
            </ReferenceField>
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}

function Phase3({ record }: { record: TRdp }) {
  const translate = useTranslate();
  return (
    <Panel>
      <Typography sx={{ mb: 1 }}>{translate(record.status === 'completed' ? 'environmental.rdps.phase3.completed' : 'environmental.rdps.phase3.notYet')}</Typography>
      <SalSummary record={record} />
    </Panel>
  );
}

function Accounting({ record }: { record: TRdp }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Panel>
      <Typography variant="h6" data-testid="rdp-price">
        {translate('environmental.rdps.accounting.price')}: {record.totalPrice === null ? '—' : formatEuros(record.totalPrice, locale)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(record.salConfirmedAt ? 'environmental.rdps.accounting.frozen' : 'environmental.rdps.accounting.live')}
      </Typography>
      {record.unpricedPackageIds.length ? (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {translate('environmental.rdps.accounting.unpriced', { smart_count: record.unpricedPackageIds.length })}
        </Alert>
      ) : null}
      <SalSummary record={record} />
      {record.status !== 'completed' ? <Typography color="text.secondary">{translate('environmental.rdps.accounting.notCompleted')}</Typography> : null}
      <RdpWorkflow record={record} only={['confirmAccounting']} />
    </Panel>
  );
}

function RdpDetail() {
  const record = useRecordContext<TRdp>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [tab, setTab] = useState(0);
  const canUpdate = useCanHere('update');
  const canDelete = useCanHere('delete');
  const canOpenNca = useCan('rdps', 'openNca');
  // The link is for who reads NCA reports; the NCA page itself answers within the reader's scope.
  const readsNca = useCan('nca-reports', 'read');
  if (!record) return null;
  const editable = canUpdate && record.status === 'processing';
  const tabs = ['rdp', 'accounting', 'phase1', 'phase2', 'phase3'];
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2">
          {record.code}
        </Typography>
        <StatusChip status={record.status} />
        <LimitsChip record={record} />
        {record.outOfLimits ? <Typography variant="body2">{translate('environmental.rdps.outOfLimitsCount', { smart_count: record.outOfLimitsCount })}</Typography> : null}
        {record.sampleDate ? (
          <Typography variant="body2" color="text.secondary">
            {formatDate(record.sampleDate, locale)}
          </Typography>
        ) : null}
        {record.ncaReportId && readsNca ? (
          <Button component={RouterLink} to={`/nca-reports/${record.ncaReportId}`} size="small" variant="outlined" color="error" data-testid="rdp-nca-link">
            {translate('environmental.rdps.openNca.linked')}
          </Button>
        ) : null}
        {record.outOfLimits && canOpenNca && !record.ncaReportId ? <OpenNcaButton record={record} /> : null}
      </Stack>
      <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} variant="scrollable" scrollButtons="auto" sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        {tabs.map((t) => (
          <Tab key={t} label={translate(`environmental.rdps.tabs.${t}`)} data-testid={`rdp-tab-${t}`} />
        ))}
      </Tabs>
      {tab === 0 ? (
        <>
          {editable ? null : (
            <Alert severity="info" sx={{ mb: 2 }}>
              {translate('environmental.rdps.lockedHint')}
            </Alert>
          )}
          <Panel>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {translate('environmental.rdps.sections.rows')}
            </Typography>
            <AnalyticRowsTable rows={record.analyticData} />
          </Panel>
          <Panel>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
              {translate('environmental.rdps.sections.position')}
            </Typography>
            <RdpPosition lat={record.lat} long={record.long} />
          </Panel>
          <TtSimpleForm canSave={editable} canDelete={editable && canDelete}>
            <RdpFields readOnly={!editable} isCreate={false} />
          </TtSimpleForm>
        </>
      ) : null}
      {tab === 1 ? <Accounting record={record} /> : null}
      {tab === 2 ? <Phase1 record={record} /> : null}
      {tab === 3 ? <Phase2 record={record} /> : null}
      {tab === 4 ? <Phase3 record={record} /> : null}
    </Box>
  );
}

export function RdpEdit() {
  const saveErrors = useSaveErrorNotification();
  return (
    <Edit mutationOptions={saveErrors} mutationMode="pessimistic" title={<RecordTitle source="code" />} actions={<DetailActions />} redirect={false} transform={toWritable}>
      <RdpDetail />
    </Edit>
  );
}
