import { useState } from 'react';
import { Alert } from '@mui/material';
import {
  AutocompleteArrayInput,
  BooleanField,
  BooleanInput,
  Create,
  DataTable,
  Edit,
  FunctionField,
  List,
  NumberInput,
  ReferenceArrayInput,
  SearchInput,
  SelectField,
  SelectInput,
  TabbedForm,
  TextInput,
  useLocaleState,
  useRecordContext,
  useResourceDefinitions,
  useTranslate,
} from 'react-admin';
import { DateInput } from '../../components/DateInput';
import { activeChoices } from '../shared/choices';
import { DayField, DetailActions, FormGrid, RecordTitle, SectionTitle, DetailForm, DetailTabbedForm, emptyToNull, useSaveErrorNotification } from '../../components/forms';
import { CityFilterInput, CityInput, cityColumn } from '../shared/cityInputs';
import { FilterCreateActions, ResponsiveDataTable } from '../../components/listScaffolding';
import { DownloadButton } from '../../components/DownloadButton';
import { formatDate } from '../../i18n/format';
import { formatEuros } from '../../components/format';
import { useCan, useReachesAll } from '../../components/permissions';
import { RegistryRefInputs, registryRefColumns, registryRefFilters } from '../shared/RegistryRefInputs';
import { RelatedRecordsTab } from './RelatedRecordsTab';
import { DeclarationReviewDialog } from '../declarations/ReviewDialog';
import { PoliceFilesTab } from '../police-files/PoliceFilesTab';
import { dateAfter, required, validAtecoCode, validCin, validEmail, validPhone, validTaxCode, validUrl, validVatNumber, wholeNumber } from '../../components/validators';
import { useListFilterValues } from '../../components/records';
import { RecordHistoryHere } from '../../components/RecordHistory';

function StructureListActions() {
  const filterValues = useListFilterValues();
  return (
    <FilterCreateActions>
      <DownloadButton
        path="/structures/export.xlsx"
        query={{ cityId: filterValues.cityId as string | undefined, isActive: filterValues.isActive as string | undefined }}
        fileName="strutture.xlsx"
        label="touristTax.exportXlsx"
        testId="structures-export"
      />
    </FilterCreateActions>
  );
}

export function StructureList() {
  const translate = useTranslate();
  const isAdmin = useReachesAll('structures', 'list');
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('touristTax.searchStructures')} />,
    <SelectInput key="isActive" source="isActive" choices={activeChoices} alwaysOn label="touristTax.fields.status" />,
    ...registryRefFilters(),
    ...(isAdmin ? [<CityFilterInput key="cityId" />] : []),
  ];
  return (
    <List filters={filters} sort={{ field: 'name', order: 'ASC' }} perPage={25} actions={<StructureListActions />}>
      <ResponsiveDataTable bulkActionButtons={false} phone={{ primaryText: (r) => String(r.name ?? ''), secondaryText: (r) => String(r.address ?? ''), tertiaryText: (r) => String(r.cin ?? '') }}>
        <DataTable.Col source="name" />
        <DataTable.Col source="cin" />
        <DataTable.Col source="address" />
        {registryRefColumns()}
        {cityColumn(isAdmin)}
        <DataTable.Col source="availableSlots" align="right" />
        <DataTable.Col source="isActive">
          <BooleanField source="isActive" />
        </DataTable.Col>
      </ResponsiveDataTable>
    </List>
  );
}

function StructureWarnings() {
  const record = useRecordContext<{ warnings?: { path: string; message: string }[] }>();
  const translate = useTranslate();
  if (!record?.warnings?.length) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2, gridColumn: '1 / -1' }}>
      {record.warnings.map((warning) => (
        <div key={warning.path + warning.message}>{warning.message.startsWith('CIN_COMUNE_MISMATCH') ? translate('touristTax.warnings.cinComuneMismatch') : warning.message}</div>
      ))}
    </Alert>
  );
}

/** The structure's fields; the comune-only ones (classification, comune, active) are read-only for hoteliers. */
function StructureFields({ readOnly, isCreate }: { readOnly: boolean; isCreate: boolean }) {
  const translate = useTranslate();
  const mayClassify = useCan('structures', 'classify');
  const comuneOnly = readOnly || !mayClassify;
  const text = { readOnly, parse: emptyToNull } as const;
  return (
    <FormGrid>
      <StructureWarnings />
      <SectionTitle>{translate('touristTax.sections.registry')}</SectionTitle>
      <TextInput source="name" validate={required} readOnly={readOnly} />
      <CityInput readOnly={comuneOnly || !isCreate} />
      <TextInput source="address" {...text} />
      <TextInput source="cin" validate={validCin} helperText="touristTax.help.cin" {...text} />
      <TextInput source="taxCode" validate={validTaxCode} {...text} />
      <TextInput source="vatNumber" validate={validVatNumber} {...text} />
      <TextInput source="atecoCode" validate={validAtecoCode} helperText="touristTax.help.atecoCode" {...text} />
      <NumberInput source="availableSlots" step={1} min={0} validate={wholeNumber(0, 100_000)} parse={(v: string) => (v === '' || v === null ? null : Number(v))} readOnly={readOnly} />
      <SectionTitle>{translate('touristTax.sections.classification')}</SectionTitle>
      <RegistryRefInputs readOnly={comuneOnly} />
      <BooleanInput source="isActive" readOnly={comuneOnly} defaultValue={isCreate ? true : undefined} />
      <DateInput source="dateFrom" parse={emptyToNull} readOnly={readOnly} />
      <DateInput source="dateTo" parse={emptyToNull} validate={dateAfter('dateFrom', 'touristTax.validation.dateToAfterDateFrom', false)} readOnly={readOnly} />
      {!mayClassify ? null : (
        <ReferenceArrayInput source="userIds" reference="users" filter={{ role: 'user' }} sort={{ field: 'surname', order: 'ASC' }} perPage={100}>
          <AutocompleteArrayInput
            label="touristTax.fields.userIds"
            optionText={(user: { name?: string; surname?: string; email?: string }) => `${[user.name, user.surname].filter(Boolean).join(' ')} (${user.email ?? ''})`}
            readOnly={comuneOnly}
            sx={{ gridColumn: '1 / -1' }}
          />
        </ReferenceArrayInput>
      )}
      <SectionTitle>{translate('touristTax.sections.contacts')}</SectionTitle>
      <TextInput source="phone" validate={validPhone} {...text} />
      <TextInput source="fax" validate={validPhone} {...text} />
      <TextInput source="email" validate={validEmail} {...text} />
      <TextInput source="contactEmail" validate={validEmail} {...text} />
      <TextInput source="emailPec" validate={validEmail} {...text} />
      <TextInput source="url" validate={validUrl} {...text} />
    </FormGrid>
  );
}

function DeclarationsTab() {
  const [locale] = useLocaleState();
  const resources = useResourceDefinitions();
  // The declaration page is where its hotelier side edits it: who may edit declarations opens it, the
  // comune (which reads, validates and returns them) reviews a declaration in a dialog.
  const opensPage = useCan('declarations', 'update');
  const [reviewing, setReviewing] = useState<string | null>(null);
  return (
    <RelatedRecordsTab reference="declarations" unavailableKey="touristTax.structureTabs.declarationsUnavailable" emptyKey="touristTax.structureTabs.noDeclarations">
      {resources.declarations && !opensPage ? <DeclarationReviewDialog id={reviewing} onClose={() => setReviewing(null)} /> : null}
      <DataTable
        resource="declarations"
        rowClick={
          resources.declarations
            ? (id) => {
                if (opensPage) return `/declarations/${id}`;
                setReviewing(String(id));
                return false;
              }
            : false
        }
        bulkActionButtons={false}
      >
        <DataTable.Col source="dateFrom" label="touristTax.fields.period" disableSort>
          <FunctionField render={(r: { dateFrom: string; dateTo: string }) => `${formatDate(r.dateFrom, locale)} – ${formatDate(r.dateTo, locale)}`} />
        </DataTable.Col>
        <DataTable.Col source="status" label="touristTax.fields.declarationStatus" disableSort>
          <SelectField source="status" choices={['draft', 'submitted', 'validated', 'returned'].map((id) => ({ id, name: `touristTax.declarationStatus.${id}` }))} />
        </DataTable.Col>
        <DataTable.Col source="type" label="touristTax.fields.declarationType" disableSort>
          <SelectField source="type" choices={['automatic', 'manual'].map((id) => ({ id, name: `touristTax.declarationType.${id}` }))} />
        </DataTable.Col>
        <DataTable.Col source="submitBy" label="touristTax.fields.submitBy" disableSort>
          <DayField source="submitBy" />
        </DataTable.Col>
        <DataTable.Col source="totalAmount" label="touristTax.fields.totalAmount" disableSort align="right">
          <FunctionField render={(r: { totalAmount: number | null }) => formatEuros(r.totalAmount, locale)} />
        </DataTable.Col>
        <DataTable.Col source="toPayAmount" label="touristTax.fields.toPayAmount" disableSort align="right">
          <FunctionField render={(r: { toPayAmount: number | null }) => formatEuros(r.toPayAmount, locale)} />
        </DataTable.Col>
        <DataTable.Col source="paymentDate" label="touristTax.fields.paymentDate" disableSort>
          <DayField source="paymentDate" />
        </DataTable.Col>
      </DataTable>
    </RelatedRecordsTab>
  );
}

function Modello21Tab() {
  const [locale] = useLocaleState();
  const resources = useResourceDefinitions();
  return (
    <RelatedRecordsTab reference="twenty-one-models" unavailableKey="touristTax.structureTabs.modello21Unavailable" emptyKey="touristTax.structureTabs.noModello21">
      <DataTable resource="twenty-one-models" rowClick={resources.twentyOneModels ? (id) => `/twentyOneModels/${id}` : false} bulkActionButtons={false}>
        <DataTable.Col source="year" label="touristTax.fields.year" disableSort />
        <DataTable.Col source="status" label="touristTax.fields.modello21Status" disableSort>
          <SelectField source="status" choices={['draft', 'submitted', 'validated'].map((id) => ({ id, name: `touristTax.declarationStatus.${id}` }))} />
        </DataTable.Col>
        <DataTable.Col source="validationNumber" label="touristTax.fields.validationNumber" disableSort />
        <DataTable.Col source="tax" label="touristTax.fields.collected" disableSort align="right">
          <FunctionField render={(r: { tax: number | null }) => formatEuros(r.tax, locale)} />
        </DataTable.Col>
        <DataTable.Col source="totalPaid" label="touristTax.fields.totalPaid" disableSort align="right">
          <FunctionField render={(r: { totalPaid: number | null }) => formatEuros(r.totalPaid, locale)} />
        </DataTable.Col>
        <DataTable.Col source="due" label="touristTax.fields.due" disableSort align="right">
          <FunctionField render={(r: { due: number | null }) => formatEuros(r.due, locale)} />
        </DataTable.Col>
      </DataTable>
    </RelatedRecordsTab>
  );
}

/** structures/{structureId}: tabs structure detail, declarations, Modello 21, police files, history. */
export function StructureEdit() {
  const saveErrors = useSaveErrorNotification();
  const canSave = useCan('structures', 'update');
  const canDownloadPoliceFiles = useCan('structures', 'alloggiati');
  return (
    <Edit mutationOptions={saveErrors} title={<RecordTitle />} actions={<DetailActions />} mutationMode="pessimistic" redirect={false}>
      <DetailTabbedForm canSave={canSave} canDelete={useCan('structures', 'delete')} readOnlyTabs={['declarations', 'modello21', 'police-files', 'history']}>
        <TabbedForm.Tab label="touristTax.tabs.structureDetail">
          <StructureFields readOnly={!canSave} isCreate={false} />
        </TabbedForm.Tab>
        <TabbedForm.Tab label="touristTax.tabs.declarations" path="declarations">
          <DeclarationsTab />
        </TabbedForm.Tab>
        <TabbedForm.Tab label="touristTax.tabs.modello21" path="modello21">
          <Modello21Tab />
        </TabbedForm.Tab>
        {canDownloadPoliceFiles ? (
          <TabbedForm.Tab label="touristTax.tabs.policeFiles" path="police-files">
            <PoliceFilesTab />
          </TabbedForm.Tab>
        ) : null}
        <TabbedForm.Tab label="history.tab" path="history">
          <RecordHistoryHere labelPrefixes={['touristTax.fields']} />
        </TabbedForm.Tab>
      </DetailTabbedForm>
    </Edit>
  );
}

export function StructureCreate() {
  const saveErrors = useSaveErrorNotification();
  return (
    <Create mutationOptions={saveErrors} redirect="edit">
      <DetailForm defaultValues={{ userIds: [] }}>
        <StructureFields readOnly={false} isCreate />
      </DetailForm>
    </Create>
  );
}
