import { Stack } from '@mui/material';
import { Edit, useRecordContext } from 'react-admin';
import { DetailActions, RecordTitle, DetailForm, useSaveErrorNotification } from '../../components/forms';
import { useCanHere } from '../../components/permissions';
import { FormDocument, FormReview, type TFormWebRecord } from './FormReview';
import { FormFields, cleanForm } from './FormFields';
import { RecordHistoryHere } from '../../components/RecordHistory';
import { FormRentri } from './FormRentri';

/* A waste form's page: the consortium's review and the signed document above the form's fields. */

function FormEditBody() {
  const record = useRecordContext<TFormWebRecord>();
  const mayUpdate = useCanHere('update');
  const mayDelete = useCanHere('delete');
  if (!record) return null;
  const canSave = mayUpdate && record.rentriState === 'compiled';
  return (
    <>
      <Stack spacing={2} sx={{ p: 2 }}>
        <FormReview record={record} />
        <FormDocument record={record} canUpload={canSave} />
        <FormRentri record={record} />
      </Stack>
      <DetailForm canSave={canSave} canDelete={canSave && mayDelete}>
        <FormFields readOnly={!canSave} />
      </DetailForm>
      <RecordHistoryHere section />
    </>
  );
}

export function FormEdit() {
  const saveErrors = useSaveErrorNotification();
  return (
    <Edit mutationOptions={saveErrors} mutationMode="pessimistic" title={<RecordTitle source="code" />} actions={<DetailActions />} transform={cleanForm}>
      <FormEditBody />
    </Edit>
  );
}
