import { Create, Edit } from 'react-admin';
import { RoleForm } from './RoleForm';

export function RoleEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <RoleForm />
    </Edit>
  );
}

export function RoleCreate() {
  return (
    <Create redirect="list">
      <RoleForm />
    </Create>
  );
}
