import { FormDataConsumer, NumberInput, SelectInput } from 'react-admin';
import { makeRegistryResource } from '../shared/registryResource';
import { AgeRangeInputs } from '../shared/AgeRangeInputs';
import { exemptionConditionChoices } from '../shared/choices';
import { required, wholeNumber } from '../../components/validators';

/**
 * What makes a guest exempt: a number the hotelier types (a driver, a patient), or a condition the
 * server applies by itself to the recorded guests (age, residence, one tour leader every N participants).
 */
function ExemptionConditionInputs({ readOnly }: { readOnly: boolean }) {
  return (
    <>
      <SelectInput source="condition" choices={exemptionConditionChoices} defaultValue="count" validate={required} readOnly={readOnly} />
      <FormDataConsumer>
        {({ formData }) =>
          formData.condition === 'age' ? (
            <AgeRangeInputs readOnly={readOnly} />
          ) : formData.condition === 'tourLeader' ? (
            <NumberInput source="participantsPerLeader" step={1} min={1} validate={[required, wholeNumber(1, 10_000)]} helperText="touristTax.help.participantsPerLeader" readOnly={readOnly} />
          ) : null
        }
      </FormDataConsumer>
    </>
  );
}

export const exemptionsScreens = makeRegistryResource(ExemptionConditionInputs, { prices: true });
