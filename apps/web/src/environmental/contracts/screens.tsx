import { AutocompleteInput, Create, CreateButton, DataTable, Edit, List, NumberField, NumberInput, ReferenceField, ReferenceInput, SearchInput, TextInput, useTranslate } from 'react-admin';
import { DetailActions, emptyToNull, FormGrid, RecordTitle, DetailForm, useSaveErrorNotification } from '../../components/forms';
import { useCanHere } from '../../components/permissions';
import { required } from '../../components/validators';
import { ListDataTable, ListToolbar } from '../../components/listScaffolding';
import { RecordHistoryHere } from '../../components/RecordHistory';

/* The laboratories' contracts (one price-list line each): prices in euros, at most two decimals. */

function ContractFields({ readOnly, isCreate }: { readOnly: boolean; isCreate: boolean }) {
  return (
    <FormGrid>
      <ReferenceInput source="laboratoryId" reference="laboratories">
        <AutocompleteInput optionText="businessName" validate={required} readOnly={readOnly || !isCreate} />
      </ReferenceInput>
      <TextInput source="code" validate={required} readOnly={readOnly} />
      <TextInput source="articleCode" validate={required} readOnly={readOnly} />
      <TextInput source="articleName" validate={required} readOnly={readOnly} />
      <TextInput source="packetCode" parse={emptyToNull} readOnly={readOnly} />
      <ReferenceInput source="matrixSettingId" reference="environmental-settings" filter={{ settingType: 'matrix' }}>
        <AutocompleteInput optionText="name" parse={emptyToNull} readOnly={readOnly} />
      </ReferenceInput>
      <ReferenceInput source="analyticPackageSettingId" reference="environmental-settings" filter={{ settingType: 'analyticPackage' }}>
        <AutocompleteInput optionText="name" parse={emptyToNull} readOnly={readOnly} />
      </ReferenceInput>
      <NumberInput source="price" validate={required} min={0} step={0.01} readOnly={readOnly} />
    </FormGrid>
  );
}

export function ContractList() {
  const translate = useTranslate();
  return (
    <List
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate('environmental.search')} />]}
      sort={{ field: 'code', order: 'ASC' }}
      actions={<ListToolbar>{useCanHere('create') ? <CreateButton /> : null}</ListToolbar>}
    >
      <ListDataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="laboratoryId">
          <ReferenceField source="laboratoryId" reference="laboratories" link={false} />
        </DataTable.Col>
        <DataTable.Col source="code" />
        <DataTable.Col source="articleCode" />
        <DataTable.Col source="articleName" />
        <DataTable.Col source="price">
          <NumberField source="price" options={{ style: 'currency', currency: 'EUR' }} />
        </DataTable.Col>
      </ListDataTable>
    </List>
  );
}

export function ContractEdit() {
  const saveErrors = useSaveErrorNotification();
  const canSave = useCanHere('update');
  return (
    <Edit mutationOptions={saveErrors} mutationMode="pessimistic" title={<RecordTitle source="articleName" />} actions={<DetailActions />} redirect="list">
      <DetailForm canSave={canSave} canDelete={useCanHere('delete')}>
        <ContractFields readOnly={!canSave} isCreate={false} />
      </DetailForm>
      <RecordHistoryHere section />
    </Edit>
  );
}

export function ContractCreate() {
  const saveErrors = useSaveErrorNotification();
  return (
    <Create mutationOptions={saveErrors} redirect="list">
      <DetailForm>
        <ContractFields readOnly={false} isCreate />
      </DetailForm>
    </Create>
  );
}
