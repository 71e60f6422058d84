import { BooleanField, DataTable, List, SearchInput, SelectField, SelectInput, NullableBooleanInput } from 'react-admin';
import { ListDataTable, ListExportButton, ListToolbar } from '../../../components/listScaffolding';
import { SettingNameField } from './settingName';
import { settingTypeChoices } from './settingTypes';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="settingType" source="settingType" label="resources.management/settings.fields.settingType" choices={settingTypeChoices} alwaysOn />,
  <NullableBooleanInput key="isActive" source="isActive" label="resources.management/settings.fields.isActive" />,
];

function SettingListActions() {
  return (
    <ListToolbar>
      <ListExportButton />
    </ListToolbar>
  );
}

/** Feature flags (administrators only; the API hides them from other roles) and the NCA lookup settings. */
export function SettingList() {
  return (
    <List filters={filters} sort={{ field: 'settingType', order: 'ASC' }} perPage={25} actions={<SettingListActions />}>
      <ListDataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="name" disableSort>
          <SettingNameField />
        </DataTable.Col>
        <DataTable.Col source="settingType">
          <SelectField source="settingType" choices={settingTypeChoices} />
        </DataTable.Col>
        <DataTable.Col source="isActive">
          <BooleanField source="isActive" />
        </DataTable.Col>
      </ListDataTable>
    </List>
  );
}
