import { DataTable, ReferenceField, ReferenceInput, SelectInput, TextField, useTranslate } from 'react-admin';
import { currentCityId, useReachesAllHere } from '../../components/permissions';
import { useWatchedText } from '../../components/watchedValues';

/*
 * Structure type, class and relevant area of a rule or structure: choices are the rows of the
 * row's comune (the form's cityId for an admin, the user's own comune otherwise). Empty means
 * "every type / class / area" on rules.
 */

const REFS = [
  { source: 'structureTypeId', reference: 'structure-types' },
  { source: 'structureClassId', reference: 'structure-classes' },
  { source: 'relevantAreaId', reference: 'relevant-areas' },
] as const;

export function RegistryRefInputs({ readOnly = false, emptyMeansAll = false }: { readOnly?: boolean; emptyMeansAll?: boolean }) {
  const translate = useTranslate();
  const formCityId = useWatchedText('cityId');
  // Who reaches every comune picks one on the form; a comune user works in its own.
  const cityId = useReachesAllHere('create') ? formCityId : (formCityId ?? currentCityId() ?? undefined);
  return (
    <>
      {REFS.map(({ source, reference }) => (
        <ReferenceInput key={source} source={source} reference={reference} filter={cityId ? { cityId } : {}} sort={{ field: 'name', order: 'ASC' }} perPage={200}>
          <SelectInput
            optionText="name"
            label={`touristTax.fields.${source}`}
            readOnly={readOnly}
            emptyText={emptyMeansAll ? translate('touristTax.allOfThem') : 'ra.action.clear_input_value'}
            parse={(value: unknown) => (value === '' ? null : value)}
          />
        </ReferenceInput>
      ))}
    </>
  );
}

export function RegistryRefField({ source }: { source: 'structureTypeId' | 'structureClassId' | 'relevantAreaId' }) {
  const reference = REFS.find((ref) => ref.source === source)!.reference;
  return (
    <ReferenceField source={source} reference={reference} link={false} emptyText="—">
      <TextField source="name" />
    </ReferenceField>
  );
}

/** The list filters by structure type, class and relevant area (structures, tariffs, reductions). */
export function registryRefFilters() {
  return REFS.map(({ source, reference }) => (
    <ReferenceInput key={source} source={source} reference={reference} sort={{ field: 'name', order: 'ASC' }}>
      <SelectInput optionText="name" label={`touristTax.fields.${source}`} />
    </ReferenceInput>
  ));
}

/** The list columns of structure type, class and relevant area. */
export function registryRefColumns() {
  return REFS.map(({ source }) => (
    <DataTable.Col key={source} source={source} label={`touristTax.fields.${source}`}>
      <RegistryRefField source={source} />
    </DataTable.Col>
  ));
}
