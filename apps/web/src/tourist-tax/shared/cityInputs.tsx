import { Fragment, useState, type ReactNode } from 'react';
import { MenuItem, Stack, TextField as MuiTextField } from '@mui/material';
import { DataTable, ReferenceField, ReferenceInput, SelectInput, TextField, useGetList, useTranslate } from 'react-admin';
import { getChosenCity, setChosenCity } from '../../session/store';
import { busiestCityId, type TStructureOfCity } from './busiestCity';
import { useReachesAllHere } from '../../components/permissions';
import { required } from '../../components/validators';
import type { TNamedRecord } from '../../components/records';

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

/**
 * For an admin, whose grant reaches every comune: a choice of the comune, and what `children` shows
 * for the chosen one (remounted when the choice changes). It opens on the comune chosen last, else on
 * the one with the most structures: the first by name may well have nothing to show.
 */
export function ChosenCity({ children, testId }: { children: (cityId: string) => ReactNode; testId?: string }) {
  const translate = useTranslate();
  const { data: cities = [], isPending: citiesPending } = useGetList<TNamedRecord>('cities', { pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' } });
  const remembered = getChosenCity();
  const rememberedExists = remembered !== null && cities.some((city) => String(city.id) === remembered);
  const { data: structures, isPending: structuresPending } = useGetList<TStructureOfCity>(
    'structures',
    { pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: !citiesPending && !rememberedExists },
  );
  const [cityId, setCityId] = useState('');
  const fallback = rememberedExists ? remembered : structuresPending ? '' : busiestCityId(cities, structures ?? []);
  const chosen = cityId || fallback;
  return (
    <Stack spacing={2}>
      <MuiTextField
        select
        size="small"
        label={translate('touristTax.fields.cityId')}
        value={chosen}
        onChange={(event) => {
          setCityId(event.target.value);
          setChosenCity(event.target.value);
        }}
        sx={{ maxWidth: 320 }}
        data-testid={testId}
      >
        {cities.map((city) => (
          <MenuItem key={city.id} value={String(city.id)}>
            {city.name}
          </MenuItem>
        ))}
      </MuiTextField>
      {chosen ? <Fragment key={chosen}>{children(chosen)}</Fragment> : null}
    </Stack>
  );
}
