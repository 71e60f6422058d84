import { useMemo, useState } from 'react';
import { Alert, Box, Button, Stack, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, TextField, useMediaQuery, type Theme } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import {
  AutocompleteInput,
  Create,
  CreateButton,
  DataTable,
  List,
  NullableBooleanInput,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleList,
  FilterButton,
  useGetList,
  useLocaleState,
  useNotify,
  useTranslate,
} from 'react-admin';
import { AMBIENT_CATEGORIES } from '@app/domain/environmental/settings';
import { ISHIKAWA_CATEGORIES, type TNcaReportRecord } from '@app/domain/environmental/nca/index';
import { useCustomMutation } from '../../dataProvider/hooks';
import { DetailForm, useSaveErrorNotification } from '../../components/forms';
import { useCan, useCanHere, useReachesAllHere } from '../../components/permissions';
import { useSession } from '../../session/useSession';
import { errorText } from '../../components/serverErrors';
import { formatDate } from '../../i18n/format';
import { isNotAvailable } from './queries';
import { useSupplierMayReport } from './supplierMayReport';
import { recurrenceLabel, RecurrenceChip } from './CapaChips';
import { NCA_STATUS_CHOICES, NcaStatusChip, ObserversInput, Phase1Fields } from './fields';
import { useListFilterValues } from '../../components/records';
import { useReportName } from './useReportName';
import type { TNamedRecord } from '../../components/records';
import { ListDataTable, ListToolbar } from '../../components/listScaffolding';
import { textOf } from '@app/domain/platform/records/keys';
import { useBulkActionButtons } from '../../components/BulkActions';
import { ReferenceName, ReferenceNames, type TReferenceColumn } from '../../components/ReferenceNames';

/*
 * NCA reports: the list with its filters (status, lot, agency, severity, category, overdue, recurrence, Ishikawa family) — a simple
 * list on phones — the xlsx export of one lot, and the creation of a report (phase 1, as a draft).
 */

type TReportRow = TNcaReportRecord & { id: string };

const ISHIKAWA_CHOICES = ISHIKAWA_CATEGORIES.map((id) => ({ id, name: `nca.capa.ishikawa.${id}` }));
const CATEGORY_CHOICES = AMBIENT_CATEGORIES.map((category) => ({ id: category, name: `environmental.ambientCategory.${category}` }));

function useFilters() {
  const translate = useTranslate();
  const readsLots = useCan('lots', 'list');
  const readsAgencies = useCan('agencies', 'list');
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('environmental.search')} />,
    <SelectInput key="status" source="status" choices={NCA_STATUS_CHOICES} alwaysOn />,
    ...(readsLots
      ? [
          <ReferenceInput key="lotId" source="lotId" reference="lots" sort={{ field: 'name', order: 'ASC' }}>
            <AutocompleteInput optionText="name" />
          </ReferenceInput>,
        ]
      : []),
    ...(readsAgencies
      ? [
          <ReferenceInput key="targetAgencyId" source="targetAgencyId" reference="agencies" sort={{ field: 'businessName', order: 'ASC' }}>
            <AutocompleteInput optionText="businessName" />
          </ReferenceInput>,
        ]
      : []),
    <ReferenceInput
      key="warningLevelSettingId"
      source="warningLevelSettingId"
      reference="environmental-settings"
      filter={{ settingType: 'severityLevel' }}
      sort={{ field: 'severityRank', order: 'ASC' }}
    >
      <SelectInput optionText="name" />
    </ReferenceInput>,
    <SelectInput key="category" source="category" choices={CATEGORY_CHOICES} />,
    <NullableBooleanInput key="overdue" source="overdue" />,
    <NullableBooleanInput key="recurrence" source="recurrence" />,
    <SelectInput key="ishikawa" source="ishikawa" choices={ISHIKAWA_CHOICES} />,
  ];
}

/** Exporting needs a lot (the spec): the button asks for one first. */
function ExportByLotButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const filterValues = useListFilterValues();
  const [open, setOpen] = useState(false);
  const [lotId, setLotId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { data: lots = [] } = useGetList<TNamedRecord & { code: string }>('lots', { pagination: { page: 1, perPage: 200 }, sort: { field: 'name', order: 'ASC' } }, { enabled: open });
  const start = () => {
    setLotId(textOf(filterValues.lotId) ?? '');
    setProblem(null);
    setOpen(true);
  };
  const exporting = useCustomMutation('download', {
    onSuccess: () => setOpen(false),
    onError: (error) => {
      if (isNotAvailable(error)) notify('nca.notAvailable.export', { type: 'info' });
      else setProblem(errorText(translate, error));
    },
  });
  const run = () => {
    if (!lotId) {
      setProblem(translate('nca.export.pickLot'));
      return;
    }
    const lot = lots.find((l) => String(l.id) === lotId);
    exporting.mutate(['/nca-reports/export', { query: { lotId }, fileName: `nca-${lot?.code ?? lotId}.xlsx` }]);
  };
  return (
    <>
      <Button size="small" startIcon={<DownloadIcon />} onClick={start} data-testid="nca-export">
        {translate('nca.export.button')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="xs" fullWidth aria-labelledby="nca-export-title">
        <DialogTitle id="nca-export-title">{translate('nca.export.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{translate('nca.export.intro')}</DialogContentText>
          <TextField select fullWidth label={translate('resources.nca-reports.fields.lotId')} value={lotId} onChange={(event) => setLotId(event.target.value)} data-testid="nca-export-lot">
            {lots.map((lot) => (
              <MenuItem key={lot.id} value={String(lot.id)}>
                {lot.name}
              </MenuItem>
            ))}
          </TextField>
          {problem ? (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {problem}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" onClick={run} disabled={exporting.isPending} data-testid="nca-export-confirm">
            {translate('nca.export.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** The consortium creates reports; a supplier agency only holding nca.create with the permission system on. */
function useMayCreate() {
  const consortium = useReachesAllHere('create');
  const supplier = useCanHere('create') && !consortium;
  const { data: supplierMay = false, isPending } = useSupplierMayReport(supplier);
  return { may: consortium || supplierMay, supplier, checking: supplier && isPending };
}

function ListActions() {
  const { may } = useMayCreate();
  const canExport = useCan('nca-reports', 'export');
  return (
    <ListToolbar>
      <FilterButton />
      {canExport ? <ExportByLotButton /> : null}
      {may ? <CreateButton /> : null}
    </ListToolbar>
  );
}

/**
 * What the list shows (its columns, the phone's lines, the recurrence chip): the API then leaves out the rest of
 * each report (cause analysis, containment, 5 whys: `?fields=`; the report's page reads them).
 */
const REPORT_LIST_FIELDS = ['code', 'draftName', 'status', 'recurrenceOf', 'lotId', 'targetAgencyId', 'warningLevelSettingId', 'description', 'openDate', 'overdueActions', 'updatedAt'];

/*
 * The columns keep the widths they start with (a fixed table layout) and the names fetched after the rows (lot,
 * company, severity) stay on one line: when those names arrived, the table was laid out again and its rows grew
 * under the reader (a layout shift of 0.15 at 1350 px in Lighthouse). The description shows two lines, whole on hover.
 */
const FIXED_COLUMNS = { '& .RaDataTable-table': { tableLayout: 'fixed' } } as const;
const ONE_LINE = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;
/** The list's reference columns, whose names come in one request each for the page's rows (components/ReferenceNames.tsx). */
const LOT_COLUMN: TReferenceColumn = { source: 'lotId', reference: 'lots' };
const AGENCY_COLUMN: TReferenceColumn = { source: 'targetAgencyId', reference: 'agencies' };
const SEVERITY_COLUMN: TReferenceColumn = { source: 'warningLevelSettingId', reference: 'environmental-settings' };
const TWO_LINES = { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' } as const;

export function ReportList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const readsLots = useCan('lots', 'read');
  const readsAgencies = useCan('agencies', 'read');
  const reportName = useReportName();
  // The consortium reminds the pending signers of the selected reports (issue 28).
  const bulkActionButtons = useBulkActionButtons('nca-reports');
  const referenceColumns = useMemo(() => [...(readsLots ? [LOT_COLUMN] : []), ...(readsAgencies ? [AGENCY_COLUMN] : []), SEVERITY_COLUMN], [readsLots, readsAgencies]);
  return (
    <List filters={useFilters()} sort={{ field: 'createdAt', order: 'DESC' }} queryOptions={{ meta: { fields: REPORT_LIST_FIELDS } }} actions={<ListActions />} exporter={false}>
      {phone ? (
        <SimpleList<TReportRow>
          linkType="edit"
          primaryText={(r) => reportName(r.code, r.draftName)}
          secondaryText={(r) => r.description ?? ''}
          tertiaryText={(r) => [translate(`nca.status.${r.status}`), r.recurrenceOf ? recurrenceLabel(translate, r.recurrenceOf) : null].filter(Boolean).join(' · ')}
        />
      ) : (
        <ReferenceNames columns={referenceColumns}>
          <ListDataTable rowClick="edit" bulkActionButtons={bulkActionButtons} sx={FIXED_COLUMNS}>
            <DataTable.Col source="code" sx={{ width: 140, whiteSpace: 'nowrap' }} render={(r: TReportRow) => reportName(r.code, r.draftName, { short: true })} />
            <DataTable.Col
              source="status"
              sx={{ width: 180 }}
              render={(r: TReportRow) => (
                <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                  <NcaStatusChip status={r.status} />
                  <RecurrenceChip record={r} link={false} />
                </Stack>
              )}
            />
            {readsLots ? (
              <DataTable.Col source="lotId" disableSort sx={{ width: 120, ...ONE_LINE }}>
                <ReferenceName source="lotId" />
              </DataTable.Col>
            ) : null}
            {readsAgencies ? (
              <DataTable.Col source="targetAgencyId" disableSort sx={{ width: 140, ...ONE_LINE }}>
                <ReferenceName source="targetAgencyId" />
              </DataTable.Col>
            ) : null}
            <DataTable.Col source="warningLevelSettingId" disableSort sx={{ width: 100, ...ONE_LINE }}>
              <ReferenceName source="warningLevelSettingId" />
            </DataTable.Col>
            <DataTable.Col
              source="description"
              disableSort
              render={(r: TReportRow) => (
                <Box component="span" title={r.description ?? undefined} sx={TWO_LINES}>
                  {r.description ?? ''}
                </Box>
              )}
            />
            <DataTable.Col source="openDate" sx={{ width: 100 }} render={(r: TReportRow) => (r.openDate ? formatDate(r.openDate, locale) : '')} />
            <DataTable.Col source="overdueActions" disableSort sx={{ width: 80 }} render={(r: TReportRow) => (r.overdueActions > 0 ? String(r.overdueActions) : '')} />
          </ListDataTable>
        </ReferenceNames>
      )}
    </List>
  );
}

/**
 * A new report (phase 1, as a draft). A supplier agency reports what it detected: its agency is the
 * detector (the API sets it), the lot is its order's; the consortium names the observers later.
 */
export function ReportCreate() {
  const saveErrors = useSaveErrorNotification();
  const translate = useTranslate();
  const { may, supplier, checking } = useMayCreate();
  const agencyId = useSession()?.user.agencyId ?? null;
  if (checking) return null;
  if (!may)
    return (
      <Alert severity="info" sx={{ mt: 2 }} data-testid="nca-create-not-granted">
        {translate('nca.supplierCreate.notGranted')}
      </Alert>
    );
  return (
    <Create mutationOptions={saveErrors} redirect="edit">
      <DetailForm defaultValues={supplier ? { origin: 'audit', detectedByAgencyId: agencyId, targetAgencyId: agencyId } : { origin: 'audit' }}>
        {supplier ? (
          <Alert severity="info" sx={{ width: '100%', mb: 1 }}>
            {translate('nca.supplierCreate.intro')}
          </Alert>
        ) : null}
        <Phase1Fields readOnly={false} />
        {supplier ? null : <ObserversInput readOnly={false} />}
      </DetailForm>
    </Create>
  );
}
