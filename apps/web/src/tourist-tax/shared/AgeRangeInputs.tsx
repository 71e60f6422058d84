import { NumberInput, SelectInput } from 'react-admin';
import { emptyToNull } from '../../components/forms';
import { wholeNumber } from '../../components/validators';
import { ageOnChoices } from './choices';

const ageParse = (value: string) => (value === '' || value === null ? null : Number(value));

/** The age range of an exemption or reduction: completed years, both ends included, and the date the age is taken on. */
export function AgeRangeInputs({ readOnly }: { readOnly: boolean }) {
  return (
    <>
      <NumberInput source="ageFrom" step={1} min={0} parse={ageParse} validate={wholeNumber(0, 150)} helperText="touristTax.help.ageRange" readOnly={readOnly} />
      <NumberInput source="ageTo" step={1} min={0} parse={ageParse} validate={wholeNumber(0, 150)} readOnly={readOnly} />
      <SelectInput source="ageOn" choices={ageOnChoices} parse={emptyToNull} emptyText="touristTax.ageOn.checkIn" readOnly={readOnly} />
    </>
  );
}
