import { Create, Edit } from 'react-admin';
import { useSaveErrorNotification } from '../../components/forms';
import { RoleForm } from './RoleForm';

export function RoleEdit() {
  return (
    <Edit mutationMode="pessimistic" mutationOptions={useSaveErrorNotification()}>
      <RoleForm />
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
