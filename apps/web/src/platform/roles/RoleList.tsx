import { DataTable, ExportButton, List, SearchInput, SelectField, SelectInput } from 'react-admin';
import { roleTypeChoices } from './RoleForm';
import { FilterCreateActions, ListDataTable } from '../../components/listScaffolding';

const filters = [<SearchInput key="q" source="q" alwaysOn />, <SelectInput key="roleType" source="roleType" label="resources.roles.fields.roleType" choices={roleTypeChoices} alwaysOn />];

export function RoleList() {
  return (
    <List
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
      actions={
        <FilterCreateActions>
          <ExportButton />
        </FilterCreateActions>
      }
    >
      <ListDataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="description" />
        <DataTable.Col source="roleType">
          <SelectField source="roleType" choices={roleTypeChoices} />
        </DataTable.Col>
      </ListDataTable>
    </List>
  );
}
