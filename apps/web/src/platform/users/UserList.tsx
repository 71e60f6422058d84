import { Button } from '@mui/material';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import { Link } from 'react-router-dom';
import { BooleanField, CreateButton, DataTable, DateField, List, SearchInput, SelectArrayInput, SelectField, SelectInput, useLocaleState, useTranslate } from 'react-admin';
import { intlLocale } from '../../i18n/format';
import { enabledChoices, roleChoices } from './roleChoices';
import { ToggleEnabledButton } from './ToggleEnabledButton';
import { ListExportButton, ListToolbar, ResponsiveDataTable } from '../../components/listScaffolding';

function UserListActions() {
  const translate = useTranslate();
  return (
    <ListToolbar>
      <Button component={Link} to="/invite-users" size="small" startIcon={<GroupAddIcon />}>
        {translate('users.invite.title')}
      </Button>
      <CreateButton />
      <ListExportButton />
    </ListToolbar>
  );
}

const userFilters = (translate: (key: string) => string) => [
  <SearchInput key="q" source="q" alwaysOn placeholder={translate('users.searchPlaceholder')} />,
  <SelectArrayInput key="role" source="role" label="resources.users.fields.role" choices={roleChoices} alwaysOn sx={{ minWidth: 200 }} />,
  <SelectInput key="isEnabled" source="isEnabled" label="users.status.label" choices={enabledChoices} alwaysOn />,
];

export function UserList() {
  const [locale] = useLocaleState();
  const translate = useTranslate();
  return (
    <List filters={userFilters(translate)} sort={{ field: 'createdAt', order: 'DESC' }} actions={<UserListActions />} perPage={25}>
      <ResponsiveDataTable
        bulkActionButtons={false}
        phone={{
          primaryText: (r) => [r.name, r.surname].filter(Boolean).join(' ') || String(r.email),
          secondaryText: (r) => String(r.email ?? ''),
          tertiaryText: (r) => translate(`roles.${String(r.role)}`, { _: String(r.role) }),
        }}
      >
        <DataTable.Col source="name" />
        <DataTable.Col source="surname" />
        <DataTable.Col source="email" />
        <DataTable.Col source="role">
          <SelectField source="role" choices={roleChoices} />
        </DataTable.Col>
        <DataTable.Col source="isEnabled">
          <BooleanField source="isEnabled" />
        </DataTable.Col>
        <DataTable.Col source="createdAt">
          <DateField source="createdAt" locales={intlLocale(locale)} />
        </DataTable.Col>
        <DataTable.Col label="users.actions.column" disableSort>
          <ToggleEnabledButton />
        </DataTable.Col>
      </ResponsiveDataTable>
    </List>
  );
}
