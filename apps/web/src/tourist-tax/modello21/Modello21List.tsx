import { Stack } from '@mui/material';
import { DataTable, FunctionField, List, ReferenceField, ReferenceInput, SelectInput, TextField as RaTextField, useLocaleState } from 'react-admin';
import { MODELLO21_STATUSES } from '@app/domain/tourist-tax/filings/modello21-flow';
import { DayField } from '../../components/forms';
import { FilterCreateActions, ListDataTable, YearListEmpty, YearListTitle } from '../../components/listScaffolding';
import { formatEuros } from '../../components/format';
import { Modello21StatusChips } from './Modello21StatusChips';
import type { TModello21 } from './modello21Record';

const statusChoices = MODELLO21_STATUSES.map((id) => ({ id, name: `touristTax.declarationStatus.${id}` }));

/** twentyOneModels: the Modello 21 of the selected year, one per structure. */
export function Modello21List() {
  const [locale] = useLocaleState();
  const filters = [
    <ReferenceInput key="structureId" source="structureId" reference="structures" sort={{ field: 'name', order: 'ASC' }} perPage={200} alwaysOn>
      <SelectInput optionText="name" label="resources.twentyOneModels.fields.structureId" />
    </ReferenceInput>,
    <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
  ];
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} actions={<FilterCreateActions />} title={<YearListTitle />} empty={false}>
      <ListDataTable rowClick="edit" bulkActionButtons={false} empty={<YearListEmpty />}>
        <DataTable.Col source="structureId">
          <ReferenceField source="structureId" reference="structures" link={false}>
            <RaTextField source="name" />
          </ReferenceField>
        </DataTable.Col>
        <DataTable.Col source="year" />
        <DataTable.Col source="status">
          <FunctionField
            render={(record: TModello21) => (
              <Stack direction="row" spacing={0.5}>
                <Modello21StatusChips record={record} />
              </Stack>
            )}
          />
        </DataTable.Col>
        <DataTable.Col source="tax" align="right" disableSort>
          <FunctionField render={(record: TModello21) => formatEuros(record.tax, locale)} />
        </DataTable.Col>
        <DataTable.Col source="totalPaid" align="right" disableSort>
          <FunctionField render={(record: TModello21) => formatEuros(record.totalPaid, locale)} />
        </DataTable.Col>
        <DataTable.Col source="due" align="right" disableSort>
          <FunctionField render={(record: TModello21) => formatEuros(record.due, locale)} />
        </DataTable.Col>
        <DataTable.Col source="deadline" disableSort>
          <DayField source="deadline" />
        </DataTable.Col>
        <DataTable.Col source="validationNumber" />
      </ListDataTable>
    </List>
  );
}
