import { BooleanField, BooleanInput, Create, DataTable, Edit, List, NumberInput, SearchInput, SelectField, SelectInput, TextInput, useTranslate } from 'react-admin';
import { DetailActions, FormGrid, RecordTitle, DetailForm, emptyToNull, useSaveErrorNotification } from '../../components/forms';
import { FilterCreateActions, ListExportButton, ResponsiveDataTable } from '../../components/listScaffolding';
import { useCanHere } from '../../components/permissions';
import { required } from '../../components/validators';
import { RecordHistoryHere } from '../../components/RecordHistory';

/*
 * FAQs and categories: short records the administrators write and the other roles read (the
 * visible FAQs, the active categories: the API's "published" scope).
 */

const wholeOrder = (value: string) => (value === '' || value === null ? 0 : Number(value));

function ListActions() {
  return (
    <FilterCreateActions>
      <ListExportButton />
    </FilterCreateActions>
  );
}

export function FaqList() {
  const translate = useTranslate();
  return (
    <List filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate('admin.search')} />]} sort={{ field: 'order', order: 'ASC' }} perPage={25} actions={<ListActions />}>
      <ResponsiveDataTable bulkActionButtons={false} phone={{ primaryText: (r) => String(r.question ?? ''), secondaryText: (r) => String(r.answer ?? '') }}>
        <DataTable.Col source="order" align="right" />
        <DataTable.Col source="question" />
        <DataTable.Col source="isVisible">
          <BooleanField source="isVisible" />
        </DataTable.Col>
      </ResponsiveDataTable>
    </List>
  );
}

function FaqFields({ readOnly }: { readOnly: boolean }) {
  return (
    <FormGrid>
      <TextInput source="question" validate={required} readOnly={readOnly} sx={{ gridColumn: '1 / -1' }} />
      <TextInput source="answer" validate={required} multiline minRows={4} readOnly={readOnly} sx={{ gridColumn: '1 / -1' }} />
      <NumberInput source="order" min={0} step={1} parse={wholeOrder} readOnly={readOnly} />
      <BooleanInput source="isVisible" readOnly={readOnly} />
    </FormGrid>
  );
}

export function FaqEdit() {
  const canSave = useCanHere('update');
  return (
    <Edit mutationOptions={useSaveErrorNotification()} title={<RecordTitle source="question" />} actions={<DetailActions />} mutationMode="pessimistic" redirect="list">
      <DetailForm canSave={canSave} canDelete={useCanHere('delete')}>
        <FaqFields readOnly={!canSave} />
      </DetailForm>
      <RecordHistoryHere section />
    </Edit>
  );
}

export function FaqCreate() {
  return (
    <Create mutationOptions={useSaveErrorNotification()} redirect="list">
      <DetailForm defaultValues={{ order: 0, isVisible: true }}>
        <FaqFields readOnly={false} />
      </DetailForm>
    </Create>
  );
}

export const categoryEntityTypeChoices = [
  { id: 'event', name: 'admin.categories.entityTypes.event' },
  { id: 'tenant', name: 'admin.categories.entityTypes.tenant' },
];

export function CategoryList() {
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('admin.search')} />,
    <SelectInput key="entityType" source="entityType" choices={categoryEntityTypeChoices} alwaysOn />,
  ];
  return (
    <List filters={filters} sort={{ field: 'order', order: 'ASC' }} perPage={25} actions={<ListActions />}>
      <ResponsiveDataTable bulkActionButtons={false} phone={{ primaryText: (r) => String(r.name ?? ''), secondaryText: (r) => translate(`admin.categories.entityTypes.${String(r.entityType)}`) }}>
        <DataTable.Col source="order" align="right" />
        <DataTable.Col source="name" />
        <DataTable.Col source="entityType">
          <SelectField source="entityType" choices={categoryEntityTypeChoices} />
        </DataTable.Col>
        <DataTable.Col source="description" disableSort />
        <DataTable.Col source="isActive">
          <BooleanField source="isActive" />
        </DataTable.Col>
      </ResponsiveDataTable>
    </List>
  );
}

function CategoryFields({ readOnly }: { readOnly: boolean }) {
  return (
    <FormGrid>
      <TextInput source="name" validate={required} readOnly={readOnly} />
      <SelectInput source="entityType" choices={categoryEntityTypeChoices} validate={required} readOnly={readOnly} />
      <TextInput source="description" multiline minRows={2} parse={emptyToNull} readOnly={readOnly} sx={{ gridColumn: '1 / -1' }} />
      <NumberInput source="order" min={0} step={1} parse={wholeOrder} readOnly={readOnly} />
      <BooleanInput source="isActive" readOnly={readOnly} />
    </FormGrid>
  );
}

export function CategoryEdit() {
  const canSave = useCanHere('update');
  return (
    <Edit mutationOptions={useSaveErrorNotification()} title={<RecordTitle />} actions={<DetailActions />} mutationMode="pessimistic" redirect="list">
      <DetailForm canSave={canSave} canDelete={useCanHere('delete')}>
        <CategoryFields readOnly={!canSave} />
      </DetailForm>
      <RecordHistoryHere section />
    </Edit>
  );
}

export function CategoryCreate() {
  return (
    <Create mutationOptions={useSaveErrorNotification()} redirect="list">
      <DetailForm defaultValues={{ order: 0, isActive: true, entityType: 'event' }}>
        <CategoryFields readOnly={false} />
      </DetailForm>
    </Create>
  );
}
