import { BooleanField, DataTable, List, SearchInput, SelectField, SelectInput, NullableBooleanInput } from 'react-admin';
import { settingTypeChoices } from './settingTypes';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="settingType" source="settingType" label="resources.management/settings.fields.settingType" choices={settingTypeChoices} alwaysOn />,
  <NullableBooleanInput key="isActive" source="isActive" label="resources.management/settings.fields.isActive" />,
];

/** Feature flags and the NCA lookup settings. */
export function SettingList() {
  return (
    <List filters={filters} sort={{ field: 'code', order: 'ASC' }} perPage={25}>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="code" />
        <DataTable.Col source="name" />
        <DataTable.Col source="settingType">
          <SelectField source="settingType" choices={settingTypeChoices} />
        </DataTable.Col>
        <DataTable.Col source="isActive">
          <BooleanField source="isActive" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
