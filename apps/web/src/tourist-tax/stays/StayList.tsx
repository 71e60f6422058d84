import { lazy, Suspense, useState } from 'react';
import { useBulkActionButtons } from '../../components/BulkActions';
import { ListToolbar, ResponsiveDataTable, YearListEmpty, YearListTitle } from '../../components/listScaffolding';
import { Button, Chip, Menu, MenuItem, ToggleButton, ToggleButtonGroup, Tooltip } from '@mui/material';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import LockIcon from '@mui/icons-material/Lock';
import UploadIcon from '@mui/icons-material/Upload';
import {
  CreateButton,
  DataTable,
  FilterButton,
  FunctionField,
  List,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectField,
  SelectInput,
  TextField,
  useListContext,
  useLocaleState,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { formatDate } from '../../i18n/format';
import type { TDateInputProps } from '../../components/DateInput';
import { quarterRange, type TQuarter } from '@app/domain/tourist-tax/periods';
import { paymentStatusChoices } from '../shared/choices';
import { DayField } from '../../components/forms';
import { downloadFile } from '../../dataProvider/files';
import { formatEuros } from '../../components/format';
import { useCan } from '../../components/permissions';
import { useSelectedYear } from '../../session/useSession';
import { useListFilterValues } from '../../components/records';
import { errorMessageOf } from '../../dataProvider/errors';

/*
 * The stays list, apart from the stay form: the list page does not load the form, the date pickers
 * (only when a date filter shows) or the import dialog (only when opened).
 */
const ImportStaysDialog = lazy(() => import('./ImportStaysDialog').then((module) => ({ default: module.ImportStaysDialog })));
const LazyDateInput = lazy(() => import('../../components/DateInput').then((module) => ({ default: module.DateInput })));

function DateFilterInput(props: TDateInputProps) {
  return (
    <Suspense fallback={null}>
      <LazyDateInput {...props} />
    </Suspense>
  );
}

const QUARTERS: TQuarter[] = [1, 2, 3, 4];

/** Which quarter of the year the checkOut filter covers exactly, if any. */
function selectedQuarter(filterValues: Record<string, unknown>, year: number): TQuarter | null {
  return (
    QUARTERS.find((quarter) => {
      const range = quarterRange(year, quarter);
      return filterValues.checkOut_gte === range.dateFrom && filterValues.checkOut_lte === range.dateTo;
    }) ?? null
  );
}

/** Trim 1-4 of the selected year: sets the check-out period filter (stays belong to the quarter of their check-out). */
function QuarterFilter() {
  const translate = useTranslate();
  const year = useSelectedYear();
  const list = useListContext();
  const filterValues = useListFilterValues();
  const quarter = selectedQuarter(filterValues, year);
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={quarter ?? 'all'}
      aria-label={translate('touristTax.stays.quarter')}
      onChange={(_event, value: TQuarter | 'all' | null) => {
        const rest = { ...filterValues };
        delete rest.checkOut_gte;
        delete rest.checkOut_lte;
        if (value === null || value === 'all') list.setFilters(rest, list.displayedFilters);
        else {
          const range = quarterRange(year, value);
          list.setFilters({ ...rest, checkOut_gte: range.dateFrom, checkOut_lte: range.dateTo }, { ...list.displayedFilters, checkOut_gte: true, checkOut_lte: true });
        }
      }}
    >
      <ToggleButton value="all">{translate('touristTax.stays.allYear', { year })}</ToggleButton>
      {QUARTERS.map((q) => (
        <ToggleButton key={q} value={q} data-testid={`quarter-filter-${q}`}>
          {translate('touristTax.stays.quarterShort', { quarter: q })}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

/** Download the stays of Trim 1-4 (or the whole selected year) as xlsx. */
function QuarterExportButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const year = useSelectedYear();
  const filterValues = useListFilterValues();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const download = async (quarter: TQuarter | null) => {
    setAnchor(null);
    setBusy(true);
    try {
      const structureId = typeof filterValues.structureId === 'string' ? filterValues.structureId : undefined;
      await downloadFile('/stays/export.xlsx', { year, quarter: quarter ?? undefined, structureId }, quarter ? `soggiorni-${year}-trim-${quarter}.xlsx` : `soggiorni-${year}.xlsx`);
    } catch (error) {
      notify(errorMessageOf(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" startIcon={<FileDownloadIcon />} onClick={(event) => setAnchor(event.currentTarget)} disabled={busy} data-testid="stays-export">
        {translate('touristTax.stays.export')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {QUARTERS.map((quarter) => (
          <MenuItem key={quarter} onClick={() => download(quarter)} data-testid={`stays-export-q${quarter}`}>
            {translate('touristTax.stays.exportQuarter', { quarter, year })}
          </MenuItem>
        ))}
        <MenuItem onClick={() => download(null)}>{translate('touristTax.stays.exportYear', { year })}</MenuItem>
      </Menu>
    </>
  );
}

function StayListActions() {
  const translate = useTranslate();
  const [importing, setImporting] = useState(false);
  const filterValues = useListFilterValues();
  const canWrite = useCan('stays', 'create');
  return (
    <ListToolbar sx={{ alignItems: 'center' }}>
      <FilterButton />
      <QuarterFilter />
      {canWrite ? <CreateButton /> : null}
      {canWrite ? (
        <Button size="small" startIcon={<UploadIcon />} onClick={() => setImporting(true)} data-testid="stays-import">
          {translate('touristTax.import.open')}
        </Button>
      ) : null}
      <QuarterExportButton />
      {canWrite && importing ? (
        <Suspense fallback={null}>
          <ImportStaysDialog open onClose={() => setImporting(false)} defaultStructureId={typeof filterValues.structureId === 'string' ? filterValues.structureId : undefined} />
        </Suspense>
      ) : null}
    </ListToolbar>
  );
}

function GuestName() {
  const record = useRecordContext<{ guest?: { name?: string; surname?: string } }>();
  if (!record) return null;
  return <>{[record.guest?.surname, record.guest?.name].filter(Boolean).join(' ')}</>;
}

function PaymentStatusChip() {
  const record = useRecordContext<{ paymentStatus: string; noPaymentReason?: string | null }>();
  const translate = useTranslate();
  if (!record) return null;
  const chip = <Chip size="small" color={record.paymentStatus === 'paid' ? 'success' : 'warning'} variant="outlined" label={translate(`touristTax.paymentStatus.${record.paymentStatus}`)} />;
  return record.noPaymentReason ? <Tooltip title={record.noPaymentReason}>{chip}</Tooltip> : chip;
}

/** What the list shows (rows and phone view): the list leaves out each stay's breakdown, other guests and invoice. */
const STAY_LIST_FIELDS = ['guest', 'structureId', 'checkIn', 'checkOut', 'nightsNumber', 'componentsNumber', 'toPayAmount', 'paymentStatus', 'noPaymentReason', 'source', 'isLocked'];

/** What the phone list reads of a stay. */
type TStayListRow = { id: string; guest?: { name?: string; surname?: string } | null; checkIn: string; checkOut: string; toPayAmount: number };

export function StayList() {
  const translate = useTranslate();
  // Mark paid / not paid (with the reason) and delete for the hotelier; every reader may export the selection.
  const bulkActionButtons = useBulkActionButtons('stays', { exportPath: '/stays/export' });
  const [locale] = useLocaleState();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('touristTax.searchGuests')} />,
    <ReferenceInput key="structureId" source="structureId" reference="structures" sort={{ field: 'name', order: 'ASC' }} perPage={200} alwaysOn>
      <SelectInput optionText="name" label="touristTax.fields.structureId" />
    </ReferenceInput>,
    <SelectInput key="paymentStatus" source="paymentStatus" choices={paymentStatusChoices} alwaysOn />,
    <DateFilterInput key="checkOut_gte" source="checkOut_gte" label="touristTax.filters.checkOutFrom" />,
    <DateFilterInput key="checkOut_lte" source="checkOut_lte" label="touristTax.filters.checkOutTo" />,
    <SelectInput key="source" source="source" label="touristTax.fields.source" choices={['manual', 'xlsx', 'csv', 'alloggiati'].map((id) => ({ id, name: `touristTax.source.${id}` }))} />,
  ];
  return (
    <List
      filters={filters}
      sort={{ field: 'checkOut', order: 'DESC' }}
      queryOptions={{ meta: { fields: STAY_LIST_FIELDS } }}
      perPage={25}
      // The layout already requires a session and the route guard the role's access to this page (the API checks
      // every request). react-admin's own check only delayed the list, then re-rendered the whole app when it settled.
      disableAuthentication
      empty={false}
      actions={<StayListActions />}
      title={<YearListTitle />}
    >
      <ResponsiveDataTable<TStayListRow>
        bulkActionButtons={bulkActionButtons}
        phone={{
          primaryText: (r) => [r.guest?.surname, r.guest?.name].filter(Boolean).join(' '),
          secondaryText: (r) => `${formatDate(r.checkIn, locale)} – ${formatDate(r.checkOut, locale)}`,
          tertiaryText: (r) => formatEuros(r.toPayAmount, locale),
        }}
        empty={<YearListEmpty />}
      >
        <DataTable.Col source="guest" label="touristTax.fields.leadGuest" disableSort>
          <GuestName />
        </DataTable.Col>
        <DataTable.Col source="structureId">
          <ReferenceField source="structureId" reference="structures" link={false}>
            <TextField source="name" />
          </ReferenceField>
        </DataTable.Col>
        <DataTable.Col source="checkIn">
          <DayField source="checkIn" />
        </DataTable.Col>
        <DataTable.Col source="checkOut">
          <DayField source="checkOut" />
        </DataTable.Col>
        <DataTable.Col source="nightsNumber" align="right" />
        <DataTable.Col source="componentsNumber" align="right" />
        <DataTable.Col source="toPayAmount" align="right">
          <FunctionField render={(record: { toPayAmount: number }) => formatEuros(record.toPayAmount, locale)} />
        </DataTable.Col>
        <DataTable.Col source="paymentStatus">
          <PaymentStatusChip />
        </DataTable.Col>
        <DataTable.Col source="source" label="touristTax.fields.source" disableSort>
          <SelectField source="source" choices={['manual', 'xlsx', 'csv', 'alloggiati'].map((id) => ({ id, name: `touristTax.source.${id}` }))} />
        </DataTable.Col>
        <DataTable.Col source="isLocked" label="touristTax.fields.isLocked" disableSort>
          <FunctionField render={(record: { isLocked?: boolean }) => (record.isLocked ? <LockIcon fontSize="small" color="action" titleAccess={translate('touristTax.stays.locked')} /> : null)} />
        </DataTable.Col>
      </ResponsiveDataTable>
    </List>
  );
}
