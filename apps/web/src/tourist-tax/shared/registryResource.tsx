import { CreateButton, DataTable, Edit, Create, List, SearchInput, TextInput, useTranslate } from 'react-admin';
import { DetailActions, FormGrid, RecordTitle, DetailForm, emptyToNull, useSaveErrorNotification } from '../../components/forms';
import { CityField, CityFilterInput, CityInput } from './cityInputs';
import { useCanHere, useReachesAllHere } from '../../components/permissions';
import { required } from '../../components/validators';
import { ListExportButton, ListToolbar, ResponsiveDataTable } from '../../components/listScaffolding';
import { RepriceRuleButton, useRepriceAfterSave } from './RepriceDialog';
import { RecordHistoryHere } from '../../components/RecordHistory';

/*
 * Screens of the per-comune registries that are a name and a note: structure types, structure
 * classes, relevant areas and exemptions. The comune (and an admin) writes them; hoteliers read them.
 */

function RegistryListActions() {
  return (
    <ListToolbar>
      {useCanHere('create') ? <CreateButton /> : null}
      <ListExportButton />
    </ListToolbar>
  );
}

type TExtraFields = (props: { readOnly: boolean }) => React.ReactNode;

function RegistryFields({ readOnly, isCreate, extraFields: ExtraFields }: { readOnly: boolean; isCreate: boolean; extraFields?: TExtraFields }) {
  return (
    <FormGrid>
      <TextInput source="name" validate={required} readOnly={readOnly} />
      <CityInput readOnly={readOnly || !isCreate} />
      {ExtraFields ? <ExtraFields readOnly={readOnly} /> : null}
      <TextInput source="note" multiline minRows={3} parse={emptyToNull} readOnly={readOnly} sx={{ gridColumn: '1 / -1' }} />
    </FormGrid>
  );
}

/**
 * `extraFields`: inputs of one registry only (exemptions: their condition). `prices`: the registry
 * prices stays (exemptions), so its edit page offers to reprice them after a save.
 */
export function makeRegistryResource(extraFields?: TExtraFields, { prices = false }: { prices?: boolean } = {}) {
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
    const reprice = useRepriceAfterSave(saveErrors.onError);
    return (
      <Edit
        mutationOptions={prices ? reprice.mutationOptions : saveErrors}
        title={<RecordTitle />}
        actions={<DetailActions>{prices ? <RepriceRuleButton /> : null}</DetailActions>}
        mutationMode="pessimistic"
        redirect="list"
      >
        <DetailForm canSave={canSave} canDelete={useCanHere('delete')}>
          <RegistryFields readOnly={!canSave} isCreate={false} extraFields={extraFields} />
        </DetailForm>
        <RecordHistoryHere section labelPrefixes={['touristTax.fields']} />
        {prices ? reprice.dialog : null}
      </Edit>
    );
  }

  function RegistryCreate() {
    const saveErrors = useSaveErrorNotification();
    return (
      <Create mutationOptions={saveErrors} redirect="list">
        <DetailForm>
          <RegistryFields readOnly={false} isCreate extraFields={extraFields} />
        </DetailForm>
      </Create>
    );
  }

  return {
    list: RegistryList,
    edit: RegistryEdit,
    create: RegistryCreate,
  };
}
