import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Link as RouterLink } from 'react-router-dom';
import {
  AutocompleteInput,
  DataTable,
  FunctionField,
  Labeled,
  List,
  NumberField,
  ReferenceInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useLocaleState,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { SIGN_PHASES, type TSignRequestRecord } from '@app/domain/environmental/nca/index';
import { useBulkActionButtons } from '../../components/BulkActions';
import { ListToolbar, ResponsiveDataTable } from '../../components/listScaffolding';
import { useCan } from '../../components/permissions';
import { RecordHistoryHere } from '../../components/RecordHistory';
import { formatDateTime } from '../../i18n/format';
import { RemindSignerButton } from '../nca/RemindSignerButton';
import { SignStatusChip } from '../nca/SignStatusChip';
import { useReportName } from '../nca/useReportName';

/*
 * Every report's sign requests, for who names and reminds the signers (the consortium, the
 * administrators): who must sign what, in which phase and round, and where each stands; the pending
 * ones are reminded here one by one or in bulk (the API refuses, row by row, a request whose round is
 * closed or that was reminded within the hour). A signer signs in "Le mie firme", not here.
 */

type TSignRequestRow = TSignRequestRecord & { id: string };

const SIGN_STATUSES = ['pending', 'signed', 'rejected', 'manual_rejected', 'suspended'] as const;
const STATUS_CHOICES = SIGN_STATUSES.map((status) => ({ id: status, name: `nca.signStatus.${status}` }));
const PHASE_CHOICES = SIGN_PHASES.map((phase) => ({ id: phase, name: `nca.mySignatures.phase.${phase}` }));

const personName = (u: { name?: string | null; surname?: string | null; email?: string }) => [u.name, u.surname].filter(Boolean).join(' ') || u.email || '';

function useFilters() {
  const reportName = useReportName();
  const readsUsers = useCan('users', 'list');
  return [
    <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
    <ReferenceInput key="reportId" source="reportId" reference="nca-reports" sort={{ field: 'createdAt', order: 'DESC' }} alwaysOn>
      <AutocompleteInput optionText={(r: { code: string | null; draftName?: TSignRequestRecord['reportDraftName'] }) => reportName(r.code, r.draftName)} />
    </ReferenceInput>,
    ...(readsUsers
      ? [
          <ReferenceInput key="userId" source="userId" reference="users" sort={{ field: 'surname', order: 'ASC' }}>
            <AutocompleteInput optionText={personName} />
          </ReferenceInput>,
        ]
      : []),
    <SelectInput key="phase" source="phase" choices={PHASE_CHOICES} />,
  ];
}

/** The status, and "bloccata" when wrong codes locked it (the consortium unlocks it from the report). */
function StatusCell({ record }: { record: TSignRequestRow }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      <SignStatusChip status={record.status} />
      {record.locked ? <Chip size="small" color="error" variant="outlined" label={translate('nca.signRequests.locked')} /> : null}
    </Stack>
  );
}

export function SignRequestList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const reportName = useReportName();
  const bulkActionButtons = useBulkActionButtons('sign-requests');
  return (
    <List filters={useFilters()} filterDefaultValues={{ status: 'pending' }} sort={{ field: 'createdAt', order: 'DESC' }} actions={<ListToolbar />} exporter={false}>
      <ResponsiveDataTable<TSignRequestRow>
        rowClick="show"
        bulkActionButtons={bulkActionButtons}
        phone={{
          primaryText: (r) => r.signerName,
          secondaryText: (r) => `${reportName(r.reportCode, r.reportDraftName, { short: true })} · ${translate(`nca.mySignatures.phase.${r.phase}`)}`,
          tertiaryText: (r) => translate(`nca.signStatus.${r.status}`),
        }}
      >
        <DataTable.Col source="reportId" disableSort render={(r: TSignRequestRow) => reportName(r.reportCode, r.reportDraftName, { short: true })} />
        <DataTable.Col source="phase" render={(r: TSignRequestRow) => translate(`nca.mySignatures.phase.${r.phase}`)} />
        <DataTable.Col source="round" />
        <DataTable.Col source="userId" disableSort render={(r: TSignRequestRow) => r.signerName} />
        <DataTable.Col source="agencyFunctionName" disableSort />
        <DataTable.Col source="status" render={(r: TSignRequestRow) => <StatusCell record={r} />} />
        <DataTable.Col source="remindedAt" disableSort render={(r: TSignRequestRow) => formatDateTime(r.remindedAt, locale)} />
        <DataTable.Col source="signedAt" render={(r: TSignRequestRow) => formatDateTime(r.signedAt, locale)} />
      </ResponsiveDataTable>
    </List>
  );
}

/** The report the request belongs to, by its name, linked to its page. */
function ReportLink() {
  const record = useRecordContext<TSignRequestRow>();
  const reportName = useReportName();
  if (!record) return null;
  return (
    <Button component={RouterLink} to={`/nca-reports/${record.reportId}`} endIcon={<OpenInNewIcon />} sx={{ textTransform: 'none', px: 0 }} data-testid="sign-request-report">
      {reportName(record.reportCode, record.reportDraftName)}
    </Button>
  );
}

function ShowActions() {
  const record = useRecordContext<TSignRequestRow>();
  const refresh = useRefresh();
  return <TopToolbar>{record?.status === 'pending' ? <RemindSignerButton requestId={record.id} signerName={record.signerName} onDone={refresh} /> : null}</TopToolbar>;
}

function Instant({ source }: { source: 'signedAt' | 'remindedAt' | 'codeSentAt' | 'createdAt' }) {
  const [locale] = useLocaleState();
  return <FunctionField source={source} render={(r: TSignRequestRow) => formatDateTime(r[source], locale) || '—'} />;
}

export function SignRequestShow() {
  const translate = useTranslate();
  return (
    <Show actions={<ShowActions />} title={<ShowTitle />}>
      <SimpleShowLayout>
        <Labeled source="reportId">
          <ReportLink />
        </Labeled>
        <FunctionField source="phase" render={(r: TSignRequestRow) => translate(`nca.mySignatures.phase.${r.phase}`)} />
        <NumberField source="round" />
        <TextField source="signerName" />
        <TextField source="agencyFunctionName" />
        <FunctionField source="status" render={(r: TSignRequestRow) => <StatusCell record={r} />} />
        <Instant source="createdAt" />
        <Instant source="codeSentAt" />
        <Instant source="remindedAt" />
        <Instant source="signedAt" />
        <FunctionField source="explanationsRequest" render={(r: TSignRequestRow) => <Typography sx={{ whiteSpace: 'pre-wrap' }}>{r.explanationsRequest || '—'}</Typography>} />
      </SimpleShowLayout>
      <Box sx={{ px: { xs: 0, sm: 1 } }}>
        <RecordHistoryHere section />
      </Box>
    </Show>
  );
}

function ShowTitle() {
  const record = useRecordContext<TSignRequestRow>();
  const translate = useTranslate();
  return <span>{record ? translate('nca.signRequests.title', { signer: record.signerName }) : translate('resources.sign-requests.name', { smart_count: 1 })}</span>;
}
