import { DataTable, List, SearchInput, SelectField, SelectInput } from 'react-admin';
import { roleTypeChoices } from './RoleForm';

const filters = [<SearchInput key="q" source="q" alwaysOn />, <SelectInput key="roleType" source="roleType" label="resources.roles.fields.roleType" choices={roleTypeChoices} alwaysOn />];

export function RoleList() {
  return (
    <List filters={filters} sort={{ field: 'name', order: 'ASC' }}>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="description" />
        <DataTable.Col source="roleType">
          <SelectField source="roleType" choices={roleTypeChoices} />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
