import { Create, Edit } from 'react-admin';
import { RoleForm } from './RoleForm';
import { RecordHistoryHere } from '../../components/RecordHistory';

export function RoleEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <RoleForm />
      <RecordHistoryHere section />
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
