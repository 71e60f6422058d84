import { Create, Edit } from 'react-admin';
import { useSaveErrorNotification } from '../../components/forms';
import { RoleForm } from './RoleForm';
import { RecordHistoryHere } from '../../components/RecordHistory';

export function RoleEdit() {
  return (
    <Edit mutationMode="pessimistic" mutationOptions={useSaveErrorNotification()}>
      <RoleForm />
      <RecordHistoryHere section />
    </Edit>
  );
}

export function RoleCreate() {
  return (
    <Create redirect="list" mutationOptions={useSaveErrorNotification()}>
      <RoleForm />
    </Create>
  );
}
