import { Create, DataTable, Edit, FormDataConsumer, FunctionField, List, NumberInput, SearchInput, SelectField, SelectInput, TextInput, useLocaleState, useTranslate } from 'react-admin';
import { formatDate } from '../../i18n/format';
import { DateInput } from '../../components/DateInput';
import { DayField, DetailActions, FormGrid, RecordTitle, DetailForm, emptyToNull, useSaveErrorNotification } from '../../components/forms';
import { CityFilterInput, CityInput, cityColumn } from './cityInputs';
import { FilterCreateActions, ListExportButton, ResponsiveDataTable } from '../../components/listScaffolding';
import { formatEuros, formatPercent } from '../../components/format';
import { useCanHere, useReachesAllHere } from '../../components/permissions';
import { RegistryRefInputs, registryRefColumns, registryRefFilters } from './RegistryRefInputs';
import { dateAfter, required, validEuros, validPercent, wholeNumber } from '../../components/validators';
import { ruleTypeChoices } from './choices';
import { RepriceCityButton, RepriceRuleButton, useRepriceAfterSave } from './RepriceDialog';
import { RecordHistoryHere } from '../../components/RecordHistory';
import { numberOf, textOf } from '@app/domain/platform/records/keys';

/*
 * Screens of the per-comune rate rules, tariffs and reductions: both are a flat amount per night or a
 * percentage, scoped by structure type / class / relevant area and a validity period. The API names
 * the type and amount fields differently for each, so they are parameters here.
 */

export type TRuleScreensConfig = {
  /** Field holding 'flat' | 'percentage'. */
  typeSource: string;
  /** Field holding the flat amount in cents per night. */
  amountSource: string;
  /** i18n key of the help under the amount input. */
  amountHelp: string;
  /** i18n key of the help under the percentage input. */
  percentageHelp: string;
  /** Type preselected on the create form. */
  defaultType: 'flat' | 'percentage';
  /** Inputs of this kind of rule only (tariffs: the maximum per person per night; reductions: the age range). */
  extraFields?: (props: { readOnly: boolean }) => React.ReactNode;
  /** The payload sent on save (tariffs send the rate once). */
  transform?: (data: Record<string, unknown>) => Record<string, unknown>;
};

function RuleListActions() {
  return (
    <FilterCreateActions>
      <RepriceCityButton />
      <ListExportButton />
    </FilterCreateActions>
  );
}

export function makeRuleScreens({ typeSource, amountSource, amountHelp, percentageHelp, defaultType, extraFields: ExtraFields, transform }: TRuleScreensConfig) {
  function RuleList() {
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const isAdmin = useReachesAllHere('list');
    const filters = [
      <SearchInput key="q" source="q" alwaysOn placeholder={translate('touristTax.searchByName')} />,
      <SelectInput key={typeSource} source={typeSource} choices={ruleTypeChoices} alwaysOn />,
      ...registryRefFilters(),
      <DateInput key="validFrom_gte" source="validFrom_gte" label="touristTax.filters.validFromAfter" />,
      ...(isAdmin ? [<CityFilterInput key="cityId" />] : []),
    ];
    return (
      <List filters={filters} sort={{ field: 'validFrom', order: 'DESC' }} perPage={25} actions={<RuleListActions />}>
        <ResponsiveDataTable
          bulkActionButtons={false}
          phone={{
            primaryText: (r) => String(r.name ?? ''),
            secondaryText: (r) => (r[typeSource] === 'flat' ? formatEuros(numberOf(r[amountSource]), locale) : formatPercent(numberOf(r.percentage), locale)),
            tertiaryText: (r) => formatDate(textOf(r.validFrom), locale),
          }}
        >
          <DataTable.Col source="name" />
          <DataTable.Col source={typeSource}>
            <SelectField source={typeSource} choices={ruleTypeChoices} />
          </DataTable.Col>
          <DataTable.Col source={amountSource} label="touristTax.fields.rate" disableSort align="right">
            <FunctionField
              render={(record: Record<string, unknown>) => (record[typeSource] === 'flat' ? formatEuros(numberOf(record[amountSource]), locale) : formatPercent(numberOf(record.percentage), locale))}
            />
          </DataTable.Col>
          {registryRefColumns()}
          <DataTable.Col source="validFrom">
            <DayField source="validFrom" />
          </DataTable.Col>
          <DataTable.Col source="validTo">
            <DayField source="validTo" />
          </DataTable.Col>
          <DataTable.Col source="maxNights" align="right" />
          {cityColumn(isAdmin)}
        </ResponsiveDataTable>
      </List>
    );
  }

  function RuleFields({ readOnly, isCreate }: { readOnly: boolean; isCreate: boolean }) {
    return (
      <FormGrid>
        <TextInput source="name" validate={required} readOnly={readOnly} />
        <CityInput readOnly={readOnly || !isCreate} />
        <SelectInput source={typeSource} choices={ruleTypeChoices} validate={required} readOnly={readOnly} />
        <FormDataConsumer>
          {({ formData }) =>
            formData[typeSource] === 'percentage' ? (
              <NumberInput source="percentage" step={0.01} min={0} max={100} validate={[required, validPercent]} helperText={percentageHelp} readOnly={readOnly} />
            ) : (
              <NumberInput source={amountSource} step={0.01} min={0} validate={[required, validEuros]} helperText={amountHelp} readOnly={readOnly} />
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
        <NumberInput
          source="maxNights"
          step={1}
          min={0}
          validate={wholeNumber(0, 366)}
          helperText="touristTax.help.maxNights"
          parse={(v: string) => (v === '' || v === null ? null : Number(v))}
          readOnly={readOnly}
        />
        {ExtraFields ? <ExtraFields readOnly={readOnly} /> : null}
        <TextInput source="note" multiline minRows={2} parse={emptyToNull} readOnly={readOnly} sx={{ gridColumn: '1 / -1' }} />
      </FormGrid>
    );
  }

  function RuleEdit() {
    const saveErrors = useSaveErrorNotification();
    const canSave = useCanHere('update');
    // Saved stays keep their amounts: after a save the comune sees the ones this rule priced and may reprice them.
    const reprice = useRepriceAfterSave(saveErrors.onError);
    return (
      <Edit
        mutationOptions={reprice.mutationOptions}
        title={<RecordTitle />}
        actions={
          <DetailActions>
            <RepriceRuleButton />
          </DetailActions>
        }
        mutationMode="pessimistic"
        transform={transform}
      >
        <DetailForm canSave={canSave} canDelete={useCanHere('delete')}>
          <RuleFields readOnly={!canSave} isCreate={false} />
        </DetailForm>
        <RecordHistoryHere section labelPrefixes={['touristTax.fields']} />
        {reprice.dialog}
      </Edit>
    );
  }

  function RuleCreate() {
    const saveErrors = useSaveErrorNotification();
    return (
      <Create mutationOptions={saveErrors} redirect="list" transform={transform}>
        <DetailForm defaultValues={{ [typeSource]: defaultType, maxNights: null, validTo: null }}>
          <RuleFields readOnly={false} isCreate />
        </DetailForm>
      </Create>
    );
  }

  return { list: RuleList, edit: RuleEdit, create: RuleCreate };
}
