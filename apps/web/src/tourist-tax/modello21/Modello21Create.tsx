import { Create, NumberInput, ReferenceInput, SelectInput } from 'react-admin';
import { useSelectedYear } from '../../session/useSession';
import { FormGrid, FormIntro, DetailForm, useSaveErrorNotification } from '../../components/forms';
import { required, wholeNumber } from '../../components/validators';

/** twentyOneModels/create: the Modello 21 of one structure and year (the server prefills the months). */
export function Modello21Create() {
  const saveErrors = useSaveErrorNotification();
  const year = useSelectedYear();
  return (
    <Create mutationOptions={saveErrors} redirect="edit">
      <FormIntro text="filings.modello21.createIntro" />
      <DetailForm defaultValues={{ year }}>
        <FormGrid>
          <ReferenceInput source="structureId" reference="structures" sort={{ field: 'name', order: 'ASC' }} perPage={200}>
            <SelectInput optionText="name" label="resources.twentyOneModels.fields.structureId" validate={required} />
          </ReferenceInput>
          <NumberInput source="year" validate={[required, wholeNumber(2021, 2050)]} />
        </FormGrid>
      </DetailForm>
    </Create>
  );
}
