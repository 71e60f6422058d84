import { CreateButton, DataTable, Edit, Create, List, SearchInput, TextInput, TopToolbar, useTranslate } from 'react-admin';
import { DetailActions, FormGrid, RecordTitle, TtSimpleForm, emptyToNull, useSaveErrorNotification } from '../../components/forms';
import { CityField, CityFilterInput, CityInput } from './cityInputs';
import { useCanHere, useReachesAllHere } from '../../components/permissions';
import { required } from '../../components/validators';
import { ListExportButton, ResponsiveDataTable } from '../../components/listScaffolding';

/*
 * Screens of the per-comune registries that are a name and a note: structure types, structure
 * classes, relevant areas and exemptions. The comune (and an admin) writes them; hoteliers read them.
 */

function RegistryListActions() {
  return (
    <TopToolbar>
      {useCanHere('create') ? <CreateButton /> : null}
      <ListExportButton />
    </TopToolbar>
  );
}

function RegistryFields({ readOnly, isCreate }: { readOnly: boolean; isCreate: boolean }) {
  return (
    <FormGrid>
      <TextInput source="name" validate={required} readOnly={readOnly} />
      <CityInput readOnly={readOnly || !isCreate} />
      <TextInput source="note" multiline minRows={3} parse={emptyToNull} readOnly={readOnly} sx={{ gridColumn: '1 / -1' }} />
    </FormGrid>
  );
}

export function makeRegistryResource() {
  function RegistryList() {
    const translate = useTranslate();
    const isAdmin = useReachesAllHere('list');
    const filters = [<SearchInput key="q" source="q" alwaysOn placeholder={translate('touristTax.searchByName')} />, ...(isAdmin ? [<CityFilterInput key="cityId" />] : [])];
    return (
      <List filters={filters} sort={{ field: 'name', order: 'ASC' }} perPage={25} actions={<RegistryListActions />}>
        <ResponsiveDataTable bulkActionButtons={false} phone={{ primaryText: (r) => String(r.name ?? ''), secondaryText: (r) => String(r.note ?? '') }}>
          <DataTable.Col source="name" />
          <DataTable.Col source="note" disableSort />
          {isAdmin ? (
            <DataTable.Col source="cityId" label="touristTax.fields.cityId">
              <CityField />
            </DataTable.Col>
          ) : null}
        </ResponsiveDataTable>
      </List>
    );
  }

  function RegistryEdit() {
    const saveErrors = useSaveErrorNotification();
    const canSave = useCanHere('update');
    return (
      <Edit mutationOptions={saveErrors} title={<RecordTitle />} actions={<DetailActions />} mutationMode="pessimistic" redirect="list">
        <TtSimpleForm canSave={canSave} canDelete={useCanHere('delete')}>
          <RegistryFields readOnly={!canSave} isCreate={false} />
        </TtSimpleForm>
      </Edit>
    );
  }

  function RegistryCreate() {
    const saveErrors = useSaveErrorNotification();
    return (
      <Create mutationOptions={saveErrors} redirect="list">
        <TtSimpleForm>
          <RegistryFields readOnly={false} isCreate />
        </TtSimpleForm>
      </Create>
    );
  }

  return {
    list: RegistryList,
    edit: RegistryEdit,
    create: RegistryCreate,
  };
}
