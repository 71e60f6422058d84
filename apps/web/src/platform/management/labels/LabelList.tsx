import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Link } from 'react-router-dom';
import { DataTable, DeleteButton, List, SearchInput, SelectField, SelectInput, TextInput, useTranslate } from 'react-admin';
import { languageChoices, platformChoices } from './labelChoices';
import { ListDataTable, ListToolbar } from '../../../components/listScaffolding';

function LabelActions() {
  const translate = useTranslate();
  return (
    <ListToolbar>
      <Button component={Link} to="/management/labels/new" size="small" startIcon={<AddIcon />}>
        {translate('labels.new')}
      </Button>
    </ListToolbar>
  );
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="language" source="language" label="resources.management/labels.fields.language" choices={languageChoices} alwaysOn />,
  <TextInput key="category" source="category" label="resources.management/labels.fields.category" />,
  <SelectInput key="platform" source="platform" label="resources.management/labels.fields.platform" choices={platformChoices} />,
];

/** management/labels (admin only): the labels that override the bundled texts. */
export function LabelList() {
  return (
    <List filters={filters} sort={{ field: 'key', order: 'ASC' }} actions={<LabelActions />} perPage={25}>
      <ListDataTable bulkActionButtons={false}>
        <DataTable.Col source="key" />
        <DataTable.Col source="value" />
        <DataTable.Col source="language">
          <SelectField source="language" choices={languageChoices} />
        </DataTable.Col>
        <DataTable.Col source="category" />
        <DataTable.Col source="platform" />
        <DataTable.Col disableSort label="labels.actions">
          <DeleteButton mutationMode="pessimistic" />
        </DataTable.Col>
      </ListDataTable>
    </List>
  );
}
