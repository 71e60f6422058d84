import { useState } from 'react';
import { Button } from '@mui/material';
import CalculateIcon from '@mui/icons-material/Calculate';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { AutocompleteInput, CreateButton, DataTable, FunctionField, List, ReferenceField, ReferenceInput, SearchInput, SelectInput, useTranslate } from 'react-admin';
import { RDP_STATUSES } from '@app/domain/environmental/rdp/rdps';
import { DayField, EurosField } from '../../components/forms';
import { useCan, useCanHere, useReachesAllHere } from '../../components/permissions';
import { ImportRdpsDialog } from './ImportRdpsDialog';
import { RdpTotalsDialog } from './RdpTotalsDialog';
import { LimitsChip, StatusChip } from './RdpChips';
import type { TRdp } from './rdpRecord';
import { ListDataTable, ListToolbar } from '../../components/listScaffolding';

/* Laboratory test reports (RDP): the list with its filters, import and totals. */

function ListActions() {
  const canImport = useCan('rdps', 'import');
  const canTotals = useCan('rdps', 'totals');
  const canCreate = useCanHere('create');
  const translate = useTranslate();
  const [importing, setImporting] = useState(false);
  const [totals, setTotals] = useState(false);
  return (
    <ListToolbar>
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
    </ListToolbar>
  );
}

/** What the list's columns show: the API then leaves out the reports' analytic rows (`?fields=`; the edit screen reads them). */
const RDP_LIST_FIELDS = ['code', 'status', 'outOfLimits', 'outOfLimitsCount', 'laboratoryId', 'agencyId', 'sampleDate', 'totalPrice', 'updatedAt'];

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
    <List filters={filters} sort={{ field: 'sampleDate', order: 'DESC' }} queryOptions={{ meta: { fields: RDP_LIST_FIELDS } }} actions={<ListActions />}>
      <ListDataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="code" />
        <DataTable.Col source="status">
          <FunctionField render={(r: TRdp) => <StatusChip status={r.status} />} />
        </DataTable.Col>
        {/* The API sorts by the columns an index serves (rdps-collection.ts `sortable`): not by these three. */}
        <DataTable.Col source="outOfLimits" disableSort>
          <FunctionField render={(r: TRdp) => <LimitsChip record={r} />} />
        </DataTable.Col>
        {seesAll ? (
          <DataTable.Col source="laboratoryId" disableSort>
            <ReferenceField source="laboratoryId" reference="laboratories" link={false} />
          </DataTable.Col>
        ) : null}
        {readsAgencies ? (
          <DataTable.Col source="agencyId" disableSort>
            <ReferenceField source="agencyId" reference="agencies" link={false} emptyText="—" />
          </DataTable.Col>
        ) : null}
        <DataTable.Col source="sampleDate">
          <DayField source="sampleDate" />
        </DataTable.Col>
        <DataTable.Col source="totalPrice">
          <EurosField source="totalPrice" />
        </DataTable.Col>
      </ListDataTable>
    </List>
  );
}
