import {
  BooleanField,
  BooleanInput,
  Create,
  CreateButton,
  DataTable,
  Edit,
  FilterButton,
  List,
  ReferenceManyField,
  SearchInput,
  SelectInput,
  TabbedForm,
  TextInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { activeChoices, capModeChoices } from '../shared/choices';
import { DetailActions, FormGrid, RecordTitle, SectionTitle, DetailForm, DetailTabbedForm, emptyToNull, useSaveErrorNotification } from '../../components/forms';
import { useCan } from '../../components/permissions';
import { required, validCcp, validCityFiscalCode, validSegregationCode, validEmail, validIban, validIstatCode, validPhone, validProvince } from '../../components/validators';
import { ListExportButton, ListToolbar, ResponsiveDataTable } from '../../components/listScaffolding';
import { CityLogoInput } from './CityLogo';
import { RecordHistoryHere } from '../../components/RecordHistory';

function CityListActions() {
  return (
    <ListToolbar>
      <FilterButton />
      {useCan('cities', 'create') ? <CreateButton /> : null}
      <ListExportButton />
    </ListToolbar>
  );
}

export function CityList() {
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('touristTax.searchCities')} />,
    <SelectInput key="isActive" source="isActive" choices={activeChoices} alwaysOn label="touristTax.fields.status" />,
    <TextInput key="province" source="province" parse={(value: string) => value.toUpperCase()} />,
  ];
  return (
    <List filters={filters} sort={{ field: 'name', order: 'ASC' }} perPage={25} actions={<CityListActions />}>
      <ResponsiveDataTable bulkActionButtons={false} phone={{ primaryText: (r) => String(r.name ?? ''), secondaryText: (r) => [r.province, r.contactEmail].filter(Boolean).join(' · ') }}>
        <DataTable.Col source="name" />
        <DataTable.Col source="istatCode" />
        <DataTable.Col source="province" />
        <DataTable.Col source="contactEmail" />
        <DataTable.Col source="phone" disableSort />
        <DataTable.Col source="isActive">
          <BooleanField source="isActive" />
        </DataTable.Col>
      </ResponsiveDataTable>
    </List>
  );
}

/** The "comune data" of a comune: registry, treasury account, contacts, internal account. */
function CityFields({ readOnly, isCreate }: { readOnly: boolean; isCreate: boolean }) {
  const mayActivate = useCan('cities', 'activate');
  // Field visibility: a hotelier does not see the comune's internal data (the API leaves it out).
  const seesInternal = useCan('cities', 'update');
  const translate = useTranslate();
  const text = { readOnly, parse: emptyToNull } as const;
  // Issued notice numbers embed the segregation code: once one is issued the API refuses a change, so the field says so.
  const noticesIssued = useRecordContext()?.pagopaNoticesIssued === true;
  return (
    <FormGrid>
      <SectionTitle>
        <span>{translate('touristTax.sections.registry')}</span>
      </SectionTitle>
      <TextInput source="name" validate={required} readOnly={readOnly} />
      <TextInput source="istatCode" validate={validIstatCode} helperText="touristTax.help.istatCode" {...text} />
      <TextInput source="province" validate={validProvince} helperText="touristTax.help.province" {...text} />
      <TextInput source="location" {...text} />
      <TextInput source="referentTributes" {...text} />
      <BooleanInput source="isActive" readOnly={readOnly || !mayActivate} defaultValue={isCreate ? true : undefined} />
      {/* The logo is uploaded for an existing comune (the file is linked to it). */}
      {isCreate ? null : <CityLogoInput readOnly={readOnly} />}
      <BooleanInput source="modello21Required" readOnly={readOnly} helperText="touristTax.help.modello21Required" />
      <SelectInput source="taxCapMode" choices={capModeChoices} defaultValue="stay" readOnly={readOnly} helperText="touristTax.help.taxCapMode" />
      <SectionTitle>
        <span>{translate('touristTax.sections.treasury')}</span>
      </SectionTitle>
      <TextInput source="iban" validate={validIban} {...text} />
      <TextInput source="ccp" validate={validCcp} {...text} />
      <TextInput source="bank" {...text} />
      <TextInput source="titledTo" {...text} />
      <TextInput source="fiscalCode" validate={validCityFiscalCode} helperText="touristTax.help.cityFiscalCode" {...text} />
      <TextInput
        source="pagopaSegregationCode"
        validate={validSegregationCode}
        helperText={noticesIssued ? 'touristTax.help.segregationCodeLocked' : 'touristTax.help.segregationCode'}
        {...text}
        readOnly={readOnly || noticesIssued}
      />
      <SectionTitle>
        <span>{translate('touristTax.sections.contacts')}</span>
      </SectionTitle>
      <TextInput source="phone" validate={validPhone} {...text} />
      <TextInput source="fax" validate={validPhone} {...text} />
      <TextInput source="contactEmail" validate={validEmail} {...text} />
      <TextInput source="emailPec" validate={validEmail} {...text} />
      {!seesInternal ? null : (
        <>
          <SectionTitle>
            <span>{translate('touristTax.sections.account')}</span>
          </SectionTitle>
          <TextInput source="accountName" {...text} />
          <TextInput source="accountSurname" {...text} />
          <TextInput source="accountEmail" validate={validEmail} {...text} />
          <TextInput source="notes" multiline minRows={3} {...text} sx={{ gridColumn: '1 / -1' }} />
        </>
      )}
    </FormGrid>
  );
}

/** cities/{cityId}: the comune detail, tabs "comune data" and the comune's structures. */
export function CityEdit() {
  const saveErrors = useSaveErrorNotification();
  const canSave = useCan('cities', 'update');
  return (
    <Edit mutationOptions={saveErrors} title={<RecordTitle />} actions={<DetailActions />} mutationMode="pessimistic" redirect={false}>
      <DetailTabbedForm canSave={canSave} canDelete={useCan('cities', 'delete')} readOnlyTabs={['structures', 'history']}>
        <TabbedForm.Tab label="touristTax.tabs.cityData">
          <CityFields readOnly={!canSave} isCreate={false} />
        </TabbedForm.Tab>
        <TabbedForm.Tab label="touristTax.tabs.structures" path="structures">
          <ReferenceManyField reference="structures" target="cityId" perPage={25} sort={{ field: 'name', order: 'ASC' }}>
            <DataTable rowClick="edit" bulkActionButtons={false}>
              <DataTable.Col source="name" />
              <DataTable.Col source="address" />
              <DataTable.Col source="cin" />
              <DataTable.Col source="isActive">
                <BooleanField source="isActive" />
              </DataTable.Col>
            </DataTable>
          </ReferenceManyField>
        </TabbedForm.Tab>
        <TabbedForm.Tab label="history.tab" path="history">
          <RecordHistoryHere labelPrefixes={['touristTax.fields']} />
        </TabbedForm.Tab>
      </DetailTabbedForm>
    </Edit>
  );
}

export function CityCreate() {
  const saveErrors = useSaveErrorNotification();
  return (
    <Create mutationOptions={saveErrors} redirect="edit">
      <DetailForm>
        <CityFields readOnly={false} isCreate />
      </DetailForm>
    </Create>
  );
}
