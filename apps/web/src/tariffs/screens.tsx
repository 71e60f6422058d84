import {
  Create,
  CreateButton,
  DataTable,
  DateInput,
  Edit,
  ExportButton,
  FilterButton,
  FormDataConsumer,
  FunctionField,
  List,
  NumberInput,
  SearchInput,
  SelectField,
  SelectInput,
  TextInput,
  TopToolbar,
  ReferenceInput,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { CityField, CityFilterInput, CityInput, DayField, DetailActions, FormGrid, RecordTitle, TtSimpleForm, emptyToNull, useSaveErrorNotification } from '../structures/shared/components';
import { formatEuros, formatPercent } from '../structures/shared/format';
import { canDo, currentRole } from '../structures/shared/permissions';
import { RegistryRefField, RegistryRefInputs } from '../structures/shared/RegistryRefInputs';
import { dateAfter, required, validEuros, validPercent, wholeNumber } from '../structures/shared/validators';

import { ruleTypeChoices as tariffTypeChoices } from '../structures/shared/choices';

function TariffListActions() {
  return (
    <TopToolbar>
      <FilterButton />
      {canDo('rules', 'create') ? <CreateButton /> : null}
      <ExportButton />
    </TopToolbar>
  );
}

export function TariffList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const isAdmin = currentRole() === 'admin';
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('touristTax.searchByName')} />,
    <SelectInput key="type" source="type" choices={tariffTypeChoices} alwaysOn />,
    <ReferenceInput key="structureTypeId" source="structureTypeId" reference="structure-types" sort={{ field: 'name', order: 'ASC' }}>
      <SelectInput optionText="name" label="touristTax.fields.structureTypeId" />
    </ReferenceInput>,
    <ReferenceInput key="structureClassId" source="structureClassId" reference="structure-classes" sort={{ field: 'name', order: 'ASC' }}>
      <SelectInput optionText="name" label="touristTax.fields.structureClassId" />
    </ReferenceInput>,
    <ReferenceInput key="relevantAreaId" source="relevantAreaId" reference="relevant-areas" sort={{ field: 'name', order: 'ASC' }}>
      <SelectInput optionText="name" label="touristTax.fields.relevantAreaId" />
    </ReferenceInput>,
    <DateInput key="validFrom_gte" source="validFrom_gte" label="touristTax.filters.validFromAfter" />,
    ...(isAdmin ? [<CityFilterInput key="cityId" />] : []),
  ];
  return (
    <List filters={filters} sort={{ field: 'validFrom', order: 'DESC' }} perPage={25} actions={<TariffListActions />}>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="type">
          <SelectField source="type" choices={tariffTypeChoices} />
        </DataTable.Col>
        <DataTable.Col source="nightlyPrice" label="touristTax.fields.rate" disableSort align="right">
          <FunctionField
            render={(record: { type: string; nightlyPrice: number; percentage: number }) =>
              record.type === 'flat' ? formatEuros(record.nightlyPrice, locale) : formatPercent(record.percentage, locale)
            }
          />
        </DataTable.Col>
        <DataTable.Col source="structureTypeId" label="touristTax.fields.structureTypeId">
          <RegistryRefField source="structureTypeId" />
        </DataTable.Col>
        <DataTable.Col source="structureClassId" label="touristTax.fields.structureClassId">
          <RegistryRefField source="structureClassId" />
        </DataTable.Col>
        <DataTable.Col source="relevantAreaId" label="touristTax.fields.relevantAreaId">
          <RegistryRefField source="relevantAreaId" />
        </DataTable.Col>
        <DataTable.Col source="validFrom">
          <DayField source="validFrom" />
        </DataTable.Col>
        <DataTable.Col source="validTo">
          <DayField source="validTo" />
        </DataTable.Col>
        <DataTable.Col source="maxNights" align="right" />
        {isAdmin ? (
          <DataTable.Col source="cityId" label="touristTax.fields.cityId">
            <CityField />
          </DataTable.Col>
        ) : null}
      </DataTable>
    </List>
  );
}

function TariffFields({ readOnly, isCreate }: { readOnly: boolean; isCreate: boolean }) {
  return (
    <FormGrid>
      <TextInput source="name" validate={required} readOnly={readOnly} />
      <CityInput readOnly={readOnly || !isCreate} />
      <SelectInput source="type" choices={tariffTypeChoices} validate={required} readOnly={readOnly} />
      <FormDataConsumer>
        {({ formData }) =>
          formData.type === 'percentage' ? (
            <NumberInput
              source="percentage"
              step={0.01}
              min={0}
              max={100}
              validate={[required, validPercent]}
              helperText="touristTax.help.tariffPercentage"
              readOnly={readOnly}
            />
          ) : (
            <NumberInput
              source="nightlyPrice"
              step={0.01}
              min={0}
              validate={[required, validEuros]}
              helperText="touristTax.help.nightlyPrice"
              readOnly={readOnly}
            />
          )
        }
      </FormDataConsumer>
      <RegistryRefInputs readOnly={readOnly} emptyMeansAll />
      <DateInput source="validFrom" validate={required} readOnly={readOnly} />
      <DateInput
        source="validTo"
        parse={emptyToNull}
        validate={dateAfter('validFrom', 'touristTax.validation.validToAfterValidFrom', false)}
        helperText="touristTax.help.openEnded"
        readOnly={readOnly}
      />
      <NumberInput source="maxNights" step={1} min={0} validate={wholeNumber(0, 366)} helperText="touristTax.help.maxNights" parse={(v: string) => (v === '' || v === null ? null : Number(v))} readOnly={readOnly} />
      <TextInput source="note" multiline minRows={2} parse={emptyToNull} readOnly={readOnly} sx={{ gridColumn: '1 / -1' }} />
    </FormGrid>
  );
}

export function TariffEdit() {
  const saveErrors = useSaveErrorNotification();
  const canSave = canDo('rules', 'update');
  return (
    <Edit mutationOptions={saveErrors} title={<RecordTitle />} actions={<DetailActions />} mutationMode="pessimistic" redirect="list">
      <TtSimpleForm canSave={canSave} canDelete={canDo('rules', 'delete')}>
        <TariffFields readOnly={!canSave} isCreate={false} />
      </TtSimpleForm>
    </Edit>
  );
}

export function TariffCreate() {
  const saveErrors = useSaveErrorNotification();
  return (
    <Create mutationOptions={saveErrors} redirect="list">
      <TtSimpleForm defaultValues={{ type: 'flat', maxNights: null, validTo: null }}>
        <TariffFields readOnly={false} isCreate />
      </TtSimpleForm>
    </Create>
  );
}
