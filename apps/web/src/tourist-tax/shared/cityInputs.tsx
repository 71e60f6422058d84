import { DataTable, ReferenceField, ReferenceInput, SelectInput, TextField } from 'react-admin';
import { useReachesAllHere } from '../../components/permissions';
import { required } from '../../components/validators';

/** The comune of a row: admins choose it (the API requires it), a city user's own is implied. */
export function CityInput({ readOnly = false, helperText }: { readOnly?: boolean; helperText?: string }) {
  if (!useReachesAllHere('create')) return null;
  return (
    <ReferenceInput source="cityId" reference="cities" sort={{ field: 'name', order: 'ASC' }} perPage={200}>
      <SelectInput optionText="name" label="touristTax.fields.cityId" validate={required} readOnly={readOnly} helperText={helperText} />
    </ReferenceInput>
  );
}

export function CityFilterInput() {
  return (
    <ReferenceInput key="cityId" source="cityId" reference="cities" sort={{ field: 'name', order: 'ASC' }} perPage={200} alwaysOn>
      <SelectInput optionText="name" label="touristTax.fields.cityId" />
    </ReferenceInput>
  );
}

export function CityField() {
  return (
    <ReferenceField source="cityId" reference="cities" link={false}>
      <TextField source="name" />
    </ReferenceField>
  );
}

/** The comune column of a list, shown to who sees every comune (an admin). */
export function cityColumn(shown: boolean) {
  return shown ? (
    <DataTable.Col source="cityId" label="touristTax.fields.cityId">
      <CityField />
    </DataTable.Col>
  ) : null;
}
