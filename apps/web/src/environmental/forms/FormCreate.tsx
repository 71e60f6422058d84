import { Create } from 'react-admin';
import { DetailForm, useSaveErrorNotification } from '../../components/forms';
import { FormFields, cleanForm } from './FormFields';

export function FormCreate() {
  const saveErrors = useSaveErrorNotification();
  return (
    <Create mutationOptions={saveErrors} redirect="edit" transform={cleanForm}>
      <DetailForm defaultValues={{ transporters: [{ nationId: 'IT', transportType: 'Terrestre' }], intermediaries: [], dangerClass: [], quantity: { unit: 'kg' }, bulk: false, adr: false }}>
        <FormFields readOnly={false} />
      </DetailForm>
    </Create>
  );
}
