import { Create } from 'react-admin';
import { TtSimpleForm, useSaveErrorNotification } from '../../components/forms';
import { FormFields, cleanForm } from './FormFields';

export function FormCreate() {
  const saveErrors = useSaveErrorNotification();
  return (
    <Create mutationOptions={saveErrors} redirect="edit" transform={cleanForm}>
      <TtSimpleForm defaultValues={{ transporters: [{ nationId: 'IT', transportType: 'Terrestre' }], intermediaries: [], dangerClass: [], quantity: { unit: 'kg' }, bulk: false, adr: false }}>
        <FormFields readOnly={false} />
      </TtSimpleForm>
    </Create>
  );
}
