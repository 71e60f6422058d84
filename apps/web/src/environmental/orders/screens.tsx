import {
  AutocompleteArrayInput,
  ChipField,
  Create,
  CreateButton,
  DataTable,
  Edit,
  List,
  ReferenceArrayField,
  ReferenceArrayInput,
  ReferenceField,
  ReferenceInput,
  AutocompleteInput,
  SearchInput,
  SelectInput,
  SingleFieldList,
  TextInput,
  useTranslate,
} from 'react-admin';
import { DetailActions, emptyToNull, FormGrid, RecordTitle, DetailForm, useSaveErrorNotification } from '../../components/forms';
import { useCanHere } from '../../components/permissions';
import { required } from '../../components/validators';
import { ListDataTable, ListToolbar } from '../../components/listScaffolding';
import { RecordHistoryHere } from '../../components/RecordHistory';

/* Orders under a lot: a direct work order or an announcement, given to one or more agencies. */

export const ORDER_TYPE_CHOICES = [
  { id: 'work_order', name: 'environmental.orderType.work_order' },
  { id: 'announcement', name: 'environmental.orderType.announcement' },
];

const userName = (u: { name?: string; surname?: string; email?: string }) => [u.name, u.surname].filter(Boolean).join(' ') || u.email || '';

function OrderFields({ readOnly }: { readOnly: boolean }) {
  return (
    <FormGrid>
      <TextInput source="name" validate={required} readOnly={readOnly} />
      <ReferenceInput source="lotId" reference="lots" sort={{ field: 'name', order: 'ASC' }}>
        <AutocompleteInput optionText="name" validate={required} readOnly={readOnly} />
      </ReferenceInput>
      <SelectInput source="orderType" choices={ORDER_TYPE_CHOICES} validate={required} readOnly={readOnly} />
      <ReferenceArrayInput source="agencyIds" reference="agencies" sort={{ field: 'businessName', order: 'ASC' }}>
        <AutocompleteArrayInput optionText="businessName" validate={required} readOnly={readOnly} />
      </ReferenceArrayInput>
      <ReferenceInput source="managerId" reference="users" filter={{ role: 'consortium_user' }}>
        <AutocompleteInput optionText={userName} parse={emptyToNull} readOnly={readOnly} />
      </ReferenceInput>
      <ReferenceInput source="agencyFunctionSettingId" reference="environmental-settings" filter={{ settingType: 'companyFunction' }}>
        <AutocompleteInput optionText="name" parse={emptyToNull} readOnly={readOnly} />
      </ReferenceInput>
      <ReferenceInput source="userId" reference="users" filter={{ role: 'consortium_user' }}>
        <AutocompleteInput optionText={userName} parse={emptyToNull} readOnly={readOnly} />
      </ReferenceInput>
    </FormGrid>
  );
}

export function AgencyChips() {
  return (
    <ReferenceArrayField source="agencyIds" reference="agencies">
      <SingleFieldList linkType={false}>
        <ChipField source="businessName" size="small" />
      </SingleFieldList>
    </ReferenceArrayField>
  );
}

export function OrderList() {
  const translate = useTranslate();
  return (
    <List
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate('environmental.search')} />]}
      sort={{ field: 'name', order: 'ASC' }}
      actions={<ListToolbar>{useCanHere('create') ? <CreateButton /> : null}</ListToolbar>}
    >
      <ListDataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="lotId">
          <ReferenceField source="lotId" reference="lots" link={false} />
        </DataTable.Col>
        <DataTable.Col source="orderType" render={(r) => translate(`environmental.orderType.${r.orderType}`)} />
        <DataTable.Col source="agencyIds" disableSort>
          <AgencyChips />
        </DataTable.Col>
      </ListDataTable>
    </List>
  );
}

export function OrderEdit() {
  const saveErrors = useSaveErrorNotification();
  const canSave = useCanHere('update');
  return (
    <Edit mutationOptions={saveErrors} mutationMode="pessimistic" title={<RecordTitle />} actions={<DetailActions />} redirect="list">
      <DetailForm canSave={canSave} canDelete={useCanHere('delete')}>
        <OrderFields readOnly={!canSave} />
      </DetailForm>
      <RecordHistoryHere section />
    </Edit>
  );
}

export function OrderCreate() {
  const saveErrors = useSaveErrorNotification();
  return (
    <Create mutationOptions={saveErrors} redirect="list">
      <DetailForm>
        <OrderFields readOnly={false} />
      </DetailForm>
    </Create>
  );
}
